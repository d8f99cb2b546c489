import Reporting

/// Text made safe inside HTML, element content and quoted attribute values alike: the report's escaping
/// (`HTMLDocument.escape`: `&`, `<`, `>`, `"`, `'`, and controls shown as the terminal shows them).
enum HTML {
    static func escape(_ s: some StringProtocol) -> String { HTMLDocument.escape(String(s)) }

    /// `name="value"`, escaped.
    static func attr(_ name: String, _ value: some StringProtocol) -> String { " \(name)=\"\(escape(value))\"" }
}
