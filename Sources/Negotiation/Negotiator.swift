import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// Picks a capture mode for a request, and explains the pick.
///
/// Hard constraints first: `nativeOnly` drops emulated formats, `.raw` /
/// `.compressed` drop the other class, an explicit bandwidth budget drops
/// uncompressed modes above it. The rest are ranked by a score, lower is better:
///
///     score = 1000·emulated
///           + 100·sizeCost      (0 when the size is what was asked; else |ln(area ratio)| + 2·|ln(aspect ratio)|)
///           +  60·rateCost      (0 when the rate is met; else |ln(rate ratio)|)
///           +   5·formatRank    (position in the preference list; 10 when not in it)
///           +  40·overLinkLimit (uncompressed payload above the transport's isochronous limit)
///           +   2·compressed    (with no format asked: raw wins a tie, compressed wins when raw cannot reach the rate)
///           −   tiny tie-breaks (higher rate, then larger size)
///
/// So native always beats emulated; a mode that meets size and rate beats any
/// that does not; among those that miss, the nearest wins. A rate is never
/// outside what the mode advertises: it is one of its discrete intervals or on
/// its stepwise grid. Pure: no I/O.
public enum Negotiator {
    /// Decides for one capture node. `transport` gives the link limit;
    /// `controls` (when read) let it warn about auto-exposure priority.
    public static func decide(
        _ request: CaptureRequest, for node: CaptureNodeCapabilities, transport: Transport? = nil,
        controls: [Control]? = nil, alternatives limit: Int = 5
    ) -> Decision {
        decide(request, for: node, transport: transport, controls: controls, alternatives: limit, presetRule: nil)
    }

    /// `presetRule`: set by presets that pin the format list themselves (the user named no format),
    /// so explanations say the preset chose it, not that the others were "not preferred".
    static func decide(
        _ request: CaptureRequest, for node: CaptureNodeCapabilities, transport: Transport?,
        controls: [Control]?, alternatives limit: Int, presetRule: String?
    ) -> Decision {
        let targets: [Dimensions] =
            switch request.size {
            case .exact(let d), .atLeast(let d), .nearest(let d): [d]
            case nil: []
            }
        let all = ModeExpansion.candidates(of: node, targets: targets)
        var rejected: [String: Int] = [:]
        var scored: [Scored] = []
        scored.reserveCapacity(all.count)
        let largest = all.map(\.size.area).max() ?? 1
        let linkLimit = Bandwidth.transportLimit(transport)
        var excluded: [(mode: CandidateMode, why: String)] = []
        func exclude(_ c: CandidateMode, _ why: String) {
            rejected[why, default: 0] += 1
            excluded.append((c, why))
        }
        // "At least" is a floor: a smaller mode is never the answer.
        var tooSmall: [CandidateMode] = []
        for c in all {
            if request.nativeOnly && c.isEmulated {
                exclude(c, "emulated (native only was asked)")
                continue
            }
            if case .raw = request.format, c.isCompressed {
                exclude(c, "compressed (raw was asked)")
                continue
            }
            if case .compressed = request.format, !c.isCompressed {
                exclude(c, "uncompressed (compressed was asked)")
                continue
            }
            if case .atLeast(let t) = request.size, c.size.width < t.width || c.size.height < t.height {
                tooSmall.append(c)
                continue
            }
            let s = score(c, request, largestArea: largest, linkLimit: linkLimit)
            if request.requireRate && !s.rateOK {
                exclude(c, "below the required rate (\(request.rate.map(Explainer.describe) ?? "?"))")
                continue
            }
            if let budget = request.bandwidthBytesPerSecond, let b = s.bytesPerSecond, b > budget {
                exclude(c, "over the \(Bandwidth.describe(budget)) budget")
                continue
            }
            scored.append(s)
        }
        var sizeFloorReason: String?
        if case .atLeast(let t) = request.size, let biggest = tooSmall.max(by: { $0.size.area < $1.size.area }) {
            let key = scored.isEmpty ? "smaller than \(t) (the largest is \(biggest.size))" : "smaller than \(t)"
            sizeFloorReason = "no mode is at least \(t); the largest is \(biggest.size)"
            for c in tooSmall { exclude(c, key) }
        }
        guard !scored.isEmpty else {
            var reasons: [String]
            if all.isEmpty {
                reasons = ["\(node.path) offers no formats"]
            } else if rejected.count == 1, let only = sizeFloorReason {
                reasons = [only]
            } else {
                reasons = ["every mode was excluded"]
                reasons += rejected.sorted { $0.key < $1.key }.map { "\($0.value) mode\($0.value == 1 ? "" : "s") \($0.key)" }
            }
            return Decision(
                outcome: .unsupported, choice: nil, changes: [], reasons: reasons, alternatives: [],
                explanation: ["Nothing can be chosen: " + reasons.joined(separator: "; ") + "."], candidatesConsidered: all.count)
        }
        let context = Explainer.Context(all: all, excluded: excluded, scored: scored, presetRule: presetRule)
        // Only the best few are ranked; the rest need no order.
        let keep = max(limit, 8)
        if scored.count > keep * 4 {
            var top: [Scored] = []
            top.reserveCapacity(keep + 3)
            var bestRaw: Scored?
            var bestCompressed: Scored?
            for s in scored {
                if s.mode.isCompressed {
                    if bestCompressed.map({ s.total < $0.total }) ?? true { bestCompressed = s }
                } else if bestRaw.map({ s.total < $0.total }) ?? true {
                    bestRaw = s
                }
                if top.count < keep || s.total < top[top.count - 1].total {
                    let i = top.firstIndex { s.total < $0.total } ?? top.count
                    top.insert(s, at: i)
                    if top.count > keep { top.removeLast() }
                }
            }
            // The best of each class stays available to the explanation.
            for s in [bestRaw, bestCompressed].compactMap({ $0 }) where !top.contains(where: { $0.total == s.total && $0.mode == s.mode }) {
                top.append(s)
            }
            scored = top
        } else {
            scored.sort { $0.total < $1.total }
        }
        let best = scored[0]
        let choice = makeChoice(best, transport: transport, linkLimit: linkLimit, controls: controls)
        let changes = Explainer.changes(request, best, context)
        let alts = scored.prefix(max(1, limit)).map { s in
            RankedChoice(
                choice: makeChoice(s, transport: transport, linkLimit: linkLimit, controls: nil), score: s.total,
                meetsRequest: s.meets, note: Explainer.note(s, request, context))
        }
        return Decision(
            outcome: best.meets ? .valid : .adjusted, choice: choice, changes: changes, reasons: [],
            alternatives: Array(alts),
            explanation: (SourceSignal.of(node).map { [$0.explanation] } ?? [])
                + Explainer.explain(
                    request, best: best, choice: choice, changes: changes, ranked: scored, rejected: rejected, context: context),
            candidatesConsidered: all.count)
    }

