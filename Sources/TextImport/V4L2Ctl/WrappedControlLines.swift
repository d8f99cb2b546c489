/// Undoes what mail and narrow chat windows do to v4l2-ctl's long control lines: a line cut after a field
/// (`… default=0` / `value=0 flags=inactive`) is joined back to the control it belongs to.
///
/// A line is a continuation when the line above it is a control line (`name 0x… (type) : …`) and it starts with one
/// of v4l2-ctl's fields (`value=`, `flags=`, `default=`, `step=`, `max=`, `dims=`, …), or with ": " after a cut
/// `name 0x… (type)`, or holds the rest of a flag list cut after a comma. The continuation's own line is left blank,
/// so every other line keeps its number.
enum WrappedControlLines {
    static let fields: Set<Substring> = ["min", "max", "step", "default", "value", "flags", "dims", "elem_size", "elems"]

    static func rejoin(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var anchor: Int?
        for i in lines.indices {
            let t = trimmed(lines[i][...])
            if let a = anchor,
                isContinuation(t) || t.hasPrefix(": ") && lines[a].hasSuffix(")")
                    || lines[a].hasSuffix(",") && !t.isEmpty && t.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "," || $0 == " " })
            {
                lines[a] += " " + t
                lines[i] = ""
                continue
            }
            anchor = isControlLine(t) || isControlHead(t) ? i : nil
        }
        return lines.joined(separator: "\n")
    }

    static func trimmed(_ s: Substring) -> Substring {
        guard let a = s.firstIndex(where: { $0 != " " && $0 != "\t" }), let b = s.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return s[s.endIndex...] }
        return s[a...b]
    }

    /// `name 0x00980900 (int)    : min=…`: a type in parentheses (after an id in hex, when v4l2-ctl prints one), then " : ".
    static func isControlLine(_ t: Substring) -> Bool {
        guard let colon = t.firstIndex(of: ":"), t[colon...].dropFirst().first == " " else { return false }
        let h = trimmed(t[..<colon])
        return h.hasSuffix(")") && h.contains("(") && t[colon...].contains("=")
    }

    /// `name 0x00980900 (int)` cut before its colon.
    static func isControlHead(_ t: Substring) -> Bool { !t.contains(":") && t.hasSuffix(")") && t.contains(" 0x") && t.contains("(") }

    /// Only `key=value` fields, whose keys are v4l2-ctl's (`flags=inactive, volatile` counts as one field).
    static func isContinuation(_ t: Substring) -> Bool {
        guard let eq = t.firstIndex(of: "="), fields.contains(t[..<eq]) else { return false }
        return true
    }
}
