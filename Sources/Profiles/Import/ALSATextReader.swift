import CaptureModel

/// Reads the lines of arecord -l, arecord -L and /proc/asound/cards — alone or pasted one after another — into
/// card drafts, by the structure of each line; the words arecord translates are not relied on.
struct ALSATextReader {
    /// Bounds: ALSA itself allows 32 cards (256 with a rebuilt kernel) and a handful of PCM devices per card.
    static let maximumCards = 256
    static let maximumPCMsPerCard = 256

    let file: String
    let partial: Bool
    private(set) var cards: [ALSATextCardDraft] = []
    private(set) var notes: [String] = []
    /// What the text held: arecord -l device lines, arecord -L entries, /proc/asound/cards lines.
    private(set) var sawDeviceList = false
    private(set) var sawPCMList = false
    private(set) var sawCardsFile = false
    private(set) var skippedPlayback = 0

    private enum Section { case none, capture, playback, cards, pcmList }
    private var section = Section.none
    /// The card the latest line spoke of; a skipped line's problem goes to it.
    private var current: Int?
    private var lastPCM: (card: Int, pcm: Int)?
    /// A device line was skipped: its subdevice lines follow and are skipped with it.
    private var skippedDevice = false
    private var longNameOf: (card: Int, indent: Int)?
    private var entry: (name: ALSATextPCMName, card: Int?, indent: Int, descriptions: Int)?

    init(file: String, partial: Bool) {
        self.file = file
        self.partial = partial
    }

