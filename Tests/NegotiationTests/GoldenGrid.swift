import CaptureModel
import FoundationEssentials
import Negotiation

#if canImport(Glibc)
    import Glibc
#endif

/// The grid the golden test runs: every device of Profiles/*.json and of the test fixtures, a grid of
/// requests (sizes exact / at least / nearest, rates exact / range / at least, raw / compressed / preferred
/// formats, bandwidth, aspect, native only, required rate) and every preset, each rendered in full.
enum GoldenGrid {
    static let file = Cameras.repo + "/Tests/NegotiationTests/Golden/decisions.txt"

    /// Every device, by a stable name, in name order.
    static func devices() -> [(name: String, device: Device)] {
        var out: [(String, Device)] = []
        for path in jsonFiles(Cameras.repo + "/Profiles") {
            if let d = try? Cameras.profile(path) { out.append(("profile " + base(path), d)) }
        }
        // Each fixture's devices as discovery made them (`Devices/NAME.json`; not the vimc pair read together).
        for path in jsonFiles(Cameras.repo + "/Tests/Fixtures") {
            guard let devices = try? Cameras.discovered(String(base(path).dropLast(5))) else { continue }
            for (i, d) in devices.enumerated() { out.append(("fixture \(base(path))#\(i)", d)) }
        }
        if let d = try? Cameras.stepwiseReceiver() { out.append(("stepwise receiver", d)) }
        return out
    }

    static func requests() -> [(name: String, request: CaptureRequest)] {
        func d(_ w: UInt32, _ h: UInt32) -> Dimensions { Dimensions(width: w, height: h) }
        let sizes: [CaptureRequest.SizeRequirement?] = [
            nil, .exact(d(640, 480)), .exact(d(1920, 1080)), .exact(d(1000, 700)), .atLeast(d(1280, 720)),
            .atLeast(d(4000, 3000)), .nearest(d(800, 600)), .nearest(d(3840, 2160)),
        ]
        let rates: [CaptureRequest.RateRequirement?] = [
            nil, .exact(Rational(30, 1)), .exact(Rational(30000, 1001)), .exact(Rational(60, 1)),
            .range(min: Rational(15, 1), max: Rational(60, 1)), .atLeast(Rational(25, 1)), .atLeast(Rational(120, 1)),
        ]
        let formats: [CaptureRequest.FormatPreference] = [
            .raw, .compressed, .list(["MJPG", "YUYV"]), .list(["H264"]), .list(["NV12", "ZZZZ"]),
        ]
        var out: [(String, CaptureRequest)] = []
        for s in sizes {
            for r in rates { out.append(("", CaptureRequest(size: s, rate: r))) }
        }
        for f in formats {
            for (s, r) in [(sizes[0], rates[0]), (sizes[2], rates[1]), (sizes[4], rates[4]), (sizes[6], rates[5])] {
                out.append(("", CaptureRequest(size: s, rate: r, format: f)))
            }
        }
        out.append(("", CaptureRequest(size: sizes[2], rate: rates[1], nativeOnly: true)))
        out.append(("", CaptureRequest(rate: rates[1], aspectRatio: Rational(16, 9))))
        out.append(("", CaptureRequest(size: sizes[6], aspectRatio: Rational(4, 3))))
        out.append(("", CaptureRequest(size: sizes[2], rate: rates[1], bandwidthBytesPerSecond: 50_000_000)))
        out.append(("", CaptureRequest(rate: rates[3], format: .raw, bandwidthBytesPerSecond: 20_000_000)))
        for (s, r) in [(sizes[1], rates[3]), (sizes[6], rates[6]), (sizes[4], rates[4])] {
            var q = CaptureRequest(size: s, rate: r)
            q.requireRate = true
            out.append(("required ", q))
        }
        return out.map { ($0.0 + describe($0.1), $0.1) }
    }

    /// The whole golden text: one block per device × request, per device × preset.
    static func render() -> String {
        var out = ""
        let requests = requests()
        for (name, device) in devices() {
            for (rname, r) in requests {
                out += "== \(name) | \(rname)\n" + render(Negotiator.decide(r, across: device))
            }
            // The ranking's own paths: one alternative, and more than the default eight kept.
            if let node = device.captures.first {
                for (rname, r) in [requests[0], requests[9], requests[30]] {
                    for limit in [1, 12] {
                        out += "== \(name) | node \(node.path) | \(rname) | alternatives \(limit)\n"
                        out += render(
                            Negotiator.decide(r, for: node, transport: device.transport, controls: node.controls, alternatives: limit))
                    }
                }
            }
            for p in SessionPreset.allCases {
                out += "== \(name) | preset \(p.rawValue)\n" + render(Negotiator.decide(preset: p, across: device))
            }
        }
        return out
    }

    static func render(_ d: DeviceDecision) -> String {
        "path \(d.path ?? "-"); nodes " + d.nodes.map { "\($0.path)=\($0.outcome.rawValue)" }.joined(separator: ",") + "\n"
            + render(d.decision)
    }

    /// Every field of a decision, scores exact.
    static func render(_ d: Decision) -> String {
        var lines = ["\(d)", "outcome \(d.outcome.rawValue); considered \(d.candidatesConsidered)"]
        if let c = d.choice { lines.append("choice " + render(c)) }
        for c in d.changes { lines.append("change \(c.field) | \(c.requested) | \(c.chosen) | \(c.reason)") }
        for r in d.reasons { lines.append("reason \(r)") }
        for a in d.alternatives {
            lines.append("alt \(a.score) \(a.meetsRequest) \(a.note) | " + render(a.choice))
        }
        for e in d.explanation { lines.append("  " + e) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func render(_ c: Choice) -> String {
        func iv(_ f: FrameDuration?) -> String { f.map { "\($0.interval)" } ?? "-" }
        return
            "\(c.path) \(c.bufferType) \(c.fourcc) '\(c.formatDescription)' \(c.size) iv \(iv(c.frameInterval)) fastest \(iv(c.fastestInterval)) slowest \(iv(c.slowestInterval)) compressed \(c.isCompressed) emulated \(c.isEmulated) bps \(c.bytesPerSecond.map(String.init) ?? "-")"
            + c.warnings.map { " [\($0)]" }.joined()
    }

    static func describe(_ r: CaptureRequest) -> String {
        var parts: [String] = []
        switch r.size {
        case .exact(let d): parts.append("size =\(d)")
        case .atLeast(let d): parts.append("size >=\(d)")
        case .nearest(let d): parts.append("size ~\(d)")
        case nil: break
        }
        switch r.rate {
        case .exact(let f): parts.append("rate =\(f)")
        case .atLeast(let f): parts.append("rate >=\(f)")
        case .range(let a, let b): parts.append("rate \(a)..\(b)")
        case nil: break
        }
        switch r.format {
        case .any: break
        case .raw: parts.append("raw")
        case .compressed: parts.append("compressed")
        case .list(let l): parts.append("formats " + l.map(\.description).joined(separator: ","))
        }
        if r.nativeOnly { parts.append("native") }
        if let a = r.aspectRatio { parts.append("aspect \(a)") }
        if let b = r.bandwidthBytesPerSecond { parts.append("budget \(b)") }
        return parts.isEmpty ? "empty request" : parts.joined(separator: " ")
    }

    static func jsonFiles(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".json") { out.append(dir + "/" + name) }
        }
        return out.sorted()
    }

    static func base(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }
}
