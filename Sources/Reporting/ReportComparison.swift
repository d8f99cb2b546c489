import CamProbe

/// Two devices' reports and what differs between them (A → B): identity, formats,
/// sizes and rates added or removed, control ranges and defaults, presets and features.
package struct ReportComparison {
    package var a: DeviceReport
    package var b: DeviceReport
    package var differences: [Difference]

    package struct Difference {
        package enum Kind: String { case added, removed, changed }
        /// identity, format, size, rates, control, preset, request, feature
        package var area: String
        package var item: String
        package var kind: Kind
        package var a: String
        package var b: String
    }

    package init(_ a: DeviceReport, _ b: DeviceReport) {
        self.a = a
        self.b = b
        var out: [Difference] = []
        func diff(_ area: String, _ l: [(String, String)], _ r: [(String, String)]) {
            let lm = Dictionary(l, uniquingKeysWith: { x, y in x + "; " + y })
            let rm = Dictionary(r, uniquingKeysWith: { x, y in x + "; " + y })
            var keys: [String] = []
            for (k, _) in l + r where !keys.contains(k) { keys.append(k) }
            for k in keys {
                switch (lm[k], rm[k]) {
                case let (x?, y?) where x != y: out.append(Difference(area: area, item: k, kind: .changed, a: x, b: y))
                case let (x?, nil): out.append(Difference(area: area, item: k, kind: .removed, a: x, b: "-"))
                case let (nil, y?): out.append(Difference(area: area, item: k, kind: .added, a: "-", b: y))
                default: break
                }
            }
        }
        diff("identity", a.identity, b.identity)
        func formats(_ r: DeviceReport) -> [(String, String)] {
            r.formats.map { ("\($0.fourcc)", $0.description + ($0.tags.isEmpty ? "" : " [" + $0.tags.joined(separator: ", ") + "]")) }
        }
        diff("format", formats(a), formats(b))
        // Sizes and rates of the formats both have (a format only one has is said once, above).
        let shared = Set(a.formats.map(\.fourcc)).intersection(b.formats.map(\.fourcc))
        func sizes(_ r: DeviceReport) -> [(String, String)] {
            r.formats.filter { shared.contains($0.fourcc) }.flatMap { f in
                f.points.map { (f.key($0), $0.rates) }
            }
        }
        let before = out.count
        diff("size", sizes(a), sizes(b))
        for i in before..<out.count where out[i].kind == .changed { out[i].area = "rates" }
        func controls(_ r: DeviceReport) -> [(String, String)] {
            r.controls.flatMap(\.controls).map { c in
                var text = "\(c.type)"
                if !["bool", "button", "rect", "area"].contains(c.type) {
                    text += " \(c.minimum)…\(c.maximum)" + (c.step > 1 ? " step \(c.step)" : "")
                }
                if c.type != "button" { text += ", default \(c.defaultValue)" }
                if !c.menu.isEmpty {
                    text += ", menu " + c.menu.map { $0.name ?? $0.value.map(String.init) ?? "\($0.index)" }.joined(separator: "/")
                }
                return (c.key, text)
            }
        }
        diff("control", controls(a), controls(b))
        func decisions(_ rows: [DecisionRow]) -> [(String, String)] { rows.map { ($0.request, "\($0.outcomeLabel) \($0.choice)") } }
        diff("preset", decisions(a.presets), decisions(b.presets))
        diff("request", decisions(a.requests), decisions(b.requests))
        func features(_ r: DeviceReport) -> [(String, String)] {
            r.features.map { ($0.feature, [$0.current, $0.modes, $0.details].filter { !$0.isEmpty }.joined(separator: " — ")) }
        }
        diff("feature", features(a), features(b))
        differences = out
    }

    /// What to colour in one side's charts: its sizes and formats that the other side lacks or rates that differ,
    /// by `FormatSummary.key` (sizes) and FourCC (formats).
    func marks(forA: Bool) -> [String: Difference.Kind] {
        var m: [String: Difference.Kind] = [:]
        for d in differences where ["size", "rates", "format"].contains(d.area) {
            switch d.kind {
            case .removed where forA: m[d.item] = .removed
            case .added where !forA: m[d.item] = .added
            case .changed: m[d.item] = .changed
            default: break
            }
        }
        return m
    }
}
