/// Values spelled as text, one way for every output that says them (`show`, `ctl`, `monitor`, the HTML and Markdown
/// reports): a size's frame rates, a control's value, one value inside a line or a cell.
package enum ValueText {
    /// A frame size's rates, without the size: `show`'s size line after the size, with a stepwise size's step.
    package static func rates(_ s: FrameSize) -> String {
        switch s {
        case .discrete(_, let iv): intervals(iv)
        case .stepwise(let lo, let hi, let step, let a, let b): "step \(step.width)/\(step.height): " + ends(lo, hi, a, b)
        case .continuous(let lo, let hi, let a, let b): ends(lo, hi, a, b)
        }
    }

    /// The rates at both ends of a range, said once when they are the same.
    package static func ends(_ lo: Dimensions, _ hi: Dimensions, _ a: FrameIntervals, _ b: FrameIntervals) -> String {
        a == b ? intervals(a) : "at \(lo) \(intervals(a)); at \(hi) \(intervals(b))"
    }

    package static func fps(_ d: FrameDuration) -> String {
        guard let f = d.fps else { return "invalid (\(d.interval))" }
        return formatFPS(f)
    }

    /// A list of intervals as rates; a rate the driver repeats is said once (the exact intervals stay in the profile).
    package static func intervals(_ iv: FrameIntervals) -> String {
        switch iv {
        case .discrete(let list):
            var seen = Set<Rational>()
            let once = list.filter { seen.insert($0.interval).inserted }
            return once.isEmpty ? "no frame rates reported" : once.map(fps).joined(separator: ", ") + " fps"
        case .stepwise(let lo, let hi, let step):
            return "\(fps(hi))–\(fps(lo)) fps (stepwise, interval step \(step.interval) s)"
        case .continuous(let lo, let hi):
            return "\(fps(hi))–\(fps(lo)) fps (continuous)"
        case .unknown(let reason):
            return "frame rates unknown: \(reason)"
        }
    }

    /// Arrays show this many elements, then a count.
    package static let shownElements = 16

    /// A control value: rect and area as v4l2-ctl spells them, a string quoted, an array as its first elements and
    /// a count.
    package static func value(_ v: ControlValue) -> String {
        switch v {
        case .integer(let i): String(i)
        case .string(let s): "\"" + field(s) + "\""
        case .rect(let r): r.description
        case .area(let a): a.description
        case .array(let a):
            "["
                + a.prefix(shownElements).map(String.init).joined(separator: ", ")
                + (a.count > shownElements ? ", … (\(a.count) elements)" : "") + "]"
        }
    }

    /// One value inside a line or a cell: newline and tab become `\u{0A}` and `\u{09}`, so the value cannot start a
    /// line or a column.
    package static func field(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 }) else { return value }
        var out = ""
        for u in value.unicodeScalars {
            switch u {
            case "\n": out += "\\u{0A}"
            case "\t": out += "\\u{09}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