    /// A candidate with the rate picked for the request and its score.
    struct Scored {
        var mode: CandidateMode
        var interval: Rational?
        var sizeCost: Double
        var rateCost: Double
        var formatRank: Int
        var overLink: Bool
        var bytesPerSecond: UInt64?
        var sizeOK: Bool
        var rateOK: Bool
        var formatOK: Bool
        var total: Double
        var meets: Bool { sizeOK && rateOK && formatOK }
        var fps: Double { interval?.reciprocalValue ?? 0 }
    }

    static func score(_ c: CandidateMode, _ r: CaptureRequest, largestArea: UInt64, linkLimit: UInt64?) -> Scored {
        // Size.
        var sizeCost = 0.0
        var sizeOK = true
        // Zero widths and heights (a driver or a file can say 0x0) count as 1, so every cost stays finite.
        func distance(_ t: Dimensions) -> Double {
            let area = log(Double(max(c.size.area, 1)) / Double(max(t.area, 1)))
            let aspect = log(
                (Double(max(c.size.width, 1)) / Double(max(c.size.height, 1))) / (Double(max(t.width, 1)) / Double(max(t.height, 1))))
            return abs(area) + 2 * abs(aspect)
        }
        switch r.size {
        case .exact(let t):
            if c.size != t {
                sizeOK = false
                sizeCost = distance(t) + 0.05
            }
        case .nearest(let t): sizeCost = distance(t)
        case .atLeast(let t):
            if c.size.width >= t.width && c.size.height >= t.height {
                sizeCost = 0.5 * distance(t)
            } else {
                sizeOK = false
                sizeCost = 5 + distance(t)
            }
        case nil: sizeCost = 0.3 * log(Double(max(largestArea, 1)) / Double(max(c.size.area, 1)))
        }
        if let ar = r.aspectRatio, let want = ar.doubleValue, want > 0, want.isFinite, c.size.height > 0 {
            let d = abs(log(Double(max(c.size.width, 1)) / Double(c.size.height) / want))
            sizeCost += 2 * d
            if d > 0.01 { sizeOK = false }
        }
        // Rate.
        var interval: Rational?
        var rateCost = 0.0
        var rateOK = true
        let minFPS = 30000.0 / 1001.0 - 1e-9
        switch r.rate {
        case .exact(let f):
            let want = f.reciprocal
            if let own = c.rates.matching(want) {
                interval = own
            } else {
                interval = c.rates.nearest(to: want)
                rateOK = false
                rateCost = 0.05 + abs(log((interval?.reciprocalValue ?? 0.001) / positive(f.doubleValue, or: 1)))
            }
        case .atLeast(let f):
            interval = c.rates.fastest
            let got = interval?.reciprocalValue ?? 0
            // max(0, …): a floor below 0.001 fps must not make missing it a bonus.
            if let fv = f.doubleValue, got + 1e-9 < fv {
                rateOK = false
                rateCost = 0.05 + max(0, log(fv / max(got, 0.001)))
            }
        case .range(let lo, let hi):
            interval = c.rates.shortest(within: hi.reciprocal, lo.reciprocal)
            if interval == nil {
                rateOK = false
                let fastest = c.rates.fastest
                let slowest = c.rates.slowest
                let tooSlow = (fastest?.reciprocalValue ?? 0) < (lo.doubleValue ?? 0)
                interval = tooSlow ? fastest : slowest
                let got = interval?.reciprocalValue ?? 0.001
                rateCost = 0.05 + abs(log(got / positive(tooSlow ? lo.doubleValue : hi.doubleValue, or: 1)))
            }
        case nil:
            interval = c.rates.fastest
            let got = interval?.reciprocalValue ?? 0
            if got < minFPS { rateCost = log(30 / max(got, 0.001)) }
        }
        // Format.
        var formatRank = 0
        var formatOK = true
        if case .list(let prefs) = r.format {
            if let i = prefs.firstIndex(of: c.fourcc) {
                formatRank = i
            } else {
                formatRank = 10
                formatOK = false
            }
        }
        let bps = Bandwidth.bytesPerSecond(c.fourcc, compressed: c.isCompressed, size: c.size, fps: interval?.reciprocalValue ?? 0)
        let overLink = bps.map { b in linkLimit.map { b > $0 } ?? false } ?? false
        var total = (c.isEmulated ? 1000 : 0) + 100 * sizeCost + 60 * rateCost + 5 * Double(formatRank) + (overLink ? 40 : 0)
        if case .any = r.format, c.isCompressed { total += 2 }
        // The tie-breaks stay tiny (under 0.11 together): the size's is capped at 2³² pixels, above any camera's.
        total -= 1e-4 * min(interval?.reciprocalValue ?? 0, 1000) + 1e-12 * min(Double(c.size.area), 4_294_967_296)
        total += 1e-6 * Double(c.formatIndex)
        // Every term above is finite for any UInt32 input; this keeps the promise even so
        // (renderers print the score through Int).
        if !(abs(total) < 1e12) { total = 1e12 }
        return Scored(
            mode: c, interval: interval, sizeCost: sizeCost, rateCost: rateCost, formatRank: formatRank, overLink: overLink,
            bytesPerSecond: bps, sizeOK: sizeOK, rateOK: rateOK, formatOK: formatOK, total: total)
    }

