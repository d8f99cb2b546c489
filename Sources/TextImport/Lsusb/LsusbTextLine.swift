/// One line of `lsusb -v`, cut into its key, its value and what follows.
///
/// `dwFrameInterval( 0)      333333` has the key `dwFrameInterval(0)` (spaces inside
/// brackets dropped), the base `dwFrameInterval`, the value `333333` and no rest;
/// `idVendor 0x046d Logitech, Inc.` has the rest `Logitech, Inc.`.
struct LsusbTextLine {
    /// 1-based line number in the pasted file.
    var number: Int
    /// The line without leading and trailing blanks.
    var text: Substring
    var key: String
    /// The key without its `( 0)` or `[ 0]` index.
    var base: Substring
    var value: Substring
    var rest: String

    init(number: Int, raw: Substring) {
        self.number = number
        text = raw.drop { $0 == " " || $0 == "\t" }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        var depth = 0
        var keyEnd = text.endIndex
        var key = ""
        for i in text.indices {
            let c = text[i]
            if c == "(" || c == "[" { depth += 1 }
            if c == ")" || c == "]" { depth = max(0, depth - 1) }
            if (c == " " || c == "\t") && depth == 0 {
                keyEnd = i
                break
            }
            if c != " " && c != "\t" { key.append(c) }
        }
        self.key = key
        base = key.prefix { $0 != "(" && $0 != "[" }[...]
        let after = text[keyEnd...].drop { $0 == " " || $0 == "\t" }
        let valueEnd = after.firstIndex { $0 == " " || $0 == "\t" } ?? after.endIndex
        value = after[..<valueEnd]
        rest = String(after[valueEnd...].drop { $0 == " " || $0 == "\t" })
    }

    /// A `bLength`-style field: lsusb's field names start with a lower-case letter.
    var isField: Bool { text.first.map { $0.isASCII && $0.isLowercase } ?? false }

    /// A descriptor's heading, e.g. `VideoStreaming Interface Descriptor:`.
    var isHeading: Bool { text.last == ":" && (text.first?.isUppercase ?? false) && !text.hasPrefix("Bus ") }

    /// A name lsusb prints under a bitmap (`Focus, Auto`): no field, no colon.
    var isBitName: Bool { (text.first?.isUppercase ?? false) && !text.contains(":") }

    /// The value as a number: decimal, or hexadecimal with `0x`.
    var number64: UInt64? { Self.number(value) }

    static func number(_ s: Substring) -> UInt64? {
        if s.hasPrefix("0x") || s.hasPrefix("0X") { return UInt64(s.dropFirst(2), radix: 16) }
        return UInt64(s)
    }

    /// The name in brackets after a subtype (`(FORMAT_MJPEG)` → `FORMAT_MJPEG`), without `VC_`/`VS_`/`AS_`.
    var subtypeName: String? {
        guard rest.hasPrefix("("), let close = rest.firstIndex(of: ")") else { return nil }
        var name = rest[rest.index(after: rest.startIndex)..<close]
        for p in ["VC_", "VS_"] where name.hasPrefix(p) { name = name.dropFirst(p.count) }
        return String(name)
    }
}
