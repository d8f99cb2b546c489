import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// Turns scores into words.
enum Explainer {
    static func describe(_ r: CaptureRequest.RateRequirement) -> String {
        switch r {
        case .exact(let f): return "\(fps(f)) fps"
        case .atLeast(let f): return "at least \(fps(f)) fps"
        case .range(let a, let b): return "\(fps(a))–\(fps(b)) fps"
        }
    }

    /// A scored mode's rate for people: "30", or "?" when the driver reports none (never "0").
    static func rate(_ s: Negotiator.Scored) -> String { s.interval == nil ? "?" : formatFPS(s.fps) }

    static func fps(_ f: Rational) -> String {
        guard let v = f.doubleValue else { return f.description }
        let text = formatFPS(v)
        return f.denominator == 1 || Double(Int(v)) == v ? text : "\(text) (\(f))"
    }

    static func describe(_ s: CaptureRequest.SizeRequirement) -> String {
        switch s {
        case .exact(let d): return "\(d)"
        case .atLeast(let d): return "at least \(d)"
        case .nearest(let d): return "near \(d)"
        }
    }

    /// A mode left out, and the number of its reason in `Context.why`.
    struct Excluded {
        var index: Int32
        var why: Int
    }

    /// What the words need beyond the ranking: every mode (the table), why each excluded one was, and
    /// every mode that was scored (before the ranking keeps only the best few).
    struct Context {
        var table: ModeTable
        var excluded: [Excluded]
        var why: [String]
        var scored: [Negotiator.Entry]
        var evaluation: ModeEvaluation
        /// Set when a preset, not the user, pinned the format list.
        var presetRule: String?

        /// Mode `i`'s size and format.
        func key(_ i: Int32) -> (size: Dimensions, fourcc: FourCC) {
            let i = Int(i)
            return (table.sizes[Int(table.sizeID[i])], table.fourccs[table.formatIndex[i]])
        }

        /// Every mode's size and format, in table order.
        var all: [(size: Dimensions, fourcc: FourCC)] { table.modes.indices.map { key(Int32($0)) } }

        func whyExcluded(_ keep: ((size: Dimensions, fourcc: FourCC)) -> Bool) -> String {
            var seen: [String] = []
            for e in excluded where keep(key(e.index)) && !seen.contains(why[e.why]) { seen.append(why[e.why]) }
            return seen.joined(separator: "; ")
        }

        /// The best scored mode that `keep` accepts (the first of equal scores).
        func best(_ keep: ((size: Dimensions, fourcc: FourCC)) -> Bool) -> Negotiator.Scored? {
            var found: Negotiator.Entry?
            for s in scored where keep(key(s.index)) {
                if found.map({ s.total < $0.total }) ?? true { found = s }
            }
            return found.map { evaluation.scored(Int($0.index)) }
        }

        /// Whether any scored mode is one `keep` accepts.
        func anyScored(_ keep: ((size: Dimensions, fourcc: FourCC)) -> Bool) -> Bool { scored.contains { keep(key($0.index)) } }
    }

    /// "MJPG", "MJPG and H264", "MJPG, H264 and NV12", each once, in order.
    static func list(_ items: [FourCC]) -> String {
        var seen: [String] = []
        for i in items where !seen.contains(i.description) { seen.append(i.description) }
        guard seen.count > 1 else { return seen.first ?? "" }
        return seen.dropLast().joined(separator: ", ") + " and " + seen[seen.count - 1]
    }

    static func sizeMatches(_ size: Dimensions, _ want: CaptureRequest.SizeRequirement) -> Bool {
        switch want {
        case .exact(let t): size == t
        case .atLeast(let t): size.width >= t.width && size.height >= t.height
        case .nearest: true
        }
    }

    static func changes(_ r: CaptureRequest, _ s: Negotiator.Scored, _ ctx: Context) -> [Change] {
        var out: [Change] = []
        let m = s.mode
        if !s.sizeOK, let want = r.size, !sizeMatches(m.size, want) {
            out.append(Change(field: "size", requested: describe(want), chosen: "\(m.size)", reason: sizeReason(r, s, want, ctx)))
        } else if !s.sizeOK, let ar = r.aspectRatio {
            out.append(
                Change(
                    field: "size", requested: "aspect \(ar.numerator):\(ar.denominator)", chosen: "\(m.size)",
                    reason: aspectReason(r, s, ar, ctx)))
        }
        if !s.rateOK, let want = r.rate, s.interval == nil {
            // Not a rate of 0: nobody said what the rate is (a sensor without intervals or blanking controls).
            out.append(
                Change(
                    field: "rate", requested: describe(want), chosen: "unknown",
                    reason: "\(m.fourcc) \(m.size) reports no frame rate; 'camprobe verify' measures it"))
        } else if !s.rateOK, let want = r.rate {
            let chosen =
                rate(s) + " fps"
                + (describe(want).hasPrefix(rate(s) + " ") ? " (\(s.interval?.description ?? "?") s)" : "")
            out.append(
                Change(
                    field: "rate", requested: describe(want), chosen: chosen,
                    reason: "\(m.fourcc) \(m.size) offers \(m.rates.summary)"))
        }
        if !s.formatOK, case .list(let prefs) = r.format {
            out.append(
                Change(
                    field: "format", requested: prefs.map(\.description).joined(separator: " or "), chosen: "\(m.fourcc)",
                    reason: formatReason(r, s, prefs, ctx)))
        }
        return out
    }

