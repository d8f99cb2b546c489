import CaptureModel

/// Turns scores into words.
enum Explainer {
    static func describe(_ r: CaptureRequest.RateRequirement) -> String {
        switch r {
        case .exact(let f): return "\(fps(f)) fps"
        case .atLeast(let f): return "at least \(fps(f)) fps"
        case .range(let a, let b): return "\(fps(a))–\(fps(b)) fps"
        }
    }

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

    static func changes(_ r: CaptureRequest, _ s: Negotiator.Scored) -> [Change] {
        var out: [Change] = []
        let m = s.mode
        if !s.sizeOK, let want = r.size {
            out.append(
                Change(
                    field: "size", requested: describe(want), chosen: "\(m.size)",
                    reason: "no format offers \(describe(want)) at the requested rate; \(m.size) is the nearest that does (\(m.sizeOrigin))"
                ))
        } else if !s.sizeOK, let ar = r.aspectRatio {
            out.append(
                Change(
                    field: "size", requested: "aspect \(ar.numerator):\(ar.denominator)", chosen: "\(m.size)",
                    reason: "no mode has that shape at the requested rate"))
        }
        if !s.rateOK, let want = r.rate, s.interval == nil {
            // Not a rate of 0: nobody said what the rate is (a sensor without intervals or blanking controls).
            out.append(
                Change(
                    field: "rate", requested: describe(want), chosen: "unknown",
                    reason: "\(m.fourcc) \(m.size) reports no frame rate; 'camprobe verify' measures it"))
        } else if !s.rateOK, let want = r.rate {
            let chosen =
                formatFPS(s.fps) + " fps"
                + (describe(want).hasPrefix(formatFPS(s.fps) + " ") ? " (\(s.interval?.description ?? "?") s)" : "")
            out.append(
                Change(
                    field: "rate", requested: describe(want), chosen: chosen,
                    reason: "\(m.fourcc) \(m.size) offers \(m.rates.summary)"))
        }
        if !s.formatOK, case .list(let prefs) = r.format {
            out.append(
                Change(
                    field: "format", requested: prefs.map(\.description).joined(separator: " or "), chosen: "\(m.fourcc)",
                    reason: "\(prefs.count == 1 ? "it does not deliver" : "none of them delivers") this size at this rate; \(m.fourcc) does"
                ))
        }
        return out
    }

    static func note(_ s: Negotiator.Scored, _ r: CaptureRequest) -> String {
        var parts: [String] = []
        if !s.sizeOK { parts.append("size off") }
        if !s.rateOK { parts.append("rate \(formatFPS(s.fps)) fps") }
        if !s.formatOK { parts.append("not a preferred format") }
        if s.mode.isEmulated { parts.append("emulated") }
        if s.overLink { parts.append("over the link limit") }
        return parts.isEmpty ? "meets the request" : parts.joined(separator: ", ")
    }

    static func explain(
        _ r: CaptureRequest, best: Negotiator.Scored, choice: Choice, changes: [Change],
        ranked: [Negotiator.Scored], rejected: [String: Int]
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
                why = "it only reaches \(formatFPS(other.fps)) fps at \(other.mode.size)"
            } else if !other.sizeOK && best.sizeOK {
                why = "its nearest size is \(other.mode.size)"
            } else if !other.formatOK && best.formatOK {
                why = "it is not among the preferred formats"
            } else if other.overLink && !best.overLink {
                why =
                    "\(other.mode.fourcc) \(other.mode.size) at \(formatFPS(other.fps)) fps would need \(other.bytesPerSecond.map(Bandwidth.describe) ?? "?"), above the link's limit"
            } else if other.mode.isCompressed != best.mode.isCompressed {
                why =
                    best.mode.isCompressed
                    ? "it scores lower (\(Negotiator.formatScore(other.total)) vs \(Negotiator.formatScore(best.total)))"
                    : "uncompressed is preferred when it meets the request (no decoding, no compression artefacts)"
            } else {
                why = "it scores lower (\(Negotiator.formatScore(other.total)) vs \(Negotiator.formatScore(best.total)))"
            }
            lines.append("Not \(other.mode.fourcc) \(other.mode.size) @ \(formatFPS(other.fps)) fps: \(why).")
        }
        for (k, v) in rejected.sorted(by: { $0.key < $1.key }) { lines.append("Excluded \(v) mode\(v == 1 ? "" : "s"): \(k).") }
        lines += choice.warnings.map { "Warning: " + $0 + "." }
        return lines.filter { !$0.isEmpty }
    }
}

extension Negotiator {
    /// The score truncated to two decimals; one that cannot be (never produced by `score`) as Swift prints it.
    static func formatScore(_ s: Double) -> String {
        guard s.isFinite, abs(s) < 1e15 else { return "\(s)" }
        return String(Double(Int(s * 100)) / 100)
    }
}
