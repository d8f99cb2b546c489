/// Text made safe inside HTML: element content and quoted attribute values alike (`&`, `<`, `>`, `"`, `'`).
enum HTML {
    static func escape(_ s: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // C0 and C1 controls (but tab and newline) as references: nothing a driver's name holds can act.
                if (c.value < 0x20 && c != "\n" && c != "\t") || (c.value >= 0x7F && c.value <= 0x9F) {
                    out += "&#x\(String(c.value, radix: 16));"
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out
    }

    /// `name="value"`, escaped.
    static func attr(_ name: String, _ value: some StringProtocol) -> String { " \(name)=\"\(escape(value))\"" }
}
