/// One tool's pasted text, read into devices. A new importer is a folder with one type conforming to this, and one
/// line in `TextImporters.all`; detection, `camprobe import`, the folder import and the fuzzer find it there.
package protocol TextImporter: Sendable {
    /// The tool, as messages and profiles name it (`lsusb`).
    var kind: PasteKind { get }
    /// The command a user runs to make this text, as messages suggest it (`lsusb -v`).
    var command: String { get }
    /// Whether `text` is this tool's output, told by lines only this tool writes. `text` is already undone from
    /// quoting, indentation, fences and prompts, as the reader will see it.
    func detect(_ text: PastedText) -> Bool
    /// Reads files of this kind: all of them together when `readsTogether`, else one at a time.
    /// - Parameter partial: skip what cannot be read, each said as a problem or a note, instead of failing.
    func read(_ inputs: [TextInput], partial: Bool) throws(TextImportError) -> TextImportResult
    /// Whether the files of this kind are one camera's, read as one (v4l2-ctl), or each file stands alone.
    var readsTogether: Bool { get }
    /// Kinds of other files this importer reads with its own when both are given (media-ctl reads the sensors'
    /// v4l2-ctl listings); those files then go to no other importer.
    var companions: [PasteKind] { get }
}

extension TextImporter {
    package var readsTogether: Bool { false }
    package var companions: [PasteKind] { [] }
}

/// One pasted file: its name as messages show it, and its text.
package typealias TextInput = (name: String, text: String)

/// The start of a pasted text as detection sees it: normalised (`PasteNormalizer`, commands blanked), first 64 KiB.
package struct PastedText: Sendable {
    /// The normalised text.
    package let head: String
    /// Its lines, empty ones left out.
    package let lines: [Substring]
    package init(_ text: String) {
        head = PasteNormalizer.normalize(String(text.prefix(65_536)), commands: .blank)
        lines = head.split(separator: "\n")
    }
    /// Whether the text holds `s` anywhere.
    package func has(_ s: String) -> Bool { head.contains(s) }
}
