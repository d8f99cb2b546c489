/// A small HTML builder: every string that goes in as text or as an attribute
/// value is escaped (device and profile strings may hold `<`, `&` and quotes),
/// and every element opened is closed, in order, by `close()` or `element`.
///
/// Markup that is not escaped goes in only through `raw`, which the report uses
/// for SVG it built with the same escaping (`HTMLDocument.escape`).
package struct HTMLDocument {
    private(set) var text = ""
    private var open: [String] = []

    /// Elements that have no end tag.
    static let void: Set<String> = ["br", "hr", "img", "meta", "link", "col"]

    /// `&`, `<`, `>`, `"` and `'` as entities; C0/C1 controls (other than tab and newline), which HTML does not
    /// allow, are shown as `\u{1B}` the way the terminal output shows them.
    package static func escape(_ s: String) -> String {
        // Most text (names, numbers, fourccs) needs nothing: returned as it is, without a copy.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) {
            return s
        }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(u)
            case _ where u.value < 0x20 || (0x7F...0x9F).contains(u.value):
                out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// `name="value"` pairs, each value escaped; a nil value leaves the attribute out.
    static func attributes(_ attrs: KeyValuePairs<String, String?>) -> String {
        var s = ""
        for (k, v) in attrs {
            guard let v else { continue }
            s += " \(k)=\"\(escape(v))\""
        }
        return s
    }

    /// Opens `tag`; close it with `close()`.
    mutating func open(_ tag: String, _ attrs: KeyValuePairs<String, String?> = [:]) {
        text += "<\(tag)\(Self.attributes(attrs))>"
        if !Self.void.contains(tag) { open.append(tag) }
    }

    /// Closes the innermost open element.
    mutating func close() {
        guard let tag = open.popLast() else { return }
        text += "</\(tag)>"
        if ["p", "tr", "table", "section", "div", "ul", "li", "h1", "h2", "h3", "h4", "figure", "thead", "tbody"].contains(tag) {
            text += "\n"
        }
    }

    /// `<tag>escaped text</tag>`.
    mutating func element(_ tag: String, _ content: String, _ attrs: KeyValuePairs<String, String?> = [:]) {
        open(tag, attrs)
        text += Self.escape(content)
        close()
    }

    /// An element whose content `body` writes.
    mutating func element(_ tag: String, _ attrs: KeyValuePairs<String, String?> = [:], _ body: (inout HTMLDocument) -> Void) {
        let depth = open.count
        open(tag, attrs)
        body(&self)
        while open.count > depth { close() }
    }

    /// Escaped text.
    mutating func text(_ s: String) { text += Self.escape(s) }

    /// Markup written as it is: only for markup built with `escape` (the SVG charts).
    mutating func raw(_ markup: String) { text += markup }

    /// A table: a header row and rows of escaped cells; `rowClass` gives a row its class (e.g. `added`).
    mutating func table(
        _ header: [String], _ rows: [[String]], class cls: String? = nil, id: String? = nil, rowClass: (Int) -> String? = { _ in nil }
    ) {
        element("table", ["class": cls, "id": id]) { t in
            t.element("thead") { h in
                h.element("tr") { r in for c in header { r.element("th", c) } }
            }
            t.element("tbody") { b in
                for (i, row) in rows.enumerated() {
                    b.element("tr", ["class": rowClass(i)]) { r in for c in row { r.element("td", c) } }
                }
            }
        }
    }

    /// The finished document: everything still open is closed.
    mutating func finish() -> String {
        while !open.isEmpty { close() }
        return text
    }

    /// A whole page: doctype, head with the inline style sheet, and `body`'s content.
    static func page(title: String, _ body: (inout HTMLDocument) -> Void) -> String {
        var d = HTMLDocument()
        d.raw("<!DOCTYPE html>\n")
        d.element("html", ["lang": "en"]) { html in
            html.element("head") { head in
                head.open("meta", ["charset": "utf-8"])
                head.open("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
                head.element("title", title)
                head.element("style") { s in s.raw(ReportStyle.css) }
            }
            html.element("body") { b in body(&b) }
        }
        return d.finish() + "\n"
    }
}

/// The report's one style sheet, inline: readable at 1280 px, printable.
enum ReportStyle {
    static let css = """
        :root { --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --bg2: #f6f8fa; --accent: #0969da;
          --ok: #1a7f37; --warn: #9a6700; --bad: #cf222e; }
        * { box-sizing: border-box; }
        body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--fg);
          max-width: 1240px; margin: 0 auto; padding: 16px 20px 48px; }
        h1 { font-size: 24px; margin: 8px 0 4px; } h2 { font-size: 20px; margin: 32px 0 8px; border-bottom: 2px solid var(--line); }
        h3 { font-size: 16px; margin: 20px 0 6px; } h4 { font-size: 14px; margin: 14px 0 4px; }
        .meta { color: var(--muted); }
        table { border-collapse: collapse; margin: 6px 0 14px; width: 100%; }
        th, td { border: 1px solid var(--line); padding: 3px 7px; text-align: left; vertical-align: top; overflow-wrap: break-word; }
        td.valid, td.adjusted, td.unsupported, td.mono { white-space: nowrap; }
        th { background: var(--bg2); font-weight: 600; }
        table.facts th { width: 180px; }
        code, .mono { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13px; }
        .valid { color: var(--ok); font-weight: 600; } .adjusted { color: var(--warn); font-weight: 600; }
        .unsupported { color: var(--bad); font-weight: 600; }
        tr.added td { background: #dafbe1; } tr.removed td { background: #ffebe9; } tr.changed td { background: #fff8c5; }
        .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(580px, 1fr)); gap: 12px; }
        .side { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 16px; }
        .side > div { min-width: 0; overflow-x: auto; } .side .charts { grid-template-columns: minmax(0, 1fr); } .side td.mono { white-space: normal; }
        figure { margin: 0; border: 1px solid var(--line); padding: 6px; background: #fff; }
        figcaption { font-weight: 600; margin-bottom: 4px; }
        figure.removed { border: 2px solid var(--bad); } figure.added { border: 2px solid var(--ok); }
        svg { max-width: 100%; height: auto; }
        .problem { color: var(--bad); } .warning { color: var(--warn); } .diagnosis { color: var(--ok); }
        .snapshot img { max-width: 480px; border: 1px solid var(--line); }
        @media print {
          body { max-width: none; padding: 0; font-size: 11px; }
          h2 { break-before: page; } h2:first-of-type { break-before: avoid; }
          figure, tr { break-inside: avoid; }
          .charts { grid-template-columns: 1fr 1fr; }
          a { color: inherit; text-decoration: none; }
        }
        """
}
