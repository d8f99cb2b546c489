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
        var skipped: [String] = []
        for key in order {
            var g = byKey[key]!
            guard g.records.contains(where: { $0.subsystem.map { subsystems.contains($0.text) } ?? false }) else {
                let r = g.records[0]
                skipped.append(
                    "line \(r.line): \(key) (subsystem \(r.subsystem?.text ?? "not given")) is not a camera or sound card; not imported")
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
        return (groups, skipped)
    }
}
