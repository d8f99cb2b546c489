import CaptureModel

/// Reads pasted ALSA listings — `arecord -l` (in any language gettext gives it), `arecord -L` and
/// `/proc/asound/cards`, alone or one after another — into one device per sound card that the text shows can capture.
///
/// Only what the text tells is filled in. arecord -l gives card numbers, ids and names and the capture PCM devices
/// with their subdevice counts; arecord -L gives ids, names and PCM devices but no card numbers; /proc/asound/cards
/// gives numbers, ids, drivers, names and long names, and for USB cards the USB path (the camera's V4L2 `bus_info`)
/// and link speed. None of them gives formats, rates or channels: those stay empty.
package enum ALSATextImporter {
    /// Reads one pasted file.
    ///
    /// The text is first undone from what forums, mail and chat do to it (`PasteNormalizer`, command lines blanked);
    /// line numbers stay the file's own. `aplay -l`'s PLAYBACK devices are skipped with a note.
    ///
    /// - Parameters:
    ///   - name: The file's name as shown in errors and notes.
    ///   - text: The pasted text.
    ///   - partial: Skip unreadable lines, each said as a `.partial` problem of the card being read (or a note),
    ///     instead of failing on the first. A text with no card at all fails either way.
    /// - Returns: kind `.arecord` (or `.asoundCards` when the text is only /proc/asound/cards) and one device per card,
    ///   with `provenance` naming the line that gave each fact.
    package static func importText(name: String, text: String, partial: Bool) throws(TextImportError) -> TextImportResult {
        try TextImportLimits.check(name, text, saying: "not an ALSA listing")
        let normalized = PasteNormalizer.normalize(text, commands: .blank)
        var reader = ALSATextReader(file: name, partial: partial)
        try reader.read(normalized.split(separator: "\n", omittingEmptySubsequences: false))
        guard !reader.cards.isEmpty else {
            let message =
                reader.skippedPlayback > 0
                ? "only PLAYBACK devices (aplay -l output): no capture card" : "no ALSA card in the text"
            throw TextImportError(file: name, line: 1, message: message)
        }
        let arecord = reader.sawDeviceList || reader.sawPCMList
        return TextImportResult(
            kind: arecord ? .arecord : .asoundCards, file: name, devices: reader.cards.map { $0.imported() },
            notes: reader.notes + ALSATextNotes.notes(reader))
    }
}
