import FoundationEssentials
import ProfileFormat

#if canImport(Glibc)
    import Glibc
#endif

/// Pretty-printed JSON on stdout.
enum JSONOutput {
    static func print<T: Encodable>(_ value: T) throws {
        // The bytes JSONEncoder would write with [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes].
        let data = try SortedJSONEncoder(prettyPrinted: true).encode(value)
        // Written straight from the encoder's buffer unless something needs escaping (no copy of a large document).
        if data.withUnsafeBytes({ JSONText.hasControls($0) }) || TerminalText.asciiOnly {
            StandardOutput.raw(ASCIIDocuments.forStandardOutput(JSONText.escapingControls(data)))
        } else {
            data.withUnsafeBytes { StandardOutput.raw($0) }
        }
        StandardOutput.raw([0x0A])
    }
}

/// Documents (JSON, XML) that are safe on a terminal too.
enum JSONText {
    /// `json` with DEL and the C1 controls (U+007F–U+009F), which the encoder
    /// leaves raw inside strings, written as `\u007f`…`\u009f`: the same JSON
    /// value, and nothing a terminal would act on (the encoder already escapes
    /// U+0000–U+001F). Unchanged, without a copy, when there are none.
    static func escapingControls(_ json: [UInt8]) -> [UInt8] {
        escapingControls(json) { b in Array("\\u00".utf8) + [TerminalText.hexDigit(b >> 4), TerminalText.hexDigit(b & 0xF)] }
    }

    /// `xml` with DEL and the C1 controls written as character references
    /// (`&#x7F;`…`&#x9F;`), the same document (the writer already replaces
    /// the C0 controls XML forbids).
    static func escapingXMLControls(_ xml: [UInt8]) -> [UInt8] {
        escapingControls(xml) { b in
            Array("&#x".utf8) + [
                TerminalText.hexDigit(b >> 4, upper: true), TerminalText.hexDigit(b & 0xF, upper: true), UInt8(ascii: ";"),
            ]
        }
    }

    /// Whether UTF-8 `bytes` hold DEL or a C1 control. Searched with `memchr(3)` (DEL, then each
    /// 0xC2 lead byte): a document is mostly ASCII, and a byte-by-byte loop cost `show --json` about
    /// 7 M instructions (Reports/benchmarks.md §18).
    static func hasControls(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        if memchr(base, 0x7F, bytes.count) != nil { return true }
        var from = 0
        while from < bytes.count, let hit = memchr(base + from, 0xC2, bytes.count - from) {
            let i = base.distance(to: UnsafeRawPointer(hit))
            if i + 1 < bytes.count && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F { return true }
            from = i + 1
        }
        return false
    }

    /// UTF-8 `bytes` with U+007F–U+009F replaced by `escape(scalar)`.
    static func escapingControls(_ bytes: [UInt8], _ escape: (UInt8) -> [UInt8]) -> [UInt8] {
        guard bytes.withUnsafeBytes({ hasControls($0) }) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x7F {
                out += escape(b)
                i += 1
            } else if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F {
                out += escape(bytes[i + 1])
                i += 2
            } else {
                out.append(b)
                i += 1
            }
        }
        return out
    }
}
