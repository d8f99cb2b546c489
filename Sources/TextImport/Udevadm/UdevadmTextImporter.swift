extension PasteKind {
    /// `udevadm info` (`--query=all` or `--attribute-walk`).
    package static let udevadm = PasteKind(rawValue: "udevadm")
}

/// `udevadm info` records and attribute walks: identity only, one device per physical device (`UdevadmImporter`).
package struct UdevadmTextImporter: TextImporter {
    package init() {}
    package var kind: PasteKind { .udevadm }
    package var command: String { "udevadm info" }

    package func detect(_ text: PastedText) -> Bool {
        if text.has("looking at device '") || text.has("looking at parent device '") { return true }
        return text.lines.prefix(8).contains { $0.hasPrefix("P: /devices/") || $0.hasPrefix("N: ") && text.has("\nE: ") }
    }

    package func read(_ inputs: [TextInput], partial: Bool) throws(TextImportError) -> TextImportResult {
        try UdevadmImporter.importText(name: inputs[0].name, text: inputs[0].text, partial: partial)
    }
}
