/// Writes a `JSONTree` as `JSONEncoder` writes JSON with `.sortedKeys` and
/// `.withoutEscapingSlashes` (and `.prettyPrinted` when `pretty`): members sorted
/// by the UTF-8 bytes of their keys, the last of equal keys kept; `"`, `\`, and
/// U+0000–U+001F escaped (`\n`, `\r`, `\t`, `\b`, `\f`, else `\u00XX`), every other
/// character as it is; pretty output indented by two spaces with `"key" : value`,
/// and an empty container written `[`, an empty line, then `]` at its indentation.
struct JSONTreeWriter {
    let pretty: Bool
    var bytes: [UInt8] = []
    /// The bytes of each shared container (`EncodingMemo`), per indentation depth.
    private var fragments: [FragmentKey: [UInt8]] = [:]

    private struct FragmentKey: Hashable {
        let node: ObjectIdentifier
        let depth: Int
    }

    init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(1 << 16)
    }

    mutating func write(_ node: JSONTree, depth: Int) {
        let shared: ObjectIdentifier?
        switch node {
        case .object(let o) where o.shared: shared = ObjectIdentifier(o)
        case .array(let a) where a.shared: shared = ObjectIdentifier(a)
        default: shared = nil
        }
        guard let shared else { return writeFresh(node, depth: depth) }
        let key = FragmentKey(node: shared, depth: depth)
        if let known = fragments[key] {
            bytes += known
            return
        }
        let start = bytes.count
        writeFresh(node, depth: depth)
        fragments[key] = Array(bytes[start...])
    }

    private mutating func writeFresh(_ node: JSONTree, depth: Int) {
        switch node {
        case .null: bytes += "null".utf8
        case .bool(let b): bytes += (b ? "true" : "false").utf8
        case .number(let n): bytes += n.utf8
        case .string(let s): string(s)
        case .array(let a):
            open(UInt8(ascii: "["), empty: a.items.isEmpty, depth: depth)
            for (i, item) in a.items.enumerated() {
                separator(first: i == 0, depth: depth + 1)
                write(item, depth: depth + 1)
            }
            close(UInt8(ascii: "]"), depth: depth)
        case .object(let o):
            let members = Self.sorted(o.members)
            open(UInt8(ascii: "{"), empty: members.isEmpty, depth: depth)
            for (i, m) in members.enumerated() {
                separator(first: i == 0, depth: depth + 1)
                string(m.key)
                bytes += pretty ? " : ".utf8 : ":".utf8
                write(m.value, depth: depth + 1)
            }
            close(UInt8(ascii: "}"), depth: depth)
        }
    }

    /// Members by key bytes; of equal keys the one encoded last.
    static func sorted(_ members: [(key: String, value: JSONTree)]) -> [(key: String, value: JSONTree)] {
        // Already in strictly increasing order (often so): nothing to sort, no key repeated.
        if zip(members, members.dropFirst()).allSatisfy({ precedes($0.key, $1.key) }) { return members }
        let order = members.indices.sorted { a, b in
            let (x, y) = (members[a].key, members[b].key)
            return x == y ? a < b : precedes(x, y)
        }
        var out: [(key: String, value: JSONTree)] = []
        out.reserveCapacity(members.count)
        for i in order {
            if let last = out.last, last.key == members[i].key { out.removeLast() }
            out.append(members[i])
        }
        return out
    }

    private mutating func open(_ bracket: UInt8, empty: Bool, depth: Int) {
        bytes.append(bracket)
        if pretty && empty { bytes.append(0x0A) }
    }

    private mutating func separator(first: Bool, depth: Int) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        if pretty { newline(depth) }
    }

    private mutating func close(_ bracket: UInt8, depth: Int) {
        if pretty { newline(depth) }
        bytes.append(bracket)
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 128)

    private mutating func newline(_ depth: Int) {
        bytes.append(0x0A)
        var n = depth * 2
        while n > 0 {
            let k = min(n, Self.spaces.count)
            bytes += Self.spaces[..<k]
            n -= k
        }
    }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s, compared on the strings' own storage.
    static func precedes(_ a: String, _ b: String) -> Bool {
        var (a, b) = (a, b)
        return a.withUTF8 { x in b.withUTF8 { y in x.lexicographicallyPrecedes(y) } }
    }

    /// `s` quoted and escaped; runs of bytes that need no escape are copied whole.
    private mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            var from = 0
            for (i, b) in utf8.enumerated() where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                bytes += utf8[from..<i]
                escape(b)
                from = i + 1
            }
            bytes += utf8[from...]
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ b: UInt8) {
        switch b {
        case UInt8(ascii: "\""): bytes += #"\""#.utf8
        case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
        case 0x0A: bytes += #"\n"#.utf8
        case 0x0D: bytes += #"\r"#.utf8
        case 0x09: bytes += #"\t"#.utf8
        case 0x08: bytes += #"\b"#.utf8
        case 0x0C: bytes += #"\f"#.utf8
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes += #"\u00"#.utf8
            bytes.append(hex[Int(b >> 4)])
            bytes.append(hex[Int(b & 0xF)])
        }
    }
}
