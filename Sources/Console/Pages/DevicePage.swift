import CamProbe
import CaptureModel
import Negotiation

/// `/devices/ID`: what `camprobe show ID` says (identity, nodes, modes, controls, capture features), a snapshot, and a
/// negotiation form answered by `POST /api/devices/ID/negotiate` with `--explain`'s reasons and the emitted commands.
/// With `--allow-control`, each writable control has an input whose change is written and read back.
package enum DevicePage {
    package static func body(_ d: Device, features: JSONValue?, allowControl: Bool) -> String {
        let api = "/api/devices/" + PercentDecoding.encode(d.id.rawValue)
        var html = "<h1>\(HTML.escape(d.name))</h1>"
        html += "<section id=\"identity\"\(HTML.attr("data-device-id", d.id.rawValue))\(HTML.attr("data-api", api))><dl>"
        let i = d.identity
        let facts: [(String, String?)] = [
            ("ID", d.id.rawValue), ("Connection", d.transport.label), ("Driver", i.driver), ("Bus", i.busInfo),
            ("USB ID", i.vendorID.flatMap { v in i.productID.map { "\(v):\($0)" } }), ("Serial", i.serial),
            ("Manufacturer", i.manufacturer), ("Product", i.product),
        ]
        for case let (k, v?) in facts where !v.isEmpty { html += "<dt>\(k)</dt><dd>\(HTML.escape(v))</dd>" }
        html += "<dt>Nodes</dt><dd>" + d.nodes.map { "\(HTML.escape($0.path)) (\($0.role.rawValue))" }.joined(separator: ", ") + "</dd>"
        html += "</dl></section>"
        for p in d.allProblems { html += "<p class=\"problem\">\(HTML.escape(p.message))</p>" }
        if d.awaitsCapabilities { html += "<p class=\"hint\">Its capabilities are still being read; reload in a moment.</p>" }
        html += modes(d)
        html += controls(d, allowControl: allowControl)
        if let features { html += "<section><h2>Capture features</h2>\(JSONView.html(features))</section>" }
        if !d.captures.isEmpty {
            html += negotiation()
            html += "<section><h2>Snapshot</h2><button type=\"button\" id=\"snapshot\">Take a snapshot</button>"
            html +=
                "<p class=\"hint\">Negotiates and streams as <code>camprobe snapshot</code> does; refused while another program streams.</p>"
            html += "<div id=\"snapshot-result\"></div></section>"
        }
        return html
    }

    /// Every (node, format, size, interval), as `show` lists them.
    static func modes(_ d: Device) -> String {
        var html =
            "<section><h2>Modes</h2><table id=\"modes\"><thead><tr><th>Node</th><th>Format</th><th>Size</th><th>Frame interval</th><th>Rate</th></tr></thead><tbody>"
        for node in d.captures {
            for f in node.formats {
                let format = f.fourcc.description
                let label =
                    HTML.escape(format) + (f.isCompressed ? " <small>compressed</small>" : "")
                    + (f.flags.contains(.emulated) ? " <small>emulated</small>" : "")
                for size in f.sizes {
                    let (w, h, sizeText, intervals) = sizeParts(size)
                    for (interval, rate) in intervalRows(intervals) {
                        html += "<tr class=\"mode\"\(HTML.attr("data-node", node.path))\(HTML.attr("data-format", format))"
                        html += "\(HTML.attr("data-width", String(w)))\(HTML.attr("data-height", String(h)))"
                        html += "\(HTML.attr("data-size-kind", size.kind.rawValue))\(HTML.attr("data-interval", interval))>"
                        html += "<td>\(HTML.escape(node.path))</td><td>\(label)</td><td>\(HTML.escape(sizeText))</td>"
                        html += "<td>\(HTML.escape(interval))</td><td>\(HTML.escape(rate))</td></tr>"
                    }
                }
            }
        }
        return html + "</tbody></table></section>"
    }

    private static func sizeParts(_ s: FrameSize) -> (UInt32, UInt32, String, FrameIntervals) {
        switch s {
        case .discrete(let d, let i): (d.width, d.height, "\(d)", i)
        case .stepwise(let lo, let hi, let step, let i, _): (lo.width, lo.height, "\(lo) … \(hi) step \(step)", i)
        case .continuous(let lo, let hi, let i, _): (lo.width, lo.height, "\(lo) … \(hi)", i)
        }
    }

    private static func intervalRows(_ i: FrameIntervals) -> [(String, String)] {
        func rate(_ f: FrameDuration) -> String { f.fps.map { formatFPS($0) + " fps" } ?? "invalid" }
        switch i {
        case .discrete(let list): return list.isEmpty ? [("", "none listed")] : list.map { ("\($0.interval)", rate($0)) }
        case .stepwise(let lo, let hi, let step):
            return [("\(lo.interval)…\(hi.interval) step \(step.interval)", "\(rate(hi))–\(rate(lo))")]
        case .continuous(let lo, let hi): return [("\(lo.interval)…\(hi.interval)", "\(rate(hi))–\(rate(lo))")]
        case .unknown(let reason): return [("", "unknown: " + reason)]
        }
    }

    /// The first capture node's controls, each with an input when it may be written.
    static func controls(_ d: Device, allowControl: Bool) -> String {
        guard let node = d.captures.first else { return "" }
        guard let controls = node.controls else {
            return
                "<section><h2>Controls</h2><p class=\"hint\">Not read: \(HTML.escape(node.controlsIncomplete ?? "unknown"))</p></section>"
        }
        var html = "<section><h2>Controls</h2>"
        if !allowControl {
            html += "<p class=\"hint\">Read only: start <code>camprobe-serve --allow-control</code> to change controls here.</p>"
        }
        html +=
            "<table id=\"controls\"\(HTML.attr("data-node", node.path))><thead><tr><th>Control</th><th>Value</th><th>Range</th><th></th></tr></thead><tbody>"
        for c in controls where c.type != "ctrl_class" {
            let value = c.value.map(ControlText.value) ?? ""
            html +=
                "<tr class=\"control\"\(HTML.attr("data-control", c.key))\(HTML.attr("data-value", value))\(HTML.attr("data-type", c.type))>"
            html += "<td title=\"\(HTML.escape(c.name))\">\(HTML.escape(c.key))</td><td>\(ControlInput.html(c, enabled: allowControl))"
            html += "<output\(HTML.attr("for", "ctl-" + c.key))>\(HTML.escape(value))</output></td>"
            html += "<td>\(HTML.escape(ControlText.range(c)))</td><td class=\"note\"></td></tr>"
        }
        return html + "</tbody></table></section>"
    }

    private static func negotiation() -> String {
        var html =
            "<section><h2>Negotiate</h2><form id=\"negotiate\"><label>Preset <select name=\"preset\"><option value=\"\">(none: a request)</option>"
        for p in SessionPreset.allCases { html += "<option\(HTML.attr("value", p.rawValue))>\(HTML.escape(p.rawValue))</option>" }
        html += "</select></label> <label>Size <input name=\"size\" placeholder=\"1280x720\" size=\"10\"></label>"
        html += " <label>fps <input name=\"fps\" placeholder=\"30\" size=\"5\"></label>"
        html += " <label>Format <input name=\"format\" placeholder=\"MJPG\" size=\"6\"></label>"
        html += " <label><input type=\"checkbox\" name=\"atLeast\"> at least</label>"
        html += " <label><input type=\"checkbox\" name=\"ignoreBus\"> ignore the bus</label>"
        html += " <button type=\"submit\">Decide</button></form><div id=\"decision\"></div></section>"
        return html
    }
}
