import CaptureModel

/// One `--list-ctrls` line: `name 0x00980900 (int) : min=0 max=255 step=1 default=128 value=128 flags=inactive`
/// (the ID is absent in old dumps), and the menu lines under menu controls.
enum ControlLineParser {
    /// Parses a control line; nil when the line is not one.
    static func parse(_ line: Substring) -> (name: String, id: UInt32?, type: String, fields: Substring)? {
        let t = line.trimmed
        guard let open = t.firstIndex(of: "("), let close = t[open...].firstIndex(of: ")"), let colon = t[close...].firstIndex(of: ":")
        else {
            return nil
        }
        let head = t[t.startIndex..<open].split(separator: " ", omittingEmptySubsequences: true)
        guard let name = head.first, head.count <= 2, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        guard t[t.index(after: close)..<colon].allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        var id: UInt32?
        if head.count == 2 {
            guard head[1].hasPrefix("0x"), let v = UInt32(head[1].dropFirst(2), radix: 16) else { return nil }
            id = v
        }
        let type = String(t[t.index(after: open)..<close])
        guard !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
        return (String(name), id, type, t[t.index(after: colon)...].trimmed)
    }

    /// Where the next ` key=` (a blank, then `[a-z_]+`, then `=`) starts in `s`.
    static func nextKey(_ s: Substring) -> Substring.Index? {
        var i = s.startIndex
        while let blank = s[i...].firstIndex(of: " ") {
            let key = s[s.index(after: blank)...].prefix { $0.isASCII && ($0.isLowercase || $0 == "_") }
            if !key.isEmpty, key.endIndex < s.endIndex, s[key.endIndex] == "=" { return blank }
            i = s.index(after: blank)
        }
        return nil
    }

    /// `min=0 max=255 … value='abc def' flags=inactive, volatile dims=[8][16]`.
    static func fields(_ s: Substring) -> [String: Substring] {
        var out: [String: Substring] = [:]
        var rest = s
        var steps = 0
        while let eq = rest.firstIndex(of: "="), steps < 64 {
            steps += 1
            let key = String(rest[rest.startIndex..<eq].trimmed)
            var after = rest[rest.index(after: eq)...]
            let value: Substring
            if key == "flags" {
                // "flags=inactive, volatile" runs to the next " key=" or the end.
                if let next = nextKey(after) {
                    value = after[after.startIndex..<next]
                    after = after[next...]
                } else {
                    value = after
                    after = after[after.endIndex...]
                }
            } else if after.first == "'" {
                let body = after.dropFirst()
                if let end = body.firstIndex(of: "'") {
                    value = body[body.startIndex..<end]
                    after = body[body.index(after: end)...]
                } else {
                    value = body
                    after = after[after.endIndex...]
                }
            } else if let sp = after.firstIndex(of: " ") {
                value = after[after.startIndex..<sp]
                after = after[sp...]
            } else {
                value = after
                after = after[after.endIndex...]
            }
            out[key] = value.trimmed
            rest = after
        }
        return out
    }

    /// A menu entry line: `\t\t\t\t1: Manual Mode` or an intmenu `0: 1 (0x1)`.
    static func menuItem(_ line: Substring, intMenu: Bool) -> MenuItem? {
        guard line.first == "\t" || line.hasPrefix("    "), let kv = line.keyValue, let index = Int64(kv.key) else { return nil }
        if intMenu {
            let number = kv.value.split(separator: " ").first.flatMap { Int64($0) }
            return MenuItem(index: index, value: number)
        }
        return MenuItem(index: index, name: String(kv.value))
    }
}
