import CaptureModel

/// A control's value and range as text, and the input that writes it.
enum ControlText {
    static func value(_ v: ControlValue) -> String {
        switch v {
        case .integer(let i): String(i)
        case .string(let s): s
        case .array(let a): a.map(String.init).joined(separator: " ")
        case .rect(let r): "\(r)"
        case .area(let a): "\(a)"
        }
    }

    static func range(_ c: Control) -> String {
        switch c.type {
        case "int", "int64": "\(c.minimum)…\(c.maximum) step \(c.step), default \(c.defaultValue)"
        case "bool": "on/off, default \(c.defaultValue == 0 ? "off" : "on")"
        case "menu", "intmenu": c.menu.map { "\($0.index): \($0.name ?? $0.value.map(String.init) ?? "?")" }.joined(separator: ", ")
        default: c.type
        }
    }
}

enum ControlInput {
    /// The input for `c`: a slider, a checkbox, a menu or a button; disabled when controls may not be written, or when
    /// the driver says the control is read-only, disabled or inactive (the reason in its title).
    static func html(_ c: Control, enabled: Bool) -> String {
        let id = HTML.attr("id", "ctl-" + c.key) + HTML.attr("name", c.key)
        var off = enabled ? "" : " disabled title=\"start camprobe-serve with --allow-control to write\""
        let barred = c.flags.names.filter { ["read-only", "disabled", "inactive"].contains($0) }
        if enabled && !barred.isEmpty { off = " disabled" + HTML.attr("title", barred.joined(separator: ", ")) }
        let value = c.value?.integer ?? c.defaultValue
        switch c.type {
        case "int", "int64":
            return "<input type=\"range\"\(id)\(HTML.attr("min", String(c.minimum)))\(HTML.attr("max", String(c.maximum)))"
                + "\(HTML.attr("step", String(max(c.step, 1))))\(HTML.attr("value", String(value)))\(off)> "
        case "bool":
            return "<input type=\"checkbox\"\(id)\(value != 0 ? " checked" : "")\(off)> "
        case "menu", "intmenu":
            var html = "<select\(id)\(off)>"
            for m in c.menu {
                html += "<option\(HTML.attr("value", String(m.index)))\(m.index == value ? " selected" : "")>"
                html += HTML.escape(m.name ?? m.value.map(String.init) ?? String(m.index)) + "</option>"
            }
            return html + "</select> "
        case "button":
            return "<button type=\"button\"\(id)\(HTML.attr("value", "1"))\(off)>\(HTML.escape(c.name))</button> "
        default:
            return ""
        }
    }
}
