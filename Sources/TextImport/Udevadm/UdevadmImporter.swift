import CaptureModel

/// Reads pasted `udevadm info` text — `--query=all` records (`udevadm info /dev/video0`, several as
/// `--export-db` writes them) and `--attribute-walk` walks, in any mix — into one device per physical device.
///
/// The records of one USB device (its video nodes, media node and sound card) become one device, so that a
/// camera's microphone is paired with it; so do those of one PCI or platform device. udevadm tells identity
/// only: vendor and product IDs, serial, strings, links, port path, driver, link speed, nodes and sound cards;
/// `captures` stay empty, and what the text does not say stays nil or empty. Records of other subsystems
/// (disks, input, network) are left out, with a note. Text of USB devices alone (`udevadm info -a
/// /dev/bus/usb/001/003`, no video or sound node) gives each, hubs aside, as an identity-only device: its
/// capabilities unknown, not absent, until a camera pasted with it is merged (`ImportMerge`).
package enum UdevadmImporter {
    /// Pasted text is first undone from what forums, mail and chat do to it (`PasteNormalizer`, commands blanked).
    ///
    /// - Parameters:
    ///   - name: the file's name, shown in errors and notes.
    ///   - text: the udevadm output.
    ///   - partial: skip malformed lines inside records, each said as a problem of its device, instead of failing.
    /// - Throws: `TextImportError` with file and line for a malformed line (unless `partial`), and for text
    ///   that holds no record of a camera, sound card or USB device, or is larger than `TextImportLimits` allow.
    package static func importText(name: String, text: String, partial: Bool) throws(TextImportError) -> TextImportResult {
        try TextImportLimits.check(name, text, saying: "not udevadm info output")
        var parser = UdevadmTextParser(file: name, partial: partial)
        try parser.parse(PasteNormalizer.normalize(text, commands: .blank))
        guard !parser.records.isEmpty else {
            throw TextImportError(
                file: name, line: 1,
                message:
                    "no udevadm info record: expected 'P: /devices/…' and 'E: KEY=VALUE' lines (udevadm info --query=all) or \"looking at device '…':\" (udevadm info --attribute-walk)"
            )
        }
        let (groups, skipped) = UdevadmTextGroup.groups(parser.records)
        guard !groups.isEmpty else {
            throw TextImportError(
                file: name, line: parser.records[0].line,
                message: "no record of a video4linux, media or sound device: nothing here is a camera or a microphone")
        }
        var devices = groups.map(UdevadmTextDeviceBuilder.device)
        // Two devices the text cannot tell apart by serial or port keep distinct IDs.
        var seen: [String: Int] = [:]
        for i in devices.indices {
            let id = devices[i].device.id.rawValue
            seen[id, default: 0] += 1
            if seen[id]! > 1 { devices[i].device.id = DeviceID("\(id)#\(seen[id]!)") }
        }
        var notes = skipped.map { "\(name): \($0)" }
        for (i, g) in groups.enumerated() where g.identityOnly {
            devices[i] = UdevadmTextDeviceBuilder.identityOnly(devices[i], line: g.records[0].line)
            notes.append(
                "\(name): line \(g.records[0].line): \(g.key) is a USB device, not a video or sound node: kept for its identity "
                    + "(USB ID, strings, serial, port, speed), which a camera pasted with it takes; alone it is not said to be a camera")
        }
        notes.append("udevadm tells no formats, frame sizes or rates: the devices' captures are empty")
        return TextImportResult(kind: .udevadm, file: name, devices: devices, notes: notes)
    }
}
