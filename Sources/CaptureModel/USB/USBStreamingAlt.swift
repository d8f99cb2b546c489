/// How an endpoint moves data (bits 0–1 of the endpoint descriptor's `bmAttributes`).
package enum USBTransferType: String, Sendable, Hashable, Codable {
    /// Isochronous: bandwidth is reserved when the alternate setting is selected.
    case isochronous
    /// Bulk: no reservation (a bulk camera has one alternate setting and reserves nothing).
    case bulk
    /// Interrupt or control: not video data.
    case other
}

/// One alternate setting of a UVC video-streaming interface (class 0x0E, subclass 0x02) and its data endpoint,
/// as the raw `/sys/bus/usb/devices/B-P/descriptors` file (or `lsusb -v`) has it.
package struct USBStreamingAlt: Sendable, Hashable, Codable {
    /// `bInterfaceNumber` of the streaming interface.
    package var interface: UInt8
    /// `bAlternateSetting`; 0 is the zero-bandwidth setting of an isochronous camera.
    package var alt: UInt8
    /// `bEndpointAddress` of its data endpoint; nil when the setting has no endpoint (alt 0).
    package var endpoint: UInt8?
    /// Isochronous or bulk (`bmAttributes` bits 0–1).
    package var transfer: USBTransferType
    /// The raw `wMaxPacketSize`: bits 0–10 the packet size, bits 11–12 the extra transactions per microframe.
    /// (`ep_XX/wMaxPacketSize` in sysfs drops bits 11–12; only the raw descriptors keep them.)
    package var wMaxPacketSize: UInt16
    /// Bytes per service interval of the SuperSpeed endpoint companion descriptor (type 0x30), when there is one: its
    /// `wBytesPerInterval`, or when that is 0 or not shown, packet × (`bMaxBurst` + 1) × (`Mult` + 1)
    /// (`superSpeedBytes`). Only meaningful while the link is SuperSpeed: `USBLink` drops it on a slower link.
    package var superSpeedBytesPerInterval: UInt16?
    /// `bInterval`: the service interval is 2^(bInterval−1) microframes at high speed.
    package var bInterval: UInt8

    package init(
        interface: UInt8, alt: UInt8, endpoint: UInt8?, transfer: USBTransferType, wMaxPacketSize: UInt16,
        superSpeedBytesPerInterval: UInt16? = nil, bInterval: UInt8 = 1
    ) {
        self.interface = interface
        self.alt = alt
        self.endpoint = endpoint
        self.transfer = transfer
        self.wMaxPacketSize = wMaxPacketSize
        self.superSpeedBytesPerInterval = superSpeedBytesPerInterval
        self.bInterval = bInterval
    }

    /// Packet size: `wMaxPacketSize & 0x7ff` (usb_endpoint_maxp).
    package var packetSize: Int { Int(wMaxPacketSize & 0x7ff) }
    /// Transactions per microframe: `1 + ((wMaxPacketSize >> 11) & 3)` (usb_endpoint_maxp_mult).
    package var transactions: Int { 1 + Int((wMaxPacketSize >> 11) & 3) }

    /// What a SuperSpeed companion without `wBytesPerInterval` allows per service interval (USB 3.2 §9.6.7): `packet`
    /// bytes × (`maxBurst` + 1) packets per burst × (`mult` + 1) bursts (`mult` is bits 0–1 of an isochronous
    /// companion's `bmAttributes`; 0 for interrupt endpoints). At most 1024 × 16 × 3 = 49152.
    package static func superSpeedBytes(packet: Int, maxBurst: Int, mult: Int) -> UInt16 {
        UInt16(clamping: max(0, packet) * (min(max(0, maxBurst), 15) + 1) * (min(max(0, mult), 2) + 1))
    }

    /// The same setting as a high-speed link sees it: without the SuperSpeed companion, so its bytes are packet ×
    /// transactions (a USB 3 camera on a USB 2 port sends its high-speed descriptors; a companion left from a
    /// SuperSpeed reading does not apply).
    package var atHighSpeed: USBStreamingAlt {
        var a = self
        a.superSpeedBytesPerInterval = nil
        return a
    }

    /// Bytes per service interval, as uvc_video_start_transfer compares them with dwMaxPayloadTransferSize:
    /// the companion's `wBytesPerInterval` at SuperSpeed, else packet size × transactions. 0 without an endpoint.
    package var bytesPerInterval: Int {
        guard endpoint != nil else { return 0 }
        if let ss = superSpeedBytesPerInterval { return Int(ss) }
        return packetSize * transactions
    }

    /// "alt 7: 3x 1024 = 3072 B/µframe (iso)"
    package var summary: String {
        guard endpoint != nil else { return "alt \(alt): no endpoint (zero bandwidth)" }
        let kind = transfer == .isochronous ? "iso" : transfer.rawValue
        if superSpeedBytesPerInterval != nil { return "alt \(alt): \(bytesPerInterval) B/interval (SuperSpeed, \(kind))" }
        return "alt \(alt): \(transactions)x \(packetSize) = \(bytesPerInterval) B/µframe (\(kind))"
    }
}

/// The alternate settings of one camera's streaming interfaces, in descriptor order.
extension Array where Element == USBStreamingAlt {
    /// The settings with an isochronous endpoint, smallest bytes per interval first (ties: descriptor order).
    package var isochronous: [USBStreamingAlt] {
        enumerated().filter { $0.element.transfer == .isochronous && $0.element.endpoint != nil }
            .sorted { ($0.element.bytesPerInterval, $0.offset) < ($1.element.bytesPerInterval, $1.offset) }.map(\.element)
    }

    /// True when the camera streams over bulk (nothing to reserve).
    package var isBulk: Bool { isochronous.isEmpty && contains { $0.transfer == .bulk } }

    /// The setting uvcvideo takes for a payload of `bytes` per interval (uvc_video_start_transfer in
    /// drivers/media/usb/uvc/uvc_video.c): the smallest whose bytes per interval are at least `bytes`;
    /// among equal sizes the later one. nil when none is large enough (STREAMON then fails).
    package func uvcChoice(forPayload bytes: Int) -> USBStreamingAlt? {
        var best: USBStreamingAlt?
        for a in self where a.transfer == .isochronous && a.endpoint != nil && a.bytesPerInterval >= bytes {
            if let b = best, a.bytesPerInterval > b.bytesPerInterval { continue }
            best = a
        }
        return best
    }
}
