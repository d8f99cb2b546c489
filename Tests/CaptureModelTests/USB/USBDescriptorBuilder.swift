import CaptureModel

/// Builds raw USB descriptor bytes as `/sys/bus/usb/devices/B-P/descriptors` holds them: the device descriptor,
/// then one configuration with its interfaces and endpoints (wTotalLength filled in).
struct USBDescriptorBuilder {
    var bytes: [UInt8] = []
    private var configStart: Int?

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }

    /// An 18-byte device descriptor.
    mutating func device(vendor: UInt16, product: UInt16, deviceClass: UInt8 = 0xEF, subclass: UInt8 = 2, protocol p: UInt8 = 1) {
        bytes +=
            [18, 1, 0x00, 0x02, deviceClass, subclass, p, 64] + Self.le16(vendor) + Self.le16(product)
            + [0x10, 0x00, 0, 0, 0, 1]
    }

    /// A configuration descriptor; its wTotalLength is patched by `finish()`.
    mutating func configuration(interfaces: UInt8) {
        configStart = bytes.count
        bytes += [9, 2, 0, 0, interfaces, 1, 0, 0x80, 250]
    }

    /// An interface descriptor (class 0x0E subclass 1 is video control, 2 video streaming).
    mutating func interface(number: UInt8, alt: UInt8, endpoints: UInt8, subclass: UInt8 = 2, interfaceClass: UInt8 = 0x0E) {
        bytes += [9, 4, number, alt, endpoints, interfaceClass, subclass, 0, 0]
    }

    /// A class-specific (CS_INTERFACE) descriptor of `length` bytes, content irrelevant here.
    mutating func classSpecific(length: UInt8) {
        bytes += [length, 0x24] + [UInt8](repeating: 1, count: Int(length) - 2)
    }

    /// An endpoint descriptor: `attributes` 5 is isochronous asynchronous, 2 bulk, 3 interrupt.
    mutating func endpoint(address: UInt8 = 0x81, attributes: UInt8 = 5, wMaxPacketSize: UInt16, interval: UInt8 = 1) {
        bytes += [7, 5, address, attributes] + Self.le16(wMaxPacketSize) + [interval]
    }

    /// A SuperSpeed endpoint companion descriptor (type 0x30).
    mutating func superSpeedCompanion(maxBurst: UInt8, mult: UInt8, bytesPerInterval: UInt16) {
        bytes += [6, 0x30, maxBurst, mult] + Self.le16(bytesPerInterval)
    }

    /// Patches wTotalLength.
    mutating func finish() -> [UInt8] {
        if let s = configStart {
            let total = UInt16(bytes.count - s)
            bytes[s + 2] = UInt8(total & 0xff)
            bytes[s + 3] = UInt8(total >> 8)
        }
        return bytes
    }

    /// A UVC camera: video control (interface 0, an interrupt endpoint), then streaming interface 1 with alt 0
    /// (no endpoint) and one alternate setting per `wMaxPacketSize`, isochronous on EP 1 IN.
    static func camera(vendor: UInt16, product: UInt16, packetSizes: [UInt16]) -> [UInt8] {
        var b = USBDescriptorBuilder()
        b.device(vendor: vendor, product: product)
        b.configuration(interfaces: 2)
        b.interface(number: 0, alt: 0, endpoints: 1, subclass: 1)
        b.classSpecific(length: 13)
        b.endpoint(address: 0x87, attributes: 3, wMaxPacketSize: 16, interval: 8)
        b.interface(number: 1, alt: 0, endpoints: 0)
        b.classSpecific(length: 15)
        b.classSpecific(length: 27)
        for (i, p) in packetSizes.enumerated() {
            b.interface(number: 1, alt: UInt8(i + 1), endpoints: 1)
            b.endpoint(wMaxPacketSize: p)
        }
        return b.finish()
    }

    /// Logitech HD Webcam B990 (046d:0828): the wMaxPacketSize of streaming interface 1's alternate settings 1–11,
    /// from its `lsusb -v -d 046d:0828` posted to linux-media by Daniel Pocock, 27 Jun 2017, "Logitech B990 (UVC)
    /// slow initialization, WebRTC problems" (Message-ID f0b32584-4d70-4e32-f5a6-7a85563213e3@pocock.pro).
    static let b990PacketSizes: [UInt16] = [0x00c0, 0x0180, 0x0200, 0x0280, 0x0320, 0x03b0, 0x0a80, 0x0b20, 0x0be0, 0x1380, 0x13fc]

    /// The B990's descriptors as bytes (its streaming alternate settings exactly; the other descriptors abridged).
    static var b990: [UInt8] { camera(vendor: 0x046d, product: 0x0828, packetSizes: b990PacketSizes) }
}
