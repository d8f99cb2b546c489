import CaptureModel

/// What `lsusb -v` says about one USB device, gathered while reading.
struct LsusbTextDevice {
    /// The line the device starts at (its `Bus` line or its `Device Descriptor:`).
    var line: Int
    /// From `Bus 001 Device 004: ID 046d:0826 Logitech, Inc. HD Webcam C525`.
    var bus: String?
    var address: String?
    var busLineID: (vendor: String, product: String)?
    var busLineName: String?
    var sawDeviceDescriptor = false
    /// lsusb printed `Couldn't open device, some information will be missing`.
    var couldNotOpen = false
    var bcdUSB: String?
    var vendorID: (id: String, databaseName: String, line: Int)?
    var productID: (id: String, databaseName: String, line: Int)?
    /// String descriptors: index, string (empty when lsusb showed none), line.
    var manufacturer: (index: UInt64, text: String, line: Int)?
    var product: (index: UInt64, text: String, line: Int)?
    var serial: (index: UInt64, text: String, line: Int)?
    var hasVideo = false
    var hasAudio = false
    var streams: [UVCDescriptorStream] = []
    /// Names under `bmControls`, per declaring unit: (unit, name, line).
    var declaredControls: [(unit: String, name: String, line: Int)] = []
    var extensionUnits: [(guid: String, line: Int)] = []
    var audioSettings: [LsusbTextAudioSetting] = []
    var audioLine: Int?
    var problems: [Problem] = []

    /// "Bus 001 Device 004 (046d:0826)", or the IDs alone.
    var label: String {
        let ids = [vendorID?.id ?? busLineID?.vendor, productID?.id ?? busLineID?.product].compactMap { $0 }.joined(separator: ":")
        guard let b = bus, let a = address else { return ids.isEmpty ? "device at line \(line)" : ids }
        return "Bus \(b) Device \(a)" + (ids.isEmpty ? "" : " (\(ids))")
    }
}
