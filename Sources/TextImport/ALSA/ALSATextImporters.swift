extension PasteKind {
    /// `arecord -l` / `-L`.
    package static let arecord = PasteKind(rawValue: "arecord")
    /// `/proc/asound/cards`.
    package static let asoundCards = PasteKind(rawValue: "/proc/asound/cards")
}

/// `arecord -l` and `-L`, in any language: one device per card that can capture (`ALSATextImporter`).
package struct ARecordTextImporter: TextImporter {
    package init() {}
    package var kind: PasteKind { .arecord }
    package var command: String { "arecord -l" }

    package func detect(_ text: PastedText) -> Bool {
        if text.has("List of CAPTURE Hardware Devices") || text.has("List of PLAYBACK Hardware Devices") { return true }
        // arecord -l's header in any language: `**** Liste der Hardware-Geräte (CAPTURE) ****`.
        if text.lines.prefix(6).contains(where: { l in
            let t = ALSATextSyntax.trimmed(l)
            return t.hasPrefix("****") && t.hasSuffix("****") && (t.contains("CAPTURE") || t.contains("PLAYBACK"))
        }) {
            return true
        }
        // `card 1: Loopback [Loopback], device 0: …`, in any language (`Karte 1: … [..], Gerät 0: …`, `carte 1 : …`).
        if text.lines.prefix(6).contains(where: { ALSATextDeviceLine($0) != nil }) { return true }
        // arecord -L: PCM names of cards, `hw:CARD=C525,DEV=0`, `sysdefault:CARD=PCH`, at the start of a line.
        return text.lines.prefix(64).contains { l in ALSATextPCMName(l)?.cardID != nil && l.first != " " && l.first != "\t" }
    }

    package func read(_ inputs: [TextInput], partial: Bool) throws(TextImportError) -> TextImportResult {
        try ALSATextImporter.importText(name: inputs[0].name, text: inputs[0].text, partial: partial)
    }
}

/// `/proc/asound/cards`: numbers, ids, drivers and names, and a USB card's path (`ALSATextImporter`).
package struct AsoundCardsTextImporter: TextImporter {
    package init() {}
    package var kind: PasteKind { .asoundCards }
    package var command: String { "cat /proc/asound/cards" }

    /// ` 1 [Loopback       ]: Loopback - Loopback` in the first two lines.
    package func detect(_ text: PastedText) -> Bool {
        text.lines.prefix(2).contains { line in
            let t = line.drop { $0 == " " }
            return t.first?.isNumber == true && t.contains("[") && t.contains("]: ")
        }
    }

    package func read(_ inputs: [TextInput], partial: Bool) throws(TextImportError) -> TextImportResult {
        try ALSATextImporter.importText(name: inputs[0].name, text: inputs[0].text, partial: partial)
    }
}
