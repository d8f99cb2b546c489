/// /proc/asound/cards: a card line, then its long name on a deeper indented line.
extension ALSATextReader {
    /// Whether the line is /proc/asound/cards'.
    mutating func readCardsFile(_ line: Substring, trimmed t: Substring, indent: Int, n: Int) throws(TextImportError) -> Bool {
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
            return true
        }
        guard section == .cards, let (c, cardsIndent) = longNameOf, indent > cardsIndent else { return false }
        longNameOf = nil
        readLongName(String(t), card: c, n: n)
        return true
    }

    /// The long name, and for snd-usb-audio the USB path and speed it ends with.
    private mutating func readLongName(_ longName: String, card c: Int, n: Int) {
        guard cards[c].longName == nil else { return }
        cards[c].longName = longName
        cards[c].saw("audio.longName", line: n)
        if let usb = ALSATextUSBPath(longName: longName) {
            cards[c].usb = usb
            cards[c].saw("identity.busInfo", line: n)
            cards[c].provenance["transport"] = n
        } else if cards[c].usbDriver {
            notes.append("card \(cards[c].cardID): the long name (line \(n)) does not end in a complete USB path; its bus is unknown")
        }
    }
}
