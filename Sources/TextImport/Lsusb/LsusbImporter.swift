import CaptureModel

/// Turns `lsusb -v` text (also `lsusb -d VID:PID -v`, `lsusb -v -s BUS:DEV`) into the
/// capture model: one device per USB device with a video or audio interface. Plain `lsusb`
/// lines (no descriptors) become identity-only devices (`LsusbPlainListing`).
///
/// Reads the device descriptor (IDs, strings), USB Video Class streaming descriptors
/// (formats, frame sizes, exact frame intervals in 100 ns units), the controls a camera
/// terminal and processing unit declare (named only: lsusb shows no ranges or values,
/// so they become a note and a `Problem`, never `Control`s), and USB Audio streaming
/// formats (channels, sample size, rates). Indentation is not relied on, so a forum's
/// or mail's re-indentation does not matter.
package enum LsusbImporter {
    /// Pasted text is first undone from what forums, mail and chat do to it (`PasteNormalizer`).
    ///
    /// - Parameters:
    ///   - name: the file's name as shown in errors and notes.
    ///   - text: what `lsusb -v` printed.
    ///   - partial: on a malformed descriptor line keep going (each skipped line becomes a
    ///     `.partial` `Problem`) instead of failing. Text with no USB device fails either way.
    /// - Returns: a `.lsusb` result, one `ImportedDevice` per camera or microphone.
    package static func importText(name: String, text: String, partial: Bool) throws(TextImportError) -> TextImportResult {
        try TextImportLimits.check(name, text, saying: "not lsusb output")
        let normalized = PasteNormalizer.normalize(text, commands: .blank)
        if !LsusbPlainListing.hasDescriptors(normalized) {
            return try plain(name: name, text: normalized, partial: partial)
        }
        var parser = LsusbTextParser(file: name, partial: partial)
        try parser.parse(normalized)
        guard !parser.devices.isEmpty else {
            let lines = normalized.split(separator: "\n", omittingEmptySubsequences: false).count
            throw TextImportError(
                file: name, line: max(1, lines), message: "no USB device in the text (no 'Bus … Device …: ID' line or 'Device Descriptor:')"
            )
        }
        var notes = parser.notes
        let described = parser.devices.filter(\.sawDeviceDescriptor)
        var devices = described.compactMap { LsusbTextDeviceBuilder.build($0, notes: &notes) }
        // Plain `Bus` lines pasted beside `lsusb -v`: those the descriptors do not cover are kept, identity only.
        let plain = parser.devices.filter { d in
            !d.sawDeviceDescriptor && d.busLineID != nil
                && !described.contains { $0.bus != nil && $0.bus == d.bus && $0.address == d.address }
        }
        devices += LsusbPlainDeviceBuilder.build(plain, file: name, notes: &notes)
        var result = TextImportResult(kind: .lsusb, file: name, devices: devices, notes: notes)
        result.busText = normalized
        return result
    }

    /// Plain `lsusb`: one identity-only device per `Bus` line but the root hubs' (`LsusbPlainListing`).
    static func plain(name: String, text: String, partial: Bool) throws(TextImportError) -> TextImportResult {
        let (lines, skipped) = try LsusbPlainListing.read(file: name, text: text, partial: partial)
        guard !lines.isEmpty else {
            let count = text.split(separator: "\n", omittingEmptySubsequences: false).count
            throw TextImportError(
                file: name, line: max(1, count),
                message: "no USB device in the text (no 'Bus … Device …: ID' line or 'Device Descriptor:')", reason: .notThisKind)
        }
        var notes = skipped
        let devices = LsusbPlainDeviceBuilder.build(lines, file: name, notes: &notes)
        return TextImportResult(kind: .lsusb, file: name, devices: devices, notes: notes)
    }
}
