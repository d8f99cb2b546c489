/// The pieces ALSA's listings are built from, told apart by structure only.
enum ALSATextSyntax {
    /// Longer lines are none of ALSA's (names are at most 80 bytes), and are not searched.
    static let maximumLineLength = 1024

    /// The text without leading and trailing blanks.
    static func trimmed(_ s: Substring) -> Substring {
        let start = s.drop { $0 == " " || $0 == "\t" }
        var end = start.endIndex
        while end > start.startIndex, case let c = start[start.index(before: end)], c == " " || c == "\t" {
            end = start.index(before: end)
        }
        return start[..<end]
    }

    /// The columns of a line's indentation (tab stops of 8).
    static func indent(_ s: Substring) -> Int {
        s.prefix { $0 == " " || $0 == "\t" }.reduce(0) { w, c in c == "\t" ? (w / 8 + 1) * 8 : w + 1 }
    }

    /// `WORD N: rest` or `WORD N : rest` (French puts a space before the colon), whatever the word:
    /// the number and what follows `: `. The word has no digit, colon or bracket.
    static func numberedLabel(_ s: Substring) -> (number: Int32, rest: Substring)? {
        guard let colon = s.firstIndex(of: ":") else { return nil }
        var head = s[..<colon]
        if head.last == " " { head = head.dropLast() }
        let digits = head.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        let word = head.dropLast(digits.count)
        guard word.last == " ", case let label = trimmed(word), !label.isEmpty,
            !label.contains(where: { $0.isNumber || $0 == "[" || $0 == "]" })
        else { return nil }
        let after = s[s.index(after: colon)...]
        guard after.first == " ", let number = Int32(String(digits.reversed())) else { return nil }
        return (number, after.dropFirst())
    }

    /// `ID [NAME]`: the id before the first ` [` and the name up to the closing `]` that ends the text.
    static func idAndName(_ s: Substring) -> (id: String, name: String)? {
        guard s.last == "]", let open = s.firstRange(of: " [") else { return nil }
        let id = trimmed(s[..<open.lowerBound])
        guard !id.isEmpty else { return nil }
        return (String(id), String(s[open.upperBound..<s.index(before: s.endIndex)]))
    }
}
