import CamProbe

/// A media-controller graph (the model `camprobe graph` reads) as a layered
/// box-and-arrow SVG: entities in columns by their distance from a source along
/// data links, each box naming the entity, its function and its device node; an
/// enabled link is a solid arrow, a disabled one dashed.
enum SVGGraph {
    static let boxW = 190.0, boxH = 54.0, gapX = 70.0, gapY = 18.0, margin = 16.0

    /// Each entity's column: the longest chain of data links that reaches it (bounded, so a cycle cannot loop).
    static func layers(_ g: MediaGraph) -> [UInt32: Int] {
        var layer: [UInt32: Int] = [:]
        for e in g.entities { layer[e.id] = 0 }
        let edges: [(UInt32, UInt32)] = g.links.compactMap { l in
            guard l.kind == .data, let a = g.pad(id: l.source), let b = g.pad(id: l.sink), a.entityID != b.entityID else { return nil }
            return (a.entityID, b.entityID)
        }
        for _ in 0..<min(g.entities.count, 64) {
            var changed = false
            for (a, b) in edges {
                let want = (layer[a] ?? 0) + 1
                if want > (layer[b] ?? 0) && want < 64 {
                    layer[b] = want
                    changed = true
                }
            }
            if !changed { break }
        }
        return layer
    }

    static func render(_ g: MediaGraph, id: Int) -> String {
        let e = HTMLDocument.escape
        let layer = layers(g)
        let columns = (layer.values.max() ?? 0) + 1
        var rows: [Int: [MediaEntity]] = [:]
        for ent in g.entities { rows[layer[ent.id] ?? 0, default: []].append(ent) }
        let tallest = rows.values.map(\.count).max() ?? 1
        let w = margin * 2 + Double(columns) * boxW + Double(max(columns - 1, 0)) * gapX
        let h = margin * 2 + Double(tallest) * boxH + Double(max(tallest - 1, 0)) * gapY
        var origin: [UInt32: (Double, Double)] = [:]
        for (col, list) in rows {
            for (i, ent) in list.enumerated() {
                origin[ent.id] = (margin + Double(col) * (boxW + gapX), margin + Double(i) * (boxH + gapY))
            }
        }
        let n = SVGChart.n
        var s =
            "<svg class=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(w)) \(n(h))\" width=\"\(n(w))\" height=\"\(n(h))\" role=\"img\" aria-label=\"\(e("media graph of \(g.controller.model)"))\" font-family=\"\(SVGChart.fontFamily)\">"
        s += "<title>\(e("Media graph: \(g.controller.model) (\(g.controller.driver)) \(g.path)"))</title>"
        s +=
            "<defs><marker id=\"arrow-\(id)\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
            + "<path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#57606a\"/></marker></defs>"
        for l in g.links where l.kind == .data {
            guard let a = g.pad(id: l.source), let b = g.pad(id: l.sink), let p = origin[a.entityID], let q = origin[b.entityID],
                a.entityID != b.entityID
            else { continue }
            let x1 = p.0 + boxW
            let y1 = p.1 + boxH / 2
            let x2 = q.0
            let y2 = q.1 + boxH / 2
            let from = g.entity(id: a.entityID)?.name ?? "?"
            let to = g.entity(id: b.entityID)?.name ?? "?"
            let flags = l.flags.names.joined(separator: ",")
            let tip = "\(from):\(a.index) → \(to):\(b.index) [\(flags.isEmpty ? "disabled" : flags)]"
            let dash = l.isEnabled ? "" : " stroke-dasharray=\"5 4\""
            let mid = (x1 + x2) / 2
            s +=
                "<path class=\"link\(l.isEnabled ? "" : " disabled")\" d=\"M \(n(x1)) \(n(y1)) C \(n(mid)) \(n(y1)) \(n(mid)) \(n(y2)) \(n(x2)) \(n(y2))\" fill=\"none\" stroke=\"\(l.isEnabled ? "#0969da" : "#8c959f")\" stroke-width=\"1.6\"\(dash) marker-end=\"url(#arrow-\(id))\"><title>\(e(tip))</title></path>"
        }
        for ent in g.entities {
            guard let (x, y) = origin[ent.id] else { continue }
            let node = g.interfaces(of: ent.id).compactMap(\.path).first
            let fill = ent.function == .camSensor ? "#dafbe1" : g.isCaptureEntity(ent) ? "#ddf4ff" : "#f6f8fa"
            s += "<g class=\"entity\"><title>\(e("\(ent.name) — \(ent.function)\(node.map { " — \($0)" } ?? "")"))</title>"
            s +=
                "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(boxW))\" height=\"\(n(boxH))\" rx=\"6\" fill=\"\(fill)\" stroke=\"#57606a\"/>"
            s +=
                "<text x=\"\(n(x + 8))\" y=\"\(n(y + 18))\" font-size=\"12\" font-weight=\"600\" fill=\"#1b1f24\">\(e(clip(ent.name, 26)))</text>"
            s +=
                "<text x=\"\(n(x + 8))\" y=\"\(n(y + 33))\" font-size=\"10\" fill=\"#57606a\">\(e(clip(ent.function.description, 32)))</text>"
            if let node { s += "<text x=\"\(n(x + 8))\" y=\"\(n(y + 47))\" font-size=\"10\" fill=\"#57606a\">\(e(clip(node, 32)))</text>" }
            s += "</g>"
        }
        return s + "</svg>"
    }

    static func clip(_ s: String, _ max: Int) -> String { s.count <= max ? s : String(s.prefix(max - 1)) + "…" }
}
