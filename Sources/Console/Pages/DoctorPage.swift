/// `/doctor`: `camprobe doctor --json`'s findings, worst first, each with its evidence and fix (a busy camera's holder
/// by pid and command, as doctor names it).
enum DoctorPage {
    static func body(_ document: JSONValue) -> String {
        var html = "<h1>Doctor</h1>"
        guard case .array(let findings)? = JSONView.field(document, "findings") else {
            return html + "<p class=\"problem\">doctor gave no findings list.</p>"
        }
        let order = ["error": 0, "warning": 1, "info": 2]
        func severity(_ f: JSONValue) -> String {
            if case .string(let s)? = JSONView.field(f, "severity") { return s }
            return "info"
        }
        let sorted = findings.enumerated().sorted { a, b in
            let (x, y) = (order[severity(a.element)] ?? 3, order[severity(b.element)] ?? 3)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        if sorted.isEmpty { html += "<p>No findings: every check passed.</p>" }
        html += "<ul id=\"findings\">"
        for f in sorted {
            let s = severity(f)
            html += "<li class=\"finding \(HTML.escape(s))\"\(HTML.attr("data-check", text(JSONView.field(f, "check"))))>"
            html += "<strong>\(HTML.escape(s.uppercased()))</strong> \(HTML.escape(text(JSONView.field(f, "title"))))"
            let device = text(JSONView.field(f, "device"))
            if !device.isEmpty { html += " <small>\(HTML.escape(device))</small>" }
            if case .array(let evidence)? = JSONView.field(f, "evidence"), !evidence.isEmpty {
                html += "<ul class=\"evidence\">" + evidence.map { "<li><code>\(HTML.escape(text($0)))</code></li>" }.joined() + "</ul>"
            }
            let fix = text(JSONView.field(f, "fix"))
            if !fix.isEmpty { html += "<p>Fix: <code>\(HTML.escape(fix))</code></p>" }
            html += "</li>"
        }
        return html + "</ul>"
    }

    static func text(_ v: JSONValue?) -> String {
        switch v {
        case .string(let s)?: s
        case .number(let n)?: String(n)
        default: ""
        }
    }
}
