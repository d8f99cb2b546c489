/// JSON and XML written to standard output under a locale that is not UTF-8
/// (`LC_ALL=C`): every non-ASCII character becomes an escape the format itself
/// defines (`\u00b5` in JSON, `&#xB5;` in XML), so the document means the same
/// and the terminal gets only ASCII. Files camprobe writes stay UTF-8.
enum ASCIIDocuments {
    /// `bytes` as they are under a UTF-8 locale, else with non-ASCII escaped.
    static func forStandardOutput(_ bytes: [UInt8], xml: Bool = false) -> [UInt8] {
        guard TerminalText.asciiOnly, bytes.contains(where: { $0 >= 0x80 }) else { return bytes }
        return escaped(bytes, xml: xml)
    }

    /// Every scalar above U+007F of UTF-8 `bytes` escaped (JSON: UTF-16 `\uXXXX`, pairs above U+FFFF).
    static func escaped(_ bytes: [UInt8], xml: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        for s in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if s.isASCII {
                out.append(UInt8(s.value))
            } else if xml {
                out += Array("&#x\(String(s.value, radix: 16, uppercase: true));".utf8)
            } else {
                for unit in String(s).utf16 {
                    let hex = String(unit, radix: 16)
                    out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                }
            }
        }
        return out
    }
}