    /// Why no mode of the requested size was chosen: the constraint that really excluded it.
    static func sizeReason(_ r: CaptureRequest, _ s: Negotiator.Scored, _ want: CaptureRequest.SizeRequirement, _ ctx: Context) -> String {
        let m = s.mode
        let fits = { (c: (size: Dimensions, fourcc: FourCC)) in sizeMatches(c.size, want) }
        let offering = ctx.all.filter(fits)
        var why: String
        if offering.isEmpty {
            why = "no format offers \(describe(want))"
        } else if let b = ctx.best(fits) {
            let at = "\(b.mode.fourcc) \(b.mode.size)"
            if b.mode.isEmulated && !m.isEmulated {
                why = "\(describe(want)) is offered only by emulated formats (\(list(offering.map(\.fourcc))))"
            } else if !b.rateOK, let rate = r.rate {
                why = "\(at) offers \(b.mode.rates.summary), not \(describe(rate))"
            } else if b.overLink && !s.overLink {
                why = "\(at) at \(rate(b)) fps is above the link's limit"
            } else {
                why = "\(at) ranks below (score \(Negotiator.formatScore(b.total)) vs \(Negotiator.formatScore(s.total)))"
            }
        } else {
            let fourccs = offering.map(\.fourcc)
            let one = Set(fourccs.map(\.description)).count == 1
            why =
                "only \(list(fourccs)) offer\(one ? "s" : "") \(describe(want)), and \(one ? "it was" : "they were") excluded: "
                + ctx.whyExcluded(fits)
        }
        let reaches = r.rate.map { s.rateOK ? " that reaches \(describe($0))" : "" } ?? ""
        return why + "; \(m.size) is the nearest\(reaches) (\(m.sizeOrigin))"
    }

    static func aspectReason(_ r: CaptureRequest, _ s: Negotiator.Scored, _ ar: Rational, _ ctx: Context) -> String {
        let want = ar.doubleValue ?? 1
        let shaped = { (c: (size: Dimensions, fourcc: FourCC)) in
            c.size.height > 0 && abs(log(Double(max(c.size.width, 1)) / Double(c.size.height) / want)) <= 0.01
        }
        if !ctx.all.contains(where: shaped) { return "no mode has that shape" }
        if let b = ctx.best(shaped) {
            if !b.rateOK, let rate = r.rate {
                return
                    "the modes of that shape do not reach \(describe(rate)) (\(b.mode.fourcc) \(b.mode.size) offers \(b.mode.rates.summary))"
            }
            return "the modes of that shape rank below (best: \(b.mode.fourcc) \(b.mode.size), score \(Negotiator.formatScore(b.total)))"
        }
        return "the modes of that shape were excluded: " + ctx.whyExcluded(shaped)
    }

    /// Why none of the preferred formats was chosen, format by format.
    static func formatReason(_ r: CaptureRequest, _ s: Negotiator.Scored, _ prefs: [FourCC], _ ctx: Context) -> String {
        let m = s.mode
        let known = Set(ctx.all.map(\.fourcc))
        let missing = prefs.filter { !known.contains($0) }
        var parts: [String] = []
        if missing.count == prefs.count {
            parts.append(prefs.count == 1 ? "the camera has no \(prefs[0]) format" : "the camera has none of these formats")
        } else {
            if !missing.isEmpty { parts.append("the camera has no \(list(missing)) format") }
            for p in prefs where known.contains(p) {
                if !ctx.anyScored({ $0.fourcc == p }) {
                    parts.append("\(p) was excluded: " + ctx.whyExcluded { $0.fourcc == p })
                } else if let b = ctx.best({ $0.fourcc == p && $0.size == m.size }) {
                    if !b.rateOK, let rate = r.rate {
                        parts.append("\(p) \(m.size) offers \(b.mode.rates.summary), not \(describe(rate))")
                    } else if b.mode.isEmulated && !m.isEmulated {
                        parts.append("\(p) is emulated (software conversion)")
                    } else if b.overLink && !s.overLink {
                        parts.append("\(p) \(m.size) at \(rate(b)) fps is above the link's limit")
                    } else {
                        parts.append(
                            "\(p) \(m.size) ranks below (score \(Negotiator.formatScore(b.total)) vs \(Negotiator.formatScore(s.total)))")
                    }
                } else {
                    parts.append("\(p) does not offer \(m.size)")
                }
            }
        }
        let tail = s.sizeOK && s.rateOK ? "\(m.fourcc) meets the rest of the request" : "\(m.fourcc) comes nearest"
        return parts.joined(separator: "; ") + "; " + tail
    }

