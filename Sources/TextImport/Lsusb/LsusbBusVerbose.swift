import CaptureModel

/// One USB device of pasted `lsusb -v`, as much of it as the bus model needs: its bus and device numbers, IDs, class
/// and protocol (a hub's TT kind), and the alternate settings of its video-streaming interfaces.
package struct LsusbBusDevice: Sendable, Hashable {
    package var bus: Int
    package var device: Int
    package var vendorID: UInt16
    package var productID: UInt16
    package var deviceClass: UInt8 = 0
    package var deviceProtocol: UInt8 = 0
    /// `bcdUSB` as printed ("3.20"): a USB 3 device says 3.x only while it runs at SuperSpeed (at high speed it
    /// says 2.10).
    package var bcdUSB: String?
    /// "Negotiated speed: SuperSpeed (5Gbps)" (usbutils 018 and later), in Mbit/s; nil when not printed or "Unknown".
    package var negotiatedMbps: Double?
    package var alts: [USBStreamingAlt] = []

    /// The link speed this text alone shows, and the evidence: the negotiated speed when printed, else SuperSpeed
    /// when `bcdUSB` is 3.x or a streaming endpoint has a SuperSpeed companion, else nil (nothing says).
    package var linkSpeedEvidence: (mbps: Double, evidence: String)? {
        if let n = negotiatedMbps { return (n, "lsusb -v: Negotiated speed \(formatFPS(n)) Mbit/s") }
        if let b = bcdUSB, let major = Int(b.prefix { $0 != "." }), major >= 3 { return (5000, "lsusb -v: bcdUSB \(b)") }
        if alts.contains(where: { $0.superSpeedBytesPerInterval != nil }) {
            return (5000, "lsusb -v: SuperSpeed endpoint companions")
        }
        return nil
    }
}

/// Reads `lsusb -v` text for the bus model: "Bus 001 Device 004: ID 046d:0825 …" starts a device; interface
/// descriptors of class 14 subclass 2 give the streaming settings; "wMaxPacketSize 0x1400 3x 1024 bytes" keeps the
/// raw value with its extra transactions (bits 11–12). A SuperSpeed endpoint companion is printed inside its endpoint
/// in two forms: usbutils up to 018 prints "bMaxBurst" and (only when nonzero) "Mult", read as packet ×
/// (bMaxBurst + 1) × (Mult + 1); usbutils 019 adds "wBytesPerInterval" (usbutils commit 74ea925, Feb 2025), which
/// wins. "Negotiated speed:" (usbutils 018) and `bcdUSB` are kept for the link speed.
package enum LsusbBusVerbose {
    package static func read(_ text: String) -> [LsusbBusDevice] {
        var out: [LsusbBusDevice] = []
        var iface: (number: UInt8, alt: UInt8, cls: Int, sub: Int)?
        var endpoint: USBStreamingAlt?
        var burst: Int?
        var mult = 0
        var bytesPerInterval: Int?
        func flushEndpoint() {
            defer {
                endpoint = nil
                burst = nil
                mult = 0
                bytesPerInterval = nil
            }
            guard var e = endpoint, !out.isEmpty else { return }
            if let w = bytesPerInterval, w > 0 {
                e.superSpeedBytesPerInterval = UInt16(clamping: w)
            } else if let b = burst {
                e.superSpeedBytesPerInterval = USBStreamingAlt.superSpeedBytes(
                    packet: e.packetSize, maxBurst: b, mult: e.transfer == .isochronous ? mult : 0)
            }
            out[out.count - 1].alts.append(e)
        }
        func flushInterface() {
            flushEndpoint()
            if let i = iface, i.cls == 14, i.sub == 2, !out.isEmpty,
                !out[out.count - 1].alts.contains(where: { $0.interface == i.number && $0.alt == i.alt })
            {
                out[out.count - 1].alts.append(
                    USBStreamingAlt(interface: i.number, alt: i.alt, endpoint: nil, transfer: .isochronous, wMaxPacketSize: 0))
            }
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let key = words.first else { continue }
            let value = words.count > 1 ? String(words[1]) : ""
            switch key {
            case "Bus" where words.count >= 6 && words[2] == "Device" && words[4] == "ID":
                flushInterface()
                iface = nil
                let ids = words[5].split(separator: ":")
                out.append(
                    LsusbBusDevice(
                        bus: Int(words[1]) ?? 0, device: Int(words[3].dropLast()) ?? 0,
                        vendorID: UInt16(ids.first ?? "", radix: 16) ?? 0, productID: UInt16(ids.last ?? "", radix: 16) ?? 0))
            case "Negotiated" where value == "speed:" && !out.isEmpty && iface == nil:
                out[out.count - 1].negotiatedMbps = Self.negotiatedMbps(words.last.map(String.init) ?? "")
            case "bcdUSB" where !out.isEmpty && iface == nil: out[out.count - 1].bcdUSB = value
            case "Binary",
                "Device" where value != "Descriptor:":
                // "Binary Object Store Descriptor:", "Device Status:": past the configuration, whose last endpoint
                // must not take their bmAttributes.
                flushInterface()
                iface = nil
            case "bDeviceClass" where !out.isEmpty && iface == nil: out[out.count - 1].deviceClass = UInt8(value) ?? 0
            case "bDeviceProtocol" where !out.isEmpty && iface == nil: out[out.count - 1].deviceProtocol = UInt8(value) ?? 0
            case "Interface" where value == "Descriptor:":
                flushInterface()
                iface = (0, 0, -1, -1)
            case "bInterfaceNumber": iface?.number = UInt8(value) ?? 0
            case "bAlternateSetting": iface?.alt = UInt8(value) ?? 0
            case "bInterfaceClass": iface?.cls = Int(value) ?? -1
            case "bInterfaceSubClass": iface?.sub = Int(value) ?? -1
            case "Endpoint" where value == "Descriptor:":
                flushEndpoint()
                if let i = iface, i.cls == 14, i.sub == 2 {
                    endpoint = USBStreamingAlt(interface: i.number, alt: i.alt, endpoint: 0, transfer: .other, wMaxPacketSize: 0)
                }
            case "bEndpointAddress": endpoint?.endpoint = UInt8(value.dropFirst(2), radix: 16) ?? 0
            case "bmAttributes" where endpoint != nil:
                let a = Int(value.hasPrefix("0x") ? String(value.dropFirst(2)) : value, radix: value.hasPrefix("0x") ? 16 : 10) ?? 0
                endpoint?.transfer = a & 3 == 1 ? .isochronous : a & 3 == 2 ? .bulk : .other
            case "wMaxPacketSize": endpoint?.wMaxPacketSize = UInt16(value.dropFirst(2), radix: 16) ?? 0
            case "bInterval": endpoint?.bInterval = UInt8(value) ?? 1
            case "bMaxBurst" where endpoint != nil: burst = Int(value) ?? 0
            case "Mult" where endpoint != nil: mult = Int(value) ?? 0
            case "wBytesPerInterval" where endpoint != nil: bytesPerInterval = Int(value)
            default: break
            }
        }
        flushInterface()
        for i in out.indices { out[i].alts.removeAll { $0.transfer == .other } }
        return out
    }

    /// "(5Gbps)" → 5000, "(480Mbps)" → 480; nil for anything else ("Unknown").
    static func negotiatedMbps(_ word: String) -> Double? {
        let w = word.trimmingPrefix("(")
        if w.hasSuffix("Gbps)"), let g = Double(w.dropLast(5)) { return g * 1000 }
        if w.hasSuffix("Mbps)"), let m = Double(w.dropLast(5)) { return m }
        return nil
    }
}
