/// What one line of `udevadm info` text is.
enum UdevadmTextLine: Equatable {
    case blank
    /// `P: /devices/…`, `N: video0`, `E: KEY=VALUE`: a field of a `--query=all` record.
    case field(tag: Character, value: String)
    /// `looking at device '…':` (`parent` false) or `looking at parent device '…':`.
    case lookingAt(devpath: String, parent: Bool)
    /// `KERNEL=="video0"`, `ATTRS{idVendor}=="046d"`: a key of an attribute walk.
    case key(name: String, attribute: String?, value: String)
    /// The prose `--attribute-walk` writes before its first device.
    case walkPreamble
    case other

    /// The kind of one (normalized) line.
    static func classify(_ raw: Substring) -> UdevadmTextLine {
        var t = raw.drop { $0 == " " || $0 == "\t" }
        while let l = t.last, l == " " || l == "\t" { t.removeLast() }
        guard let first = t.first else { return .blank }
        if first.isASCII, first.isUppercase, t.dropFirst().first == ":" {
            let rest = t.dropFirst(2)
            if rest.isEmpty { return .field(tag: first, value: "") }
            if rest.first == " " { return .field(tag: first, value: String(rest.dropFirst())) }
        }
        for (prefix, parent) in [("looking at device '", false), ("looking at parent device '", true)] where t.hasPrefix(prefix) {
            var path = t.dropFirst(prefix.count)
            if path.hasSuffix(":") { path.removeLast() }
            guard path.hasSuffix("'") else { return .other }
            return .lookingAt(devpath: String(path.dropLast()), parent: parent)
        }
        if t.hasPrefix("Udevadm info starts with") { return .walkPreamble }
        return key(t) ?? .other
    }

    /// `NAME=="value"` or `NAME{attribute}=="value"`.
    static func key(_ t: Substring) -> UdevadmTextLine? {
        let name = t.prefix { $0.isASCII && $0.isUppercase }
        guard !name.isEmpty else { return nil }
        var rest = t.dropFirst(name.count)
        var attribute: String?
        if rest.first == "{" {
            guard let close = rest.firstIndex(of: "}") else { return nil }
            attribute = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        }
        guard rest.hasPrefix("==\""), rest.hasSuffix("\""), rest.count >= 4 else { return nil }
        return .key(name: String(name), attribute: attribute, value: String(rest.dropFirst(3).dropLast()))
    }
}
