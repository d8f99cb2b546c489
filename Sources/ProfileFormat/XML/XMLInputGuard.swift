/// Checks made on raw bytes before libxml2 sees them, so that hostile input
/// (entity expansion, external entities, huge documents) never reaches the parser.
enum XMLInputGuard {
    /// Deepest element nesting accepted; a profile needs 9.
    static let maximumDepth = 32

    /// Issues that forbid parsing at all; empty when the bytes may be parsed.
    ///
    /// Refuses more than 64 MiB, UTF-16/UTF-32 (profiles are UTF-8; the reader
    /// also forces UTF-8), and any `<!DOCTYPE` in the prolog: a profile has
    /// no DTD, and without one there are no entity declarations to expand.
    static func check(_ bytes: [UInt8]) -> [ProfileIssue] {
        if bytes.count > profileMaximumBytes {
            return [ProfileIssue(message: "the document is \(bytes.count) bytes; profiles larger than 64 MiB are refused")]
        }
        if bytes.count >= 2,
            (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) || bytes[0] == 0 || bytes[1] == 0
        {
            return [ProfileIssue(line: 1, message: "the document is not UTF-8; profiles are UTF-8")]
        }
        if let line = doctypeLine(bytes) {
            return [
                ProfileIssue(
                    line: line,
                    message:
                        "the document has a DOCTYPE (a DTD, possibly with entity declarations); profiles must not, and it was not parsed")
            ]
        }
        return []
    }

    /// The line of a `<!DOCTYPE` before the root element, if any. Walks the
    /// prolog only: the XML declaration, comments, processing instructions and blanks.
    static func doctypeLine(_ b: [UInt8]) -> Int? {
        var i = 0
        var line = 1
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        func skip(past end: [UInt8]) {
            while i < b.count, !b[i...].starts(with: end) {
                if b[i] == 0x0A { line += 1 }
                i += 1
            }
            i = min(b.count, i + end.count)
        }
        while i < b.count {
            switch b[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A:
                line += 1
                i += 1
            case UInt8(ascii: "<"):
                let rest = b[i...]
                if rest.starts(with: Array("<?".utf8)) {
                    skip(past: Array("?>".utf8))
                } else if rest.starts(with: Array("<!--".utf8)) {
                    skip(past: Array("-->".utf8))
                } else if rest.starts(with: Array("<!".utf8)) {
                    return line
                }  // <!DOCTYPE, or anything else that is not a comment
                else {
                    return nil
                }  // the root element: no DOCTYPE can follow
            default: return nil  // not well-formed; the parser will say so
            }
        }
        return nil
    }
}