    /// `v` when it is a finite positive number, else `fallback` (a zero or
    /// invalid requested rate must not divide a cost by zero).
    static func positive(_ v: Double?, or fallback: Double) -> Double {
        guard let v, v.isFinite, v > 0 else { return fallback }
        return v
    }

    static func makeChoice(_ s: Scored, transport: Transport?, linkLimit: UInt64?, controls: [Control]?) -> Choice {
        var warnings: [String] = []
        if let b = s.bytesPerSecond, let limit = linkLimit, b > limit {
            warnings.append(
                "\(s.mode.fourcc) \(s.mode.size) at \(formatFPS(s.fps)) fps needs \(Bandwidth.describe(b)), more than \(transport?.label ?? "the link") carries (about \(Bandwidth.describe(limit))): expect dropped frames or a lower rate"
            )
        }
        if s.mode.isEmulated {
            warnings.append(
                "\(s.mode.fourcc) is converted in software by libv4l2 (emulated): it costs CPU and the camera's native format is not this")
        }
        if let c = controls?.first(where: { $0.id == 0x009a_0903 }), c.value == .integer(1) {
            warnings.append(
                "auto-exposure priority is on (\(c.key)=1): in low light the camera may lower its rate below \(formatFPS(s.fps)) fps; set \(c.key)=0 to keep the rate"
            )
        }
        return Choice(
            path: s.mode.path, bufferType: s.mode.bufferType, fourcc: s.mode.fourcc, formatDescription: s.mode.formatDescription,
            size: s.mode.size, frameInterval: s.interval.map(FrameDuration.init),
            fastestInterval: s.mode.rates.fastest.map(FrameDuration.init),
            slowestInterval: s.mode.rates.slowest.map(FrameDuration.init), isCompressed: s.mode.isCompressed, isEmulated: s.mode.isEmulated,
            bytesPerSecond: s.bytesPerSecond, warnings: warnings)
    }
}
