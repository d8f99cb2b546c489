import CaptureModel

/// Reads `media-ctl -p` text line by line into `MediaCtlTopologyText`. Structure
/// it cannot follow (a pad outside an entity, a link it cannot read) is an error
/// naming the file and line; other lines it does not know become problems.
struct MediaCtlTopologyParser {
    let file: String
    var text = MediaCtlTopologyText()
    /// Inside the "Media device information" block.
    var inInfo = false
    /// Inside a `routes:` block.
    var inRoutes = false
    /// An open `[fmt:…` bracket: its text so far, and whether it is the one kept for the pad.
    var bracket: (text: String, keep: Bool)?
    var bracketLine = 0
    var entries = 0
    /// The line patterns, compiled once per parser: a regex literal is parsed and compiled each time
    /// it is evaluated, which was most of a media-ctl import's time when done per line.
    let patterns = MediaCtlLinePatterns()

    init(file: String) { self.file = file }

    static let infoKeys = ["driver version", "hw revision", "bus info", "driver", "model", "serial"]

    func fail(_ n: Int, _ message: String) -> TextImportError { TextImportError(file: file, line: n, message: message) }

    mutating func parse(_ lines: [(n: Int, line: Substring)]) throws(TextImportError) {
        for (n, raw) in lines {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let t = line.trimmed
            entries += 1
            if entries > TextImportLimits.maximumEntries {
                throw fail(n, "more than \(TextImportLimits.maximumEntries) lines; this is not one system's media-ctl output")
            }
            if bracket != nil {
                try continueBracket(t, n: n)
                continue
            }
            if t.isEmpty { continue }
            try read(t, line: line, n: n)
        }
        if bracket != nil { throw fail(bracketLine, "a pad format '[…' is not closed with ']'") }
    }

    mutating func read(_ t: Substring, line: Substring, n: Int) throws(TextImportError) {
        if t.hasPrefix("Media controller API version") {
            text.apiVersion = String(t.dropFirst("Media controller API version".count).trimmed)
            return
        }
        if t == "Media device information" {
            inInfo = true
            return
        }
        if t.allSatisfy({ $0 == "-" }) { return }
        if t == "Device topology" {
            inInfo = false
            return
        }
        if t.hasPrefix("- entity ") { return try entity(t, n: n) }
        if inInfo, let key = Self.infoKeys.first(where: { t.hasPrefix($0) }) {
            text.info[key] = String(t.dropFirst(key.count).trimmed)
            return
        }
        guard !text.entities.isEmpty else {
            if text.apiVersion == nil && text.info.isEmpty && text.entities.isEmpty {
                throw fail(
                    n,
                    "this is not media-ctl -p output: expected 'Media controller API version', 'Media device information' or '- entity N: NAME (…)'"
                )
            }
            return unknown(t, n: n)
        }
        let e = text.entities.count - 1
        if t.hasPrefix("type ") { return typeLine(t, n: n) }
        if t.hasPrefix("device node name ") {
            text.entities[e].devnode = String(t.dropFirst("device node name ".count).trimmed)
            return
        }
        if t == "routes:" {
            inRoutes = true
            return
        }
        if inRoutes, t.firstMatch(of: patterns.route) != nil { return }
        // A regex literal is compiled where it is evaluated: the prefix test keeps that off the other lines.
        if t.hasPrefix("pad"), let m = t.wholeMatch(of: patterns.pad) { return try pad(index: m.1, flags: m.2, n: n) }
        if t.hasPrefix("[") {
            guard !text.entities[e].pads.isEmpty else { throw fail(n, "a pad format before any 'padN:' line") }
            let keep = text.entities[e].pads[text.entities[e].pads.count - 1].format == nil
            bracket = ("", keep)
            bracketLine = n
            return try continueBracket(t.dropFirst(), n: n)
        }
        if t.hasPrefix("->") || t.hasPrefix("<-") { return try link(t, n: n) }
        unknown(t, n: n)
    }

    mutating func unknown(_ t: Substring, n: Int) {
        text.problems.append(
            Problem(kind: .skipped, call: "media-ctl text", message: "\(file):\(n): cannot read this line: '\(t.prefix(80))'; line skipped")
        )
    }

