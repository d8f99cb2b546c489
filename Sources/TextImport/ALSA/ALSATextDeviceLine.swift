/// One device line of `arecord -l`, read by its structure rather than its words, which gettext translates:
/// `card 1: C525 [HD Webcam C525], device 0: USB Audio [USB Audio]`,
/// `Karte 1: C525 [HD Webcam C525], Gerät 0: USB Audio [USB Audio]`,
/// `carte 1 : C525 [HD Webcam C525], périphérique 0 : USB Audio [USB Audio]`.
///
/// The form is `WORD N: ID [NAME], WORD N: ID [NAME]`: the card's number, id and name, then the PCM device's.
struct ALSATextDeviceLine: Equatable {
    var card: Int32
    var cardID: String
    var cardName: String
    var device: Int32
    var pcmID: String
    var pcmName: String

    /// nil when the line does not have the structure.
    init?(_ line: Substring) {
        guard line.utf8.count <= ALSATextSyntax.maximumLineLength else { return nil }
        let t = ALSATextSyntax.trimmed(line)
        guard let (card, rest) = ALSATextSyntax.numberedLabel(t) else { return nil }
        // The card part ends at a `], ` followed by the device's own `WORD N: `.
        var search = rest.startIndex
        while let r = rest[search...].firstRange(of: "], ") {
            let cardPart = rest[..<rest.index(after: r.lowerBound)]
            let devicePart = rest[r.upperBound...]
            if let (device, pcm) = ALSATextSyntax.numberedLabel(devicePart),
                let (cardID, cardName) = ALSATextSyntax.idAndName(cardPart),
                let (pcmID, pcmName) = ALSATextSyntax.idAndName(pcm),
                !cardID.contains(" ")
            {
                self.card = card
                self.cardID = cardID
                self.cardName = cardName
                self.device = device
                self.pcmID = pcmID
                self.pcmName = pcmName
                return
            }
            search = r.upperBound
        }
        return nil
    }
}

/// `  Subdevices: 1/1` (`Sub-Geräte: 1/1`, `Sous-périphériques : 1/1`): available / total subdevices.
struct ALSATextSubdevicesLine: Equatable {
    var available: UInt32
    var total: UInt32

    init?(_ line: Substring) {
        let t = ALSATextSyntax.trimmed(line)
        guard let colon = t.lastIndex(of: ":") else { return nil }
        let label = ALSATextSyntax.trimmed(t[..<colon])
        let counts = t[t.index(after: colon)...].split(separator: "/", omittingEmptySubsequences: false)
        guard !label.isEmpty, !label.contains("#"), counts.count == 2, counts[0].first == " ",
            let available = UInt32(ALSATextSyntax.trimmed(counts[0])), let total = UInt32(counts[1])
        else { return nil }
        self.available = available
        self.total = total
    }
}

/// `  Subdevice #0: subdevice #0` (`Sub-Gerät #0: …`, `Sous-périphérique #0 : …`): one subdevice by number.
struct ALSATextSubdeviceLine: Equatable {
    var number: UInt32
    var name: String

    init?(_ line: Substring) {
        let t = ALSATextSyntax.trimmed(line)
        guard let hash = t.firstRange(of: " #") else { return nil }
        let label = t[..<hash.lowerBound]
        let afterHash = t[hash.upperBound...]
        let digits = afterHash.prefix { $0.isASCII && $0.isNumber }
        var rest = afterHash[digits.endIndex...]
        if rest.first == " " { rest = rest.dropFirst() }
        guard !label.isEmpty, !label.contains(":"), let number = UInt32(digits), rest.first == ":" else { return nil }
        self.number = number
        self.name = String(ALSATextSyntax.trimmed(rest.dropFirst()))
    }
}
