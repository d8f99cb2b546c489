import CaptureModel

/// Reads the lines of arecord -l, arecord -L and /proc/asound/cards — alone or pasted one after another — into
/// card drafts, by the structure of each line; the words arecord translates are not relied on.
struct ALSATextReader {
    /// Bounds: ALSA itself allows 32 cards (256 with a rebuilt kernel) and a handful of PCM devices per card.
    static let maximumCards = 256
    static let maximumPCMsPerCard = 256

    let file: String
    let partial: Bool
    var cards: [ALSATextCardDraft] = []
    var notes: [String] = []
    /// What the text held: arecord -l device lines, arecord -L entries, /proc/asound/cards lines.
    var sawDeviceList = false
    var sawPCMList = false
    var sawCardsFile = false
    var skippedPlayback = 0

    /// The listing the latest lines belong to.
    enum Section { case none, capture, playback, cards, pcmList }
    var section = Section.none
    /// The card the latest line spoke of; a skipped line's problem goes to it.
    var current: Int?
    /// arecord -l: the PCM device whose subdevice lines follow.
    var lastPCM: (card: Int, pcm: Int)?
    /// arecord -l: a device line was skipped; its subdevice lines follow and are skipped with it.
    var skippedDevice = false
    /// /proc/asound/cards: the card whose long name the next, deeper indented line is.
    var longNameOf: (card: Int, indent: Int)?
    /// arecord -L: the entry whose description lines follow.
    var entry: (name: ALSATextPCMName, card: Int?, indent: Int, descriptions: Int)?

    init(file: String, partial: Bool) {
        self.file = file
        self.partial = partial
    }

    mutating func read(_ lines: [Substring]) throws(TextImportError) {
        guard lines.count <= TextImportLimits.maximumEntries else {
            throw TextImportError(
                file: file, line: TextImportLimits.maximumEntries + 1,
                message: "more than \(TextImportLimits.maximumEntries) lines; not one machine's ALSA listing")
        }
        for (i, line) in lines.enumerated() {
            let t = ALSATextSyntax.trimmed(line)
            if t.isEmpty {
                longNameOf = nil
                continue
            }
            try readLine(line, trimmed: t, n: i + 1, next: Self.nextNonBlank(lines, after: i))
        }
    }

    private mutating func readLine(_ line: Substring, trimmed t: Substring, n: Int, next: Substring?) throws(TextImportError) {
        guard line.utf8.count <= ALSATextSyntax.maximumLineLength else {
            return try malformed(n, "longer than \(ALSATextSyntax.maximumLineLength) bytes; not an ALSA listing line")
        }
        let indent = ALSATextSyntax.indent(line)
        if try readDeviceList(line, trimmed: t, n: n) { return }
        if try readCardsFile(line, trimmed: t, indent: indent, n: n) { return }
        if try readPCMList(line, trimmed: t, indent: indent, n: n, next: next) { return }
        if t.contains("no soundcards") || t.hasPrefix("--- ") {
            return  // arecord's and the kernel's "no card" messages: the missing card is reported at the end
        }
        try malformed(n, "not a line of arecord -l, arecord -L or /proc/asound/cards")
    }

    /// The index of the card with ALSA id `id`, added when new.
    mutating func card(_ id: String, n: Int) throws(TextImportError) -> Int {
        if let i = cards.firstIndex(where: { $0.cardID == id }) {
            current = i
            return i
        }
        guard cards.count < Self.maximumCards else {
            throw TextImportError(file: file, line: n, message: "more than \(Self.maximumCards) cards; not one machine's ALSA listing")
        }
        cards.append(ALSATextCardDraft(cardID: id))
        current = cards.count - 1
        return cards.count - 1
    }

    /// The index of PCM device `device` of card `c`, added when new and within bounds.
    mutating func pcm(card c: Int, device: Int32, name: String, n: Int) throws(TextImportError) -> Int {
        guard cards[c].pcms.count < Self.maximumPCMsPerCard || cards[c].pcms.contains(where: { $0.device == device }) else {
            throw TextImportError(
                file: file, line: n, message: "more than \(Self.maximumPCMsPerCard) PCM devices on card \(cards[c].cardID)")
        }
        return cards[c].pcm(device, name: name, line: n)
    }

    /// A line that is none of the listings: an error, or with `partial` a problem of the card being read.
    mutating func malformed(_ n: Int, _ message: String) throws(TextImportError) {
        guard partial else { throw TextImportError(file: file, line: n, message: message) }
        if section == .capture {
            lastPCM = nil
            skippedDevice = true
        }
        let text = "line \(n): \(message); skipped"
        if let c = current {
            cards[c].problems.append(Problem(kind: .skipped, message: text))
        } else {
            notes.append(text)
        }
    }

    private static func nextNonBlank(_ lines: [Substring], after i: Int) -> Substring? {
        lines[(i + 1)...].first { !ALSATextSyntax.trimmed($0).isEmpty }
    }
}
