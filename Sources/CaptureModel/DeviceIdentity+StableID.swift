extension DeviceIdentity {
    /// `VID:PID` when both are known.
    public var modelID: String? {
        guard let v = vendorID, let p = productID else { return nil }
        return "\(v):\(p)"
    }

    /// The preferred stable ID for a device with this identity: USB `usb-VID:PID-SERIAL` (or `@port` without a
    /// serial); other buses `bus-businfo`. Used for live devices and for imported text that names the same facts.
    public func baseID(transport: Transport) -> String {
        if transport.kind == .usb, let model = modelID {
            if let serial, !serial.isEmpty { return "usb-\(model)-\(Self.sanitizeID(serial))" }
            if let portPath { return "usb-\(model)@\(portPath)" }
        }
        var bus = busInfo
        for prefix in ["platform:", "PCI:", "PCIe:", "usb-"] where bus.hasPrefix(prefix) { bus = String(bus.dropFirst(prefix.count)) }
        if bus.isEmpty {
            // No bus_info (a microphone of its own): the port path, which already names the bus.
            bus = portPath ?? physicalPath ?? "unknown"
            if bus.hasPrefix(transport.kind.rawValue + "-") { return Self.sanitizeID(bus) }
        }
        return "\(transport.kind)-\(Self.sanitizeID(bus))"
    }

    /// Anything but ASCII letters, digits and `-_.:` becomes `_`.
    public static func sanitizeID(_ s: String) -> String {
        String(s.map { c -> Character in (c.isLetter || c.isNumber || "-_.:".contains(c)) && c.isASCII ? c : "_" })
    }
}
