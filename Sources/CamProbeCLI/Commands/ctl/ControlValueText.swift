import CamProbe

/// A control value as `show` and `ctl` print it: rect and area as v4l2-ctl
/// spells them, arrays as their first elements and a count.
enum ControlValueText {
    static let shownElements = 16

    static func text(_ v: ControlValue) -> String {
        switch v {
        case .integer(let i): String(i)
        case .string(let s): "\"" + TerminalText.field(s) + "\""
        case .rect(let r): r.description
        case .area(let a): a.description
        case .array(let a):
            "["
                + a.prefix(shownElements).map(String.init).joined(separator: ", ")
                + (a.count > shownElements ? ", … (\(a.count) elements)" : "") + "]"
        }
    }
}
