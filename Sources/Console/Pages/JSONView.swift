/// Any JSON value as nested HTML: objects as definition lists, lists as lists, scalars as text (the capture
/// features, whose fields are the document's own).
enum JSONView {
    static func html(_ v: JSONValue, depth: Int = 0) -> String {
        guard depth < 12 else { return "…" }
        switch v {
        case .null: return "<em>unknown</em>"
        case .bool(let b): return b ? "yes" : "no"
        case .number(let n): return HTML.escape(n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n))
        case .string(let s): return HTML.escape(s)
        case .array(let a):
            if a.isEmpty { return "<em>none</em>" }
            return "<ul>" + a.map { "<li>" + html($0, depth: depth + 1) + "</li>" }.joined() + "</ul>"
        case .object(let o):
            return "<dl>"
                + o.sorted { $0.key < $1.key }.map { "<dt>\(HTML.escape($0.key))</dt><dd>\(html($0.value, depth: depth + 1))</dd>" }
                .joined() + "</dl>"
        }
    }

    /// The field at `path` of an object.
    static func field(_ v: JSONValue?, _ path: String...) -> JSONValue? {
        var at = v
        for key in path {
            guard case .object(let o)? = at else { return nil }
            at = o[key]
        }
        return at
    }
}
