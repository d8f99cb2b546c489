/// Where the facts of one group's records are found: udev properties (`E:`) of any record, the physical device's
/// attributes (`ATTRS{…}` of an attribute walk), and the video node's own record.
struct UdevadmTextEvidence: Sendable {
    let group: UdevadmTextGroup

    /// The video node whose links, `ID_PATH`, name and driver are the device's: the capture node, else the first.
    var video: UdevadmTextRecord? { group.records.first { $0.subsystem?.text == "video4linux" } }

    /// A property of the first record (capture node first) that has it.
    func property(_ key: String) -> UdevadmTextValue? {
        for r in group.records { if let v = r.properties[key], !v.text.isEmpty { return v } }
        return nil
    }

    /// An attribute of the physical device (USB device, PCI function, platform device) from any attribute walk.
    func attribute(_ name: String) -> UdevadmTextValue? {
        guard group.physical else { return nil }
        for r in group.records {
            for b in [r.device] + r.parents where b.devpath?.text == group.key {
                if let v = b.attributes[name], !v.text.isEmpty { return v }
            }
        }
        return nil
    }

    /// The first walk block above any record whose `SUBSYSTEMS` is one of `names`, nearest first.
    func parentSubsystem(in names: Set<String>) -> UdevadmTextValue? {
        for r in group.records {
            for b in r.parents { if let s = b.subsystem, names.contains(s.text) { return s } }
        }
        return nil
    }

    /// udev's encoding of a string (`ID_VENDOR_ENC`): `\xNN` for each byte of a space or unsafe character.
    static func decoded(_ s: String) -> String {
        var out: [UInt8] = []
        let b = Array(s.utf8)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "\\"), i + 3 < b.count, b[i + 1] == UInt8(ascii: "x"),
                let byte = UInt8(String(decoding: b[(i + 2)...(i + 3)], as: UTF8.self), radix: 16)
            {
                out.append(byte)
                i += 4
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
