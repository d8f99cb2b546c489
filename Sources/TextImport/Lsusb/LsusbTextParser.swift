import CaptureModel

/// Reads `lsusb -v` line by line, by field names rather than indentation.
///
/// A device starts at its `Bus … Device …: ID vvvv:pppp` line, or at `Device Descriptor:`
/// when the paste lost that line. A descriptor runs from its heading to the next heading.
struct LsusbTextParser {
    let file: String
    let partial: Bool
    private(set) var devices: [LsusbTextDevice] = []
    private(set) var notes: [String] = []

    // Reading state, shared with the +Video and +Audio extensions.
    enum Section { case none, device, interface, videoControl, videoStreaming, audioStreaming, endpoint, other }
    var current: LsusbTextDevice?
    var section = Section.none
    var interfaceNumber = 0
    var alternate = 0
    var interfaceClass: UInt64?
    var subtype: String?
    /// The unit whose `bmControls` names are being read ("camera terminal", "processing unit").
    var bitNamesOf: String?
    var terminalType: UInt64?
    var frame: UVCDescriptorFrameDraft?
    var format: UVCDescriptorFormat?
    var entries = 0

    init(file: String, partial: Bool) {
        self.file = file
        self.partial = partial
    }

    mutating func parse(_ text: String) throws(TextImportError) {
        var n = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            let l = LsusbTextLine(number: n, raw: raw)
            if l.text.isEmpty { continue }
            try line(l)
        }
        try finishDescriptor()
        finishDevice()
    }

    func fail(_ line: Int, _ message: String) -> TextImportError {
        TextImportError(file: file, line: line, message: message)
    }

    /// A malformed line: an error, or with `partial` a problem and the line skipped.
    mutating func malformed(_ line: Int, _ message: String) throws(TextImportError) {
        guard partial else { throw fail(line, message) }
        let p = Problem(kind: .skipped, message: "line \(line): \(message); skipped")
        if current != nil { current?.problems.append(p) } else { notes.append(p.message) }
    }

    mutating func count(_ line: Int) throws(TextImportError) {
        entries += 1
        if entries > TextImportLimits.maximumEntries {
            throw fail(line, "more than \(TextImportLimits.maximumEntries) entries; this is not lsusb output of a few devices")
        }
    }

    mutating func line(_ l: LsusbTextLine) throws(TextImportError) {
        if l.text.hasPrefix("Bus "), let bus = Self.busLine(l.text) {
            try finishDescriptor()
            finishDevice()
            try count(l.number)
            var d = LsusbTextDevice(line: l.number)
            d.bus = bus.bus
            d.address = bus.address
            d.busLineID = (bus.vendor, bus.product)
            d.busLineName = bus.name.isEmpty ? nil : bus.name
            current = d
            section = .none
            return
        }
        if l.text.hasPrefix("Couldn't open device") {
            current?.couldNotOpen = true
            return
        }
        if l.isHeading {
            try heading(l)
            return
        }
        guard current != nil else { return }
        if l.isField {
            bitNamesOf = nil
            try field(l)
        } else if let unit = bitNamesOf, l.isBitName {
            current?.declaredControls.append((unit, String(l.text), l.number))
            try count(l.number)
        }
    }

    mutating func heading(_ l: LsusbTextLine) throws(TextImportError) {
        try finishDescriptor()
        let h = l.text
        if h == "Device Descriptor:" {
            if current?.sawDeviceDescriptor ?? true {
                finishDevice()
                try count(l.number)
                current = LsusbTextDevice(line: l.number)
            }
            current?.sawDeviceDescriptor = true
            section = .device
        } else if h.hasSuffix("Endpoint Descriptor:") {
            section = .endpoint
        } else if h == "Interface Descriptor:" {
            section = .interface
        } else if h == "VideoControl Interface Descriptor:" {
            section = .videoControl
        } else if h == "VideoStreaming Interface Descriptor:" {
            section = .videoStreaming
        } else if h == "AudioStreaming Interface Descriptor:" {
            section = .audioStreaming
        } else {
            section = .other
        }
    }

    mutating func field(_ l: LsusbTextLine) throws(TextImportError) {
        switch section {
        case .device: deviceField(l)
        case .interface:
            switch l.base {
            // Clamped: a number past Int.max (nonsense in a descriptor) must not trap.
            case "bInterfaceNumber": interfaceNumber = Int(clamping: l.number64 ?? 0)
            case "bAlternateSetting": alternate = Int(clamping: l.number64 ?? 0)
            case "bInterfaceClass":
                interfaceClass = l.number64
                if interfaceClass == 14 { current?.hasVideo = true }
                if interfaceClass == 1 {
                    current?.hasAudio = true
                    if current?.audioLine == nil { current?.audioLine = l.number }
                }
            default: break
            }
        case .videoControl: try videoControlField(l)
        case .videoStreaming: try videoStreamingField(l)
        case .audioStreaming: try audioField(l)
        case .endpoint:
            if l.base == "bEndpointAddress", interfaceClass == 1,
                let i = current?.audioSettings.lastIndex(where: { $0.interfaceNumber == interfaceNumber && $0.alternate == alternate })
            {
                current?.audioSettings[i].isInput = l.rest.hasSuffix("IN")
            }
        case .none, .other: break
        }
    }

    mutating func deviceField(_ l: LsusbTextLine) {
        let text = l.rest
        switch l.base {
        case "bcdUSB": current?.bcdUSB = String(l.value)
        case "idVendor": current?.vendorID = (Self.hex4(l.value), text, l.number)
        case "idProduct": current?.productID = (Self.hex4(l.value), text, l.number)
        case "iManufacturer": current?.manufacturer = (l.number64 ?? 0, text, l.number)
        case "iProduct": current?.product = (l.number64 ?? 0, text, l.number)
        case "iSerial": current?.serial = (l.number64 ?? 0, text, l.number)
        default: break
        }
    }

    mutating func finishDevice() {
        if let d = current { devices.append(d) }
        current = nil
        interfaceClass = nil
        interfaceNumber = 0
        alternate = 0
    }

    /// `Bus 001 Device 004: ID 046d:0826 Logitech, Inc. HD Webcam C525`.
    static func busLine(_ t: Substring) -> (bus: String, address: String, vendor: String, product: String, name: String)? {
        let parts = t.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard parts.count == 6, parts[0] == "Bus", parts[2] == "Device", parts[3].hasSuffix(":"), parts[4] == "ID" else { return nil }
        let rest = parts[5].split(separator: " ", maxSplits: 1)
        let ids = rest[0].split(separator: ":")
        guard ids.count == 2, ids.allSatisfy({ $0.count == 4 && UInt16($0, radix: 16) != nil }) else { return nil }
        return (
            String(parts[1]), String(parts[3].dropLast()), ids[0].lowercased(), ids[1].lowercased(),
            rest.count > 1 ? String(rest[1]) : ""
        )
    }

    /// `0x046d` → `046d`.
    static func hex4(_ v: Substring) -> String {
        let digits = v.hasPrefix("0x") ? v.dropFirst(2) : v
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits.lowercased()
    }

}
