import CaptureModel

/// The records of one physical device: a USB device's video, media and sound records (grouped by the USB
/// device's sysfs path), or those of one PCI or platform device; a virtual device's node stands alone.
struct UdevadmTextGroup: Sendable {
    /// The physical device's sysfs path (`/devices/…/usb1/1-2`), or the record's own when it has no parent.
    var key: String
    /// What the first record's sysfs path tells of the physical device; nil when the records give none.
    var devpath: UdevadmTextDevpath?
    /// Whether `key` is a physical device's path.
    var physical: Bool
    /// Video capture nodes first, then other video, media and the rest, each in the text's order.
    var records: [UdevadmTextRecord]
    /// Whether the records are of the USB device alone (`udevadm info -a /dev/bus/usb/001/003`), none of its video or
    /// sound nodes: its identity is known, not whether it is a camera or a microphone.
    var identityOnly = false

    /// The subsystems whose records make a device camprobe imports.
    static let subsystems: Set<String> = ["video4linux", "media", "sound"]

    /// The records' groups in the order the text first names them, and what was left out (not a camera or sound card).
    static func groups(_ records: [UdevadmTextRecord]) -> (groups: [UdevadmTextGroup], skipped: [String]) {
        var order: [String] = []
        var byKey: [String: UdevadmTextGroup] = [:]
        for r in records {
            let path = r.devpath ?? r.parents.first?.devpath
            let dp = path.map { UdevadmTextDevpath($0.text) }
            let parent = dp?.parent
            let key = parent ?? path?.text ?? r.nodePath?.text ?? "line \(r.line)"
            if byKey[key] == nil {
                order.append(key)
                byKey[key] = UdevadmTextGroup(key: key, devpath: dp, physical: parent != nil, records: [])
            }
            byKey[key]!.records.append(r)
        }
        var groups: [UdevadmTextGroup] = []
        var skipped: [(key: String, note: String)] = []
        var usbDevices: [UdevadmTextGroup] = []
        for key in order {
            var g = byKey[key]!
            guard g.records.contains(where: { $0.subsystem.map { subsystems.contains($0.text) } ?? false }) else {
                if g.isUSBDevice { usbDevices.append(g) }
                let r = g.records[0]
                skipped.append(
                    (
                        key,
                        "line \(r.line): \(key) (subsystem \(r.subsystem?.text ?? "not given")) is not a camera or sound card; not imported"
                    ))
                continue
            }
            func rank(_ r: UdevadmTextRecord) -> Int {
                switch r.subsystem?.text {
                case "video4linux": r.properties["ID_V4L_CAPABILITIES"]?.text.contains(":capture:") == true ? 0 : 1
                case "media": 2
                default: 3
                }
            }
            g.records = g.records.enumerated().sorted { a, b in (rank(a.element), a.offset) < (rank(b.element), b.offset) }.map(\.element)
            groups.append(g)
        }
        // Text of USB devices only is read for their identity, which other files' cameras take when merged.
        if groups.isEmpty, !usbDevices.isEmpty {
            groups = usbDevices.map {
                var g = $0
                g.identityOnly = true
                return g
            }
            let kept = Set(groups.map(\.key))
            skipped.removeAll { kept.contains($0.key) }
        }
        return (groups, skipped.map(\.note))
    }

    /// Whether the group is one USB device's own record (its walk starts at the device, or `DEVTYPE=usb_device`),
    /// and no hub: a hub (class 09) is never a camera.
    var isUSBDevice: Bool {
        guard physical, devpath?.kind == .usb else { return false }
        return records.contains { r in
            guard r.devpath?.text == key, r.subsystem?.text == "usb" else { return false }
            let hub = r.device.attributes["bDeviceClass"]?.text == "09" || r.properties["ID_USB_INTERFACES"]?.text == ":090000:"
            return !hub
        }
    }
}
