/// The fixture files' text: one space of indent per level, `", "`-free lines (`,` then a newline),
/// `": "` after a key, `[]` and `{}` when empty, and only ASCII (anything else as `\uXXXX`), as the
/// committed fixtures have always been written.
///
/// Key order is the fixture types' own (their `Codable` declaration order), with two exceptions that keep the
/// committed files as they are: a format's `flags` come after its `sizes`, and a USB parent's `product` and
/// `serial` come last. An object whose keys are all numbers (a control's menu) is written by index.
enum FixtureJSONText {
    /// Keys written after the others, by the key the object is held under (for array elements, the array's key).
    static let keysLast: [String: [String]] = ["formats": ["flags"], "parent": ["product", "serial"]]

    static func text(_ tree: FixtureTree) -> String {
        var out = ""
        write(tree, under: nil, level: 0, into: &out)
        return out + "\n"
    }

    static func write(_ tree: FixtureTree, under holder: String?, level: Int, into out: inout String) {
        let inner = String(repeating: " ", count: level + 1)
        switch tree {
        case .object(let entries):
            guard !entries.isEmpty else { return out += "{}" }
            out += "{\n"
            for (i, e) in ordered(entries, under: holder).enumerated() {
                out += inner + quoted(e.key) + ": "
                write(e.value, under: e.key, level: level + 1, into: &out)
                out += i == entries.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: level) + "}"
        case .array(let items):
            guard !items.isEmpty else { return out += "[]" }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                write(item, under: holder, level: level + 1, into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: level) + "]"
        case .string(let s): out += quoted(s)
        case .number(let n): out += n
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    static func ordered(_ entries: [FixtureTree.Member], under holder: String?) -> [FixtureTree.Member] {
        let indexes = entries.map { Int($0.key) }
        if !entries.isEmpty, !indexes.contains(nil) {
            return zip(indexes, entries).sorted { $0.0! < $1.0! }.map(\.1)
        }
        let last = holder.flatMap { keysLast[$0] } ?? []
        return entries.filter { !last.contains($0.key) } + last.compactMap { k in entries.first { $0.key == k } }
    }

    /// A JSON string with every character outside printable ASCII escaped.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case " "..."~": out.unicodeScalars.append(u)
            default:
                for unit in String(u).utf16 { out += "\\u" + hex4(unit) }
            }
        }
        return out + "\""
    }

    static func hex4(_ v: UInt16) -> String {
        let digits = String(v, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
