import CamProbe

/// A live USB camera's "USB bandwidth" section in the reports (both renderers read it): its bandwidth domain under
/// its controller family's rule, every camera in the domain with the setting it holds now, and the load they make.
package struct USBSection {
    static let header = ["Camera", "Held now", "B/µframe", "Cost"]

    /// "bus 1 (EHCI/dwc2): 61 of 100 µs per 125 µs microframe (61 %)".
    package var heading: String
    /// The kernel source the rule follows.
    var rule: String
    package var rows: [[String]] = []
    /// Each member's standalone cost in the rule's unit, for the bar; `isThis` marks the reported camera.
    var segments: [(label: String, value: Double, isThis: Bool)] = []
    var load: Double
    var capacity: Double

    package init(_ l: USBDomainLoad) {
        let rule = l.domain.rule
        load = l.load
        capacity = rule.capacity
        let percent = capacity > 0 ? Int((load / capacity * 100).rounded()) : 0
        heading = "\(l.domain.key) (\(rule.family)): \(formatFPS(load)) of \(formatFPS(capacity)) \(rule.unit) reserved now (\(percent) %)"
        self.rule = rule.kernelSource
        for m in l.members {
            let cost = m.held.map { rule.load([USBDemand($0, speedMbps: m.speedMbps)]) } ?? 0
            rows.append([
                m.label + (m.isThis ? " (this camera)" : ""), m.held.map { "alt \($0.alt)" } ?? "idle (alt 0)",
                m.held.map { String($0.bytesPerInterval) } ?? "0", formatFPS(cost) + " " + (rule.unit.hasPrefix("µs") ? "µs" : rule.unit),
            ])
            if cost > 0 { segments.append((m.label, cost, m.isThis)) }
        }
    }

    /// The domain's load as a bar: the capacity's box, one segment per camera streaming now (this one in blue),
    /// red past the capacity.
    package func svg(id: Int) -> String {
        let width = 600.0
        let scale = width / max(capacity, load, 1)
        var x = 0.0
        var out =
            #"<svg xmlns="http://www.w3.org/2000/svg" class="usb-load" id="usb-load-\#(id)" width="620" height="44" viewBox="0 0 620 44" role="img">"#
            + "<title>\(HTMLDocument.escape(heading))</title>"
        for s in segments {
            let w = s.value * scale
            let fill = x + w > capacity * scale + 0.5 ? "#d9534f" : s.isThis ? "#4a90d9" : "#9aa5b1"
            out +=
                #"<rect x="\#(Int(x))" y="6" width="\#(max(1, Int(w.rounded())))" height="20" fill="\#(fill)"><title>\#(HTMLDocument.escape(s.label)): \#(formatFPS(s.value))</title></rect>"#
            x += w
        }
        out += #"<rect x="0" y="6" width="\#(Int((capacity * scale).rounded()))" height="20" fill="none" stroke="black"/>"#
        out +=
            #"<text x="0" y="40" font-size="11">0</text><text x="\#(Int((capacity * scale).rounded()) - 30)" y="40" font-size="11">\#(formatFPS(capacity))</text>"#
        return out + "</svg>"
    }
}
