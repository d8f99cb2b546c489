/// How `list`, `show` and the reports say a camera's bus in words.
extension DeviceUSB {
    /// "USB 2.0 High-Speed (480 Mbit/s)".
    package var speedLabel: String { Transport(kind: .usb, speedMbps: link.speedMbps).label }

    /// "bus 3, root port 1, 3-1.4.2 behind 3-1 (multi TT), 3-1.4 (single TT)".
    package var place: String {
        var s = "bus \(link.bus), root port \(link.rootPort), \(link.sysfsName)"
        if !link.hubs.isEmpty {
            s += " behind " + link.hubs.map { $0.sysfsName + ($0.tt == .none ? "" : " (\($0.tt.rawValue) TT)") }.joined(separator: ", ")
        }
        return s
    }

    /// "xhci_hcd 8086:a36d (0000:00:14.0)", or "not known".
    package var controllerText: String { link.controller?.summary ?? "not known" }

    /// "11 streaming settings (iso), largest alt 11: 3060 B per interval", "1 streaming setting (bulk)", or
    /// "streaming settings not known" (none in the source: `usb-devices`, `lsusb -t` alone).
    package var settingsText: String {
        let withEndpoint = link.alts.filter { $0.endpoint != nil }
        guard !withEndpoint.isEmpty else { return "streaming settings not known" }
        let kinds = Set(withEndpoint.map { $0.transfer == .isochronous ? "iso" : $0.transfer.rawValue }).sorted().joined(separator: "+")
        var s = "\(withEndpoint.count) streaming setting\(withEndpoint.count == 1 ? "" : "s") (\(kinds))"
        if let top = withEndpoint.max(by: { $0.bytesPerInterval < $1.bytesPerInterval }),
            withEndpoint.contains(where: { $0.transfer == .isochronous })
        {
            s += ", largest alt \(top.alt): \(top.bytesPerInterval) B per interval"
        }
        return s
    }

    /// "MJPG 1280x720@30 alt 11, YUYV 640x480@30 alt 1 (firmware 0.13)", or nil when nothing was measured.
    package var measuredText: String? {
        guard !measured.isEmpty else { return nil }
        let list = measured.sorted { $0.key < $1.key }.map { "\($0.key) alt \($0.value)" }.joined(separator: ", ")
        return list + (firmware.map { " (firmware \($0))" } ?? "")
    }
}
