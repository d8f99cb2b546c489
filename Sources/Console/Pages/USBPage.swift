import CamProbe
import CaptureModel

/// `/usb`: each USB bandwidth domain as a bar of what its streams reserve now (kept fresh by the page's script from
/// `/api/usb`), and the form that plans the cameras chosen to stream together (`POST /api/plan`, as
/// `camprobe negotiate --together`), with what gave.
enum USBPage {
    static func body(_ now: USBDomainsNow, cameras: [Device]) -> String {
        var html = "<h1>USB bandwidth</h1><div id=\"domains\">" + domains(now) + "</div>"
        html += "<section><h2>Plan cameras together</h2><form id=\"plan\"><fieldset><legend>Cameras</legend>"
        for d in cameras where !d.captures.isEmpty || d.awaitsCapabilities {
            html += "<label><input type=\"checkbox\" name=\"device\"\(HTML.attr("value", d.id.rawValue)) checked> \(HTML.escape(d.name))"
            html += " <small>\(HTML.escape(d.id.rawValue))</small></label><br>"
        }
        html += "</fieldset><label>Preset <select name=\"preset\">"
        for p in ["high", "medium", "low", "640x480", "1280x720", "1920x1080"] {
            html += "<option\(HTML.attr("value", p))>\(p)</option>"
        }
        html += "</select></label> <button type=\"submit\">Plan</button></form>"
        html += "<div id=\"plan-output\"></div></section>"
        return html
    }

    /// The bars (also drawn by the script from `/api/usb`, the same way).
    static func domains(_ now: USBDomainsNow) -> String {
        var html = ""
        if now.domains.isEmpty { html += "<p class=\"hint\">No USB camera whose bus could be read.</p>" }
        for d in now.domains {
            let percent = Int((d.reserved * 100).rounded())
            html += "<div class=\"domain\"\(HTML.attr("data-domain", d.key))\(HTML.attr("data-reserved", String(d.reserved)))>"
            html += "<h3>\(HTML.escape(d.key)) <small>\(HTML.escape(d.rule))</small></h3>"
            html +=
                "<meter min=\"0\" max=\"1\" low=\"0.6\" high=\"0.8\" optimum=\"0\"\(HTML.attr("value", String(min(d.reserved, 1))))></meter>"
            html += "<p>\(percent) % reserved by what streams now</p><ul>"
            for c in d.cameras {
                let held = c.heldAlt.map { "alternate setting \($0), \(Int(((c.reserved ?? 0) * 100).rounded())) %" } ?? "not streaming"
                html += "<li>\(HTML.escape(c.name)) — \(held)</li>"
            }
            html += "</ul>" + (d.note.map { "<p class=\"hint\">\(HTML.escape($0))</p>" } ?? "") + "</div>"
        }
        for c in now.unread { html += "<p class=\"hint\">\(HTML.escape(c.name)): its USB bus could not be read (load unknown).</p>" }
        return html
    }
}
