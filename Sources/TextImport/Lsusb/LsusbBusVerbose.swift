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
    package var alts: [USBStreamingAlt] = []
}

/// Reads `lsusb -v` text for the bus model: "Bus 001 Device 004: ID 046d:0825 …" starts a device; interface
/// descriptors of class 14 subclass 2 give the streaming settings; "wMaxPacketSize 0x1400 3x 1024 bytes" keeps the
/// raw value with its extra transactions (bits 11–12); a SuperSpeed companion's "bMaxBurst" and "Mult" give
/// the bytes per interval (packet × (bMaxBurst + 1) × (Mult + 1)).
package enum LsusbBusVerbose {
    package static func read(_ text: String) -> [LsusbBusDevice] {
        var out: [LsusbBusDevice] = []
        var iface: (number: UInt8, alt: UInt8, cls: Int, sub: Int)?
        var endpoint: USBStreamingAlt?
        var burst: Int?
        func flushEndpoint() {
            guard var e = endpoint, !out.isEmpty else { return }
            if let b = burst { e.superSpeedBytesPerInterval = UInt16(clamping: e.packetSize * (b + 1) * e.transactions) }
            out[out.count - 1].alts.append(e)
            endpoint = nil
            burst = nil
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
            default: break
            }
        }
        flushInterface()
        for i in out.indices { out[i].alts.removeAll { $0.transfer == .other } }
        return out
    }
}
