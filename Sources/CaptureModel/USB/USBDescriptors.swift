/// What camprobe takes from a USB device's raw descriptors: the device descriptor's class and protocol (a hub's
/// `bDeviceProtocol` tells single from multi TT) and every alternate setting of its video-streaming interfaces.
///
/// The bytes are those of `/sys/bus/usb/devices/B-P/descriptors` (world-readable): the 18-byte device descriptor,
/// then each configuration descriptor with its interfaces, endpoints and class-specific descriptors, as the
/// device sent them. Pure parsing: a truncated or malformed file yields what was read before the damage.
package struct USBDescriptors: Sendable, Hashable, Codable {
    /// `idVendor`, `idProduct` (device descriptor bytes 8–11).
    package var vendorID: UInt16 = 0
    package var productID: UInt16 = 0
    /// `bDeviceClass` (9 is a hub) and `bDeviceProtocol` (for a high-speed hub: 1 single TT, 2 multi TT).
    package var deviceClass: UInt8 = 0
    package var deviceProtocol: UInt8 = 0
    /// The alternate settings of the video-streaming interfaces (class 0x0E subclass 0x02), in descriptor order.
    package var streaming: [USBStreamingAlt] = []

    package init() {}

    /// Descriptor types (USB 2.0 table 9-5; USB 3.2 table 9-6).
    enum Kind {
        static let device: UInt8 = 1
        static let interface: UInt8 = 4
        static let endpoint: UInt8 = 5
        static let superSpeedCompanion: UInt8 = 0x30
    }

    /// Parses the raw bytes.
    package init(parsing bytes: [UInt8]) {
        var i = 0
        var inStreaming = false
        var current: (interface: UInt8, alt: UInt8, hasEndpoint: Bool)?
        func flushEmpty() {
            // An alternate setting without a data endpoint (alt 0 of an isochronous camera).
            if let c = current, inStreaming, !c.hasEndpoint {
                streaming.append(
                    USBStreamingAlt(interface: c.interface, alt: c.alt, endpoint: nil, transfer: .isochronous, wMaxPacketSize: 0))
            }
        }
        while i + 2 <= bytes.count {
            let length = Int(bytes[i])
            let type = bytes[i + 1]
            guard length >= 2, i + length <= bytes.count else { break }
            let d = bytes[i..<(i + length)]
            let b = { (k: Int) -> UInt8 in k < length ? d[d.startIndex + k] : 0 }
            switch type {
            case Kind.device where length >= 18:
                deviceClass = b(4)
                deviceProtocol = b(6)
                vendorID = UInt16(b(8)) | UInt16(b(9)) << 8
                productID = UInt16(b(10)) | UInt16(b(11)) << 8
            case Kind.interface where length >= 9:
                flushEmpty()
                inStreaming = b(5) == 0x0E && b(6) == 0x02
                current = (b(2), b(3), false)
            case Kind.endpoint where length >= 7:
                guard inStreaming, let c = current else { break }
                let transfer: USBTransferType =
                    switch b(3) & 3 {
                    case 1: .isochronous
                    case 2: .bulk
                    default: .other
                    }
                guard transfer != .other else { break }
                current?.hasEndpoint = true
                streaming.append(
                    USBStreamingAlt(
                        interface: c.interface, alt: c.alt, endpoint: b(2), transfer: transfer,
                        wMaxPacketSize: UInt16(b(4)) | UInt16(b(5)) << 8, bInterval: b(6)))
            case Kind.superSpeedCompanion where length >= 6:
                // It follows its endpoint: it belongs to the setting just appended.
                // wBytesPerInterval (bytes 4–5) when set; else bMaxBurst (byte 2) and, for an isochronous endpoint,
                // Mult (bits 0–1 of bmAttributes, byte 3) give it (USB 3.2 §9.6.7).
                guard inStreaming, current?.hasEndpoint == true, !streaming.isEmpty else { break }
                let last = streaming[streaming.count - 1]
                let declared = UInt16(b(4)) | UInt16(b(5)) << 8
                let mult = last.transfer == .isochronous ? Int(b(3) & 3) : 0
                streaming[streaming.count - 1].superSpeedBytesPerInterval =
                    declared > 0 ? declared : USBStreamingAlt.superSpeedBytes(packet: last.packetSize, maxBurst: Int(b(2)), mult: mult)
            default: break
            }
            i += length
        }
        flushEmpty()
    }
}