    mutating func read(_ lines: [Substring]) throws(V4L2CtlImportError) {
        guard lines.count <= V4L2CtlImportLimits.maximumEntries else {
            throw V4L2CtlImportError(
                file: file, line: V4L2CtlImportLimits.maximumEntries + 1,
                message: "more than \(V4L2CtlImportLimits.maximumEntries) lines; not one machine's ALSA listing")
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

    private mutating func readLine(_ line: Substring, trimmed t: Substring, n: Int, next: Substring?) throws(V4L2CtlImportError) {
        let indent = ALSATextSyntax.indent(line)
        if t.hasPrefix("****"), t.hasSuffix("****") {
            // The stream's name is not translated: `List of PLAYBACK Hardware Devices`, `Liste der Hardware-Geräte (PLAYBACK)`.
            section = t.contains("PLAYBACK") ? .playback : .capture
            lastPCM = nil
            return
        }
        if let d = ALSATextDeviceLine(line) {
            sawDeviceList = true
            if section != .capture && section != .playback { section = .capture }
            guard section == .capture else {
                skippedPlayback += 1
                lastPCM = nil
                return
            }
            let c = try card(d.cardID, n: n)
            cards[c].setCard(d.card, line: n)
            cards[c].setName(d.cardName, line: n)
            guard cards[c].pcms.count < Self.maximumPCMsPerCard || cards[c].pcms.contains(where: { $0.device == d.device }) else {
                throw V4L2CtlImportError(file: file, line: n, message: "more than \(Self.maximumPCMsPerCard) PCM devices on card \(d.card)")
            }
            lastPCM = (c, cards[c].pcm(d.device, name: d.pcmName, line: n))
            skippedDevice = false
            return
        }
        if section == .capture || section == .playback {
            if let s = ALSATextSubdevicesLine(line) {
                guard section == .capture else { return }
                guard let (c, p) = lastPCM else {
                    if !skippedDevice { try malformed(n, "a subdevice count before any device line") }
                    return
                }
                if cards[c].pcms[p].subdevices == nil { cards[c].pcms[p].subdevices = s.total }
                return
            }
            if ALSATextSubdeviceLine(line) != nil {
                guard section == .capture else { return }
                guard let (c, p) = lastPCM else {
                    if !skippedDevice { try malformed(n, "a subdevice before any device line") }
                    return
                }
                cards[c].pcms[p].subdeviceLines += 1
                return
            }
        }
        if let k = ALSATextCardsLine(line) {
            sawCardsFile = true
            section = .cards
            let c = try card(k.cardID, n: n)
            cards[c].setCard(k.card, line: n)
            cards[c].setName(k.name, line: n)
            if cards[c].driver == nil {
                cards[c].driver = k.driver
                cards[c].saw("identity.driver", line: n)
                if k.driver == "USB-Audio" {
                    cards[c].usbDriver = true
                    cards[c].saw("transport", line: n)
                }
            }
            longNameOf = (c, indent)
            return
        }
        if section == .cards, let (c, cardsIndent) = longNameOf, indent > cardsIndent {
            longNameOf = nil
            readLongName(String(t), card: c, n: n)
            return
        }
        if section == .pcmList, let e = entry, indent > e.indent {
            readDescription(t, n: n)
            return
        }
        if let name = ALSATextPCMName(line), startsPCMEntry(indent: indent, next: next) {
            sawPCMList = true
            section = .pcmList
            var c: Int?
            if let id = name.cardID {
                let i = try card(id, n: n)
                c = i
                if let d = name.device {
                    guard cards[i].pcms.count < Self.maximumPCMsPerCard || cards[i].pcms.contains(where: { $0.device == d }) else {
                        throw V4L2CtlImportError(
                            file: file, line: n, message: "more than \(Self.maximumPCMsPerCard) PCM devices on card \(id)")
                    }
                    _ = cards[i].pcm(d, name: "", line: n)
                }
            }
            current = c
            entry = (name, c, indent, 0)
            return
        }
        if t.contains("no soundcards") || t.hasPrefix("--- ") {
            return  // arecord's and the kernel's "no card" messages: the missing card is reported at the end
        }
        try malformed(n, "not a line of arecord -l, arecord -L or /proc/asound/cards")
    }

    /// Whether a bare name starts an arecord -L entry: inside arecord -L output at its names' column, or followed by
    /// a deeper indented description that is not one of arecord -l's subdevice lines.
    private func startsPCMEntry(indent: Int, next: Substring?) -> Bool {
        if section == .pcmList, let e = entry, indent <= e.indent { return true }
        guard let next, ALSATextSyntax.indent(next) > indent else { return false }
        return ALSATextSubdevicesLine(next) == nil && ALSATextSubdeviceLine(next) == nil && ALSATextDeviceLine(next) == nil
    }

    private mutating func readLongName(_ longName: String, card c: Int, n: Int) {
        guard cards[c].longName == nil else { return }
        cards[c].longName = longName
        cards[c].saw("audio.longName", line: n)
        if let usb = ALSATextUSBPath(longName: longName) {
            cards[c].usb = usb
            cards[c].saw("identity.busInfo", line: n)
            cards[c].provenance["transport"] = n
        } else if cards[c].usbDriver {
            notes.append(
                "card \(cards[c].cardID): the long name (line \(n)) does not end in a complete USB path; its bus is unknown")
        }
    }

    private mutating func readDescription(_ t: Substring, n: Int) {
        guard var e = entry else { return }
        e.descriptions += 1
        entry = e
        guard e.descriptions == 1, let c = e.card else { return }
        let names = ALSATextPCMName.names(description: t)
        cards[c].setName(names.card, line: n)
        if let d = e.name.device, let pcmName = names.pcm, let p = cards[c].pcms.firstIndex(where: { $0.device == d }),
            cards[c].pcms[p].name.isEmpty
        {
            cards[c].pcms[p].name = pcmName
        }
    }

    /// The index of the card with ALSA id `id`, added when new.
    private mutating func card(_ id: String, n: Int) throws(V4L2CtlImportError) -> Int {
        if let i = cards.firstIndex(where: { $0.cardID == id }) {
            current = i
            return i
        }
        guard cards.count < Self.maximumCards else {
            throw V4L2CtlImportError(file: file, line: n, message: "more than \(Self.maximumCards) cards; not one machine's ALSA listing")
        }
        cards.append(ALSATextCardDraft(cardID: id))
        current = cards.count - 1
        return cards.count - 1
    }

    /// A line that is none of the listings: an error, or with `partial` a problem of the card being read.
    private mutating func malformed(_ n: Int, _ message: String) throws(V4L2CtlImportError) {
        guard partial else { throw V4L2CtlImportError(file: file, line: n, message: message) }
        if section == .capture {
            lastPCM = nil
            skippedDevice = true
        }
        let text = "line \(n): \(message); skipped"
        if let c = current {
            cards[c].problems.append(Problem(kind: .partial, message: text))
        } else {
            notes.append(text)
        }
    }

    private static func nextNonBlank(_ lines: [Substring], after i: Int) -> Substring? {
        lines[(i + 1)...].first { !ALSATextSyntax.trimmed($0).isEmpty }
    }
}
