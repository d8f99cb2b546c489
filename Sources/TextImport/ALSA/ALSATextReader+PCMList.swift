/// arecord -L: a PCM name at the listing's left column, then its description on deeper indented lines.
extension ALSATextReader {
    /// Whether the line is arecord -L's.
    mutating func readPCMList(
        _ line: Substring, trimmed t: Substring, indent: Int, n: Int, next: Substring?
    ) throws(TextImportError) -> Bool {
        if section == .pcmList, let e = entry, indent > e.indent {
            readDescription(t, n: n)
            return true
        }
        guard let name = ALSATextPCMName(line), startsEntry(indent: indent, next: next) else { return false }
        sawPCMList = true
        section = .pcmList
        var c: Int?
        if let id = name.cardID {
            let i = try card(id, n: n)
            c = i
            if let d = name.device { _ = try pcm(card: i, device: d, name: "", n: n) }
        }
        current = c
        entry = (name, c, indent, 0)
        return true
    }

    /// Whether a bare name starts an entry: inside arecord -L output at its names' column, or followed by a deeper
    /// indented description that is not one of arecord -l's subdevice lines.
    private func startsEntry(indent: Int, next: Substring?) -> Bool {
        if section == .pcmList, let e = entry, indent <= e.indent { return true }
        guard let next, ALSATextSyntax.indent(next) > indent else { return false }
        return ALSATextSubdevicesLine(next) == nil && ALSATextSubdeviceLine(next) == nil && ALSATextDeviceLine(next) == nil
    }

    /// The first description line names the card and, for a `DEV=` entry, the PCM device.
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
}