    /// `- entity 1: imx708 10-001a (1 pad, 1 link, 0 routes)`
    mutating func entity(_ t: Substring, n: Int) throws(TextImportError) {
        guard let m = t.wholeMatch(of: patterns.entity),
            let id = UInt32(m.1), let pads = Int(m.3), pads <= 4096
        else {
            throw fail(n, "cannot read this entity line (expected '- entity N: NAME (P pads, L links)'): '\(t.prefix(80))'")
        }
        if text.entities.contains(where: { $0.id == id }) { throw fail(n, "entity \(id) appears twice") }
        text.entities.append(.init(id: id, name: String(m.2), padCount: pads, line: n))
        inRoutes = false
    }

    /// `type V4L2 subdev subtype Sensor flags 0` / `type Node subtype V4L flags 1`
    mutating func typeLine(_ t: Substring, n: Int) {
        guard let m = t.wholeMatch(of: patterns.type) else { return unknown(t, n: n) }
        let e = text.entities.count - 1
        text.entities[e].type = String(m.1)
        text.entities[e].subtype = String(m.2)
        if let f = m.3 { text.entities[e].flags = f.hasPrefix("0x") ? UInt32(f.dropFirst(2), radix: 16) ?? 0 : UInt32(f) ?? 0 }
    }

    /// `pad0: Sink`, `pad1: Source`, `pad0: Sink, Must connect`
    mutating func pad(index: Substring, flags words: Substring, n: Int) throws(TextImportError) {
        guard let i = UInt32(index) else { throw fail(n, "pad index '\(index)' is not a number") }
        var flags: MediaPadFlags = []
        for w in words.split(separator: ",").map({ $0.trimmed.lowercased() }) {
            switch w {
            case "sink": flags.insert(.sink)
            case "source": flags.insert(.source)
            case "must connect": flags.insert(.mustConnect)
            default: text.problems.append(Problem(kind: .partial, call: "media-ctl text", message: "\(file):\(n): unknown pad flag '\(w)'"))
            }
        }
        let e = text.entities.count - 1
        if text.entities[e].pads.contains(where: { $0.index == i }) { throw fail(n, "\(text.entities[e].name) lists pad\(i) twice") }
        if text.entities[e].pads.count >= 4096 { throw fail(n, "more than 4096 pads in one entity") }
        text.entities[e].pads.append(.init(index: i, flags: flags, line: n))
        inRoutes = false
    }

    /// Format bracket text, possibly over several lines, up to `]`.
    mutating func continueBracket(_ t: Substring, n: Int) throws(TextImportError) {
        guard var b = bracket else { return }
        let body: Substring
        var closed = false
        if let close = t.firstIndex(of: "]") {
            body = t[t.startIndex..<close]
            closed = true
        } else {
            body = t
        }
        b.text += (b.text.isEmpty ? "" : " ") + body.trimmed
        guard b.text.utf8.count < 4096 else { throw fail(n, "a pad format '[…' runs on for more than 4096 characters") }
        if !closed {
            bracket = b
            return
        }
        bracket = nil
        let e = text.entities.count - 1
        let p = text.entities[e].pads.count - 1
        if b.keep {
            text.entities[e].pads[p].format = b.text
            text.entities[e].pads[p].formatLine = n
        }
    }

    /// `-> "unicam":0 [ENABLED,IMMUTABLE]` / `<- "imx708 10-001a":0 []`
    mutating func link(_ t: Substring, n: Int) throws(TextImportError) {
        guard let m = t.wholeMatch(of: patterns.link), let remotePad = UInt32(m.3) else {
            throw fail(n, "cannot read this link (expected '-> \"NAME\":PAD [FLAGS]'): '\(t.prefix(80))'")
        }
        let e = text.entities.count - 1
        guard !text.entities[e].pads.isEmpty else { throw fail(n, "a link before any 'padN:' line") }
        var flags: MediaLinkFlags = []
        for w in m.4.split(separator: ",") {
            switch w.uppercased() {
            case "ENABLED": flags.insert(.enabled)
            case "IMMUTABLE": flags.insert(.immutable)
            case "DYNAMIC": flags.insert(.dynamic)
            default:
                text.problems.append(Problem(kind: .partial, call: "media-ctl text", message: "\(file):\(n): unknown link flag '\(w)'"))
            }
        }
        let p = text.entities[e].pads.count - 1
        text.entities[e].pads[p].links.append(
            .init(outgoing: m.1 == "->", remote: String(m.2), remotePad: remotePad, flags: flags, line: n))
    }
}
