import CamProbe

/// The chart of one pixel format: its frame sizes (x, by pixel count, labelled
/// width×height) against the highest frame rate at each (y). A discrete size is a
/// bar; a stepwise or continuous range is a hatched band from the rate at its
/// smallest size to the rate at its largest. Inline SVG, every label escaped.
enum SVGChart {
    static let width = 580.0
    static let height = 300.0
    static let fontFamily = "system-ui, 'DejaVu Sans', sans-serif"
    static let left = 52.0, right = 12.0, top = 22.0, bottom = 96.0

    /// `id` makes the chart's pattern id unique in a page of several charts.
    /// `marks`: sizes (by `FormatSummary.key`) a comparison colours: red only here, green only here, amber other rates.
    static func render(
        _ f: FormatSummary, title: String, id: Int, marks: [String: ReportComparison.Difference.Kind] = [:]
    ) -> String {
        let e = HTMLDocument.escape
        let plotW = width - left - right
        let plotH = height - top - bottom
        let known = f.points.flatMap { [$0.fpsAtMin, $0.fpsAtMax] }.compactMap { $0 }
        let (yMax, tick) = axis(known.max() ?? 30)
        func y(_ fps: Double) -> Double { top + plotH - plotH * min(fps, yMax) / yMax }
        var s =
            "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" role=\"img\" aria-label=\"\(e(title))\" font-family=\"\(fontFamily)\">"
        s += "<title>\(e(title))</title>"
        s +=
            "<defs><pattern id=\"hatch-\(id)\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
            + "<rect width=\"6\" height=\"6\" fill=\"#ddf4ff\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#54aeff\" stroke-width=\"2\"/></pattern></defs>"
        // Grid and y axis.
        var v = 0.0
        while v <= yMax + 1e-9 {
            s +=
                "<line x1=\"\(n(left))\" y1=\"\(n(y(v)))\" x2=\"\(n(width - right))\" y2=\"\(n(y(v)))\" stroke=\"#d0d7de\" stroke-width=\"1\"/>"
            s +=
                "<text x=\"\(n(left - 6))\" y=\"\(n(y(v) + 4))\" font-size=\"11\" text-anchor=\"end\" fill=\"#57606a\">\(formatFPS(v))</text>"
            v += tick
        }
        s += "<line x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(top + plotH))\" stroke=\"#57606a\"/>"
        s += "<line x1=\"\(n(left))\" y1=\"\(n(top + plotH))\" x2=\"\(n(width - right))\" y2=\"\(n(top + plotH))\" stroke=\"#57606a\"/>"
        s +=
            "<text x=\"14\" y=\"\(n(top + plotH / 2))\" font-size=\"12\" text-anchor=\"middle\" fill=\"#1b1f24\" transform=\"rotate(-90 14 \(n(top + plotH / 2)))\">max fps</text>"
        s +=
            "<text x=\"\(n(left + plotW / 2))\" y=\"\(n(height - 6))\" font-size=\"12\" text-anchor=\"middle\" fill=\"#1b1f24\">frame size (width×height, by pixel count)</text>"
        let count = max(f.points.count, 1)
        let slot = plotW / Double(count)
        let labelEvery = max(1, Int((Double(count) / 40).rounded(.up)))
        for (i, p) in f.points.enumerated() {
            let x0 = left + slot * Double(i)
            let tip = "\(p.label) (\(p.kind)): \(p.rates)"
            if p.kind == .discrete {
                let w = max(slot * 0.7, 1)
                let x = x0 + (slot - w) / 2
                if let fps = p.fpsAtMax {
                    let mark = marks[f.key(p)]
                    let fill = mark.map { colour($0) } ?? "#0969da"
                    let cls = mark.map { "bar \($0.rawValue)" } ?? "bar"
                    let said = mark.map { " — \($0.rawValue) in this comparison" } ?? ""
                    s +=
                        "<rect class=\"\(cls)\" x=\"\(n(x))\" y=\"\(n(y(fps)))\" width=\"\(n(w))\" height=\"\(n(top + plotH - y(fps)))\" fill=\"\(fill)\"><title>\(e(tip + said))</title></rect>"
                    if count <= 32 {
                        s +=
                            "<text x=\"\(n(x0 + slot / 2))\" y=\"\(n(y(fps) - 3))\" font-size=\"\(count > 16 ? 8 : 10)\" text-anchor=\"middle\" fill=\"#1b1f24\">\(formatFPS(fps))</text>"
                    }
                } else {
                    s +=
                        "<rect class=\"bar unknown\" x=\"\(n(x))\" y=\"\(n(top))\" width=\"\(n(w))\" height=\"\(n(plotH))\" fill=\"none\" stroke=\"#9a6700\" stroke-dasharray=\"3 3\"><title>\(e(tip))</title></rect>"
                    s +=
                        "<text x=\"\(n(x0 + slot / 2))\" y=\"\(n(top + 12))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#9a6700\">?</text>"
                }
            } else {
                let a = p.fpsAtMin
                let b = p.fpsAtMax
                let x1 = x0 + slot * 0.05
                let x2 = x0 + slot * 0.95
                if a != nil || b != nil {
                    let ya = y(a ?? b ?? 0)
                    let yb = y(b ?? a ?? 0)
                    s +=
                        "<polygon class=\"range\" points=\"\(n(x1)),\(n(top + plotH)) \(n(x1)),\(n(ya)) \(n(x2)),\(n(yb)) \(n(x2)),\(n(top + plotH))\" fill=\"url(#hatch-\(id))\" stroke=\"#0969da\" stroke-dasharray=\"4 2\"><title>\(e(tip))</title></polygon>"
                    s +=
                        "<text x=\"\(n((x1 + x2) / 2))\" y=\"\(n(min(ya, yb) - 4))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#1b1f24\">\(e(rangeLabel(a, b)))</text>"
                } else {
                    s +=
                        "<rect class=\"range unknown\" x=\"\(n(x1))\" y=\"\(n(top))\" width=\"\(n(x2 - x1))\" height=\"\(n(plotH))\" fill=\"none\" stroke=\"#9a6700\" stroke-dasharray=\"3 3\"><title>\(e(tip))</title></rect>"
                    s +=
                        "<text x=\"\(n((x1 + x2) / 2))\" y=\"\(n(top + plotH / 2))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#9a6700\">frame rates unknown</text>"
                }
            }
            if i % labelEvery == 0 {
                let lx = x0 + slot / 2
                let ly = top + plotH + 10
                let label = p.kind == .discrete ? p.label : "\(p.label) (\(p.kind))"
                if Double(label.count) * 6.5 < slot * Double(labelEvery) {
                    // Room to write it level.
                    s +=
                        "<text x=\"\(n(lx))\" y=\"\(n(ly + 4))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#1b1f24\">\(e(label))</text>"
                } else {
                    s +=
                        "<text x=\"\(n(lx))\" y=\"\(n(ly))\" font-size=\"\(count > 24 ? 8 : 10)\" text-anchor=\"end\" fill=\"#1b1f24\" transform=\"rotate(-45 \(n(lx)) \(n(ly)))\">\(e(label))</text>"
                }
            }
        }
        if f.points.isEmpty {
            s +=
                "<text x=\"\(n(left + plotW / 2))\" y=\"\(n(top + plotH / 2))\" font-size=\"12\" text-anchor=\"middle\" fill=\"#57606a\">no frame sizes reported</text>"
        }
        return s + "</svg>"
    }

    static func colour(_ k: ReportComparison.Difference.Kind) -> String {
        switch k {
        case .removed: "#cf222e"
        case .added: "#1a7f37"
        case .changed: "#bf8700"
        }
    }

    static func rangeLabel(_ a: Double?, _ b: Double?) -> String {
        switch (a, b) {
        case let (a?, b?) where abs(a - b) < 1e-9: "\(formatFPS(a)) fps"
        case let (a?, b?): "\(formatFPS(a))→\(formatFPS(b)) fps"
        case let (a?, nil): "\(formatFPS(a)) fps at min"
        case let (nil, b?): "\(formatFPS(b)) fps at max"
        default: ""
        }
    }

    /// A round top for the y axis and its tick step (1, 2 or 5 × 10ⁿ, about five ticks).
    static func axis(_ maxValue: Double) -> (Double, Double) {
        let m = max(maxValue, 1)
        var step = 1.0
        while m / step > 6 {
            if m / (step * 2) <= 6 {
                step *= 2
                break
            }
            if m / (step * 5) <= 6 {
                step *= 5
                break
            }
            step *= 10
        }
        return ((m / step).rounded(.up) * step, step)
    }

    /// A coordinate with at most one decimal.
    static func n(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