    static func note(_ s: Negotiator.Scored, _ r: CaptureRequest, _ ctx: Context) -> String {
        var parts: [String] = []
        if !s.sizeOK { parts.append("size off") }
        if !s.rateOK { parts.append("rate \(rate(s)) fps") }
        if !s.formatOK { parts.append(ctx.presetRule == nil ? "not a preferred format" : "not the preset's format") }
        if s.mode.isEmulated { parts.append("emulated") }
        if s.overLink { parts.append("over the link limit") }
        return parts.isEmpty ? "meets the request" : parts.joined(separator: ", ")
    }

    static func explain(
        _ r: CaptureRequest, best: Negotiator.Scored, choice: Choice, changes: [Change],
        ranked: [Negotiator.Scored], rejected: [String: Int], context: Context
    ) -> [String] {
        var lines: [String] = []
        let kind = best.mode.isCompressed ? "compressed" : "uncompressed"
        let origin = best.mode.isEmulated ? "emulated by libv4l2" : "native"
        lines.append(
            "Chose \(choice.summary) (\(best.mode.formatDescription); \(kind), \(origin); frame interval \(best.interval?.description ?? "?") s)."
        )
        if changes.isEmpty {
            lines.append(best.meets ? "It is exactly what was asked." : "")
        } else {
            for c in changes { lines.append("Changed \(c.field): \(c.requested) → \(c.chosen), because \(c.reason).") }
        }
        // Why it beat the runner-up of another format, in words.
        // The runner-up of the other class (raw vs compressed) is the comparison users care
        // about; failing that, the best of another format.
        let otherClass = ranked.dropFirst().first {
            $0.mode.isCompressed != best.mode.isCompressed && $0.mode.isEmulated == best.mode.isEmulated
        }
        if let other = otherClass ?? ranked.dropFirst().first(where: { $0.mode.fourcc != best.mode.fourcc }) {
            var why: String
            if other.mode.isEmulated && !best.mode.isEmulated {
                why = "it is emulated (software conversion); native formats always come first"
            } else if other.rateCost > best.rateCost {
                why = "it only reaches \(rate(other)) fps at \(other.mode.size)"
            } else if !other.sizeOK && best.sizeOK {
                why = "its nearest size is \(other.mode.size)"
            } else if !other.formatOK && best.formatOK {
                why =
                    context.presetRule.map { "the preset takes \(best.mode.fourcc) (\($0))" }
                    ?? "it is not among the preferred formats"
            } else if other.overLink && !best.overLink {
                why =
                    "\(other.mode.fourcc) \(other.mode.size) at \(rate(other)) fps would need \(other.bytesPerSecond.map(Bandwidth.describe) ?? "?"), above the link's limit"
            } else if other.mode.isCompressed != best.mode.isCompressed && !best.mode.isCompressed {
                why = "uncompressed is preferred when it meets the request (no decoding, no compression artefacts)"
            } else {
                why = ranksBelow(other, best)
            }
            lines.append("Not \(other.mode.fourcc) \(other.mode.size) @ \(rate(other)) fps: \(why).")
        }
        for (k, v) in rejected.sorted(by: { $0.key < $1.key }) { lines.append("Excluded \(v) mode\(v == 1 ? "" : "s"): \(k).") }
        lines += choice.warnings.map { "Warning: " + $0 + "." }
        return lines.filter { !$0.isEmpty }
    }
}

extension Explainer {
    /// "it ranks below (score 190.1 vs 188.27; lower is better)", or, when the two print the same,
    /// that they tie and what broke the tie.
    static func ranksBelow(_ other: Negotiator.Scored, _ best: Negotiator.Scored) -> String {
        let a = Negotiator.formatScore(other.total)
        let b = Negotiator.formatScore(best.total)
        guard a == b else { return "it ranks below (score \(a) vs \(b); lower is better)" }
        let breaker: String
        if best.fps > other.fps + 1e-9 {
            breaker = "\(best.mode.fourcc) has the higher rate (\(rate(best)) vs \(rate(other)) fps)"
        } else if best.mode.size.area > other.mode.size.area {
            breaker = "\(best.mode.fourcc) \(best.mode.size) is the larger size"
        } else if best.mode.formatIndex < other.mode.formatIndex {
            breaker = "the driver lists \(best.mode.fourcc) first"
        } else {
            breaker = "\(best.mode.fourcc) came first in the ranking"
        }
        return "it ties (score \(a)); the tie is broken because \(breaker)"
    }
}

extension Negotiator {
    /// The score truncated to two decimals; one that cannot be (never produced by `score`) as Swift prints it.
    static func formatScore(_ s: Double) -> String {
        guard s.isFinite, abs(s) < 1e15 else { return "\(s)" }
        return String(Double(Int(s * 100)) / 100)
    }
}
