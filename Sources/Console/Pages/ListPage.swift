import CamProbe
import CaptureModel

/// `/`: one row per device present, kept live by the page's script from `/api/events` (a row goes on
/// `disconnected`, comes on `connected`). The script draws a new row as `row(_:)` does.
enum ListPage {
    static func body(_ devices: [Device]) -> String {
        var html = "<h1>Devices</h1><p class=\"hint\">Live: rows come and go as devices are plugged and unplugged.</p>"
        html +=
            "<table id=\"devices\"><thead><tr><th>Device</th><th>ID</th><th>Connection</th><th>Nodes</th><th>Modes</th></tr></thead><tbody>"
        for d in devices { html += row(d) }
        html +=
            "</tbody></table><p id=\"empty\" class=\"hint\"\(devices.isEmpty ? "" : " hidden")>No capture devices. Waiting for one to be plugged in…</p>"
        return html
    }

    /// One device's row.
    static func row(_ d: Device) -> String {
        let link = "/devices/" + PercentDecoding.encode(d.id.rawValue)
        var html = "<tr class=\"device\"\(HTML.attr("data-device-id", d.id.rawValue))>"
        html += "<td><a\(HTML.attr("href", link))>\(HTML.escape(d.name))</a></td>"
        html += "<td><code>\(HTML.escape(d.id.rawValue))</code></td><td>\(HTML.escape(d.transport.label))</td>"
        html += "<td>\(HTML.escape(d.nodes.map(\.path).joined(separator: " ")))</td>"
        let modes =
            d.awaitsCapabilities
            ? "reading capabilities…" : d.mediaType == .audio ? "microphone" : d.modeSummary.joined(separator: ", ")
        html += "<td>\(HTML.escape(modes))</td></tr>"
        return html
    }
}
