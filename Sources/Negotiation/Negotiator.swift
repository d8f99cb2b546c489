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
        decide(
            request, table: ModeTable(node, targets: targets(of: request)), transport: transport, controls: controls,
            alternatives: limit, presetRule: nil)
    }

    /// Decides for the node of `table`, built once (`ModeTable(node:)`) and reused for every decision on that
    /// node; the same decision as `decide(_:for:)`.
    package static func decide(
        _ request: CaptureRequest, using table: ModeTable, transport: Transport? = nil, controls: [Control]? = nil,
        alternatives limit: Int = 5
    ) -> Decision {
        decide(request, table: table, transport: transport, controls: controls, alternatives: limit, presetRule: nil)
    }

    /// The sizes a request names (modes inside a range are added for them).
    static func targets(of request: CaptureRequest) -> [Dimensions] {
        switch request.size {
        case .exact(let d), .atLeast(let d), .nearest(let d): [d]
        case nil: []
        }
    }

    /// A scored mode: its index in the table and its score.
    struct Entry {
        var index: Int32
        var total: Double
    }

    /// `presetRule`: set by presets that pin the format list themselves (the user named no format),
    /// so explanations say the preset chose it, not that the others were "not preferred".
    static func decide(
        _ request: CaptureRequest, table base: ModeTable, transport: Transport?, controls: [Control]?, alternatives limit: Int,
        presetRule: String?
    ) -> Decision {
        let table = base.serving(targets(of: request))
        let node = table.node
        let all = table.modes
        let linkLimit = Bandwidth.transportLimit(transport)
        let evaluation = ModeEvaluation(table, request, linkLimit: linkLimit)
        // Exclusion reasons by number, in this order; the last is the size floor's, worded at the end.
        var why = [
            "emulated (native only was asked)", "compressed (raw was asked)", "uncompressed (compressed was asked)",
            request.requireRate ? "below the required rate (\(request.rate.map(Explainer.describe) ?? "?"))" : "",
            request.bandwidthBytesPerSecond.map { "over the \(Bandwidth.describe($0)) budget" } ?? "", "",
        ]
        var counts = [Int](repeating: 0, count: why.count)
        var excluded: [Explainer.Excluded] = []
        var scored: [Entry] = []
        scored.reserveCapacity(all.count)
        func exclude(_ i: Int, _ reason: Int) {
            counts[reason] += 1
            excluded.append(Explainer.Excluded(index: Int32(i), why: reason))
        }
        let raw = request.format == .raw
        let compressed = request.format == .compressed
        let floor: Dimensions? = if case .atLeast(let t) = request.size { t } else { nil }
        // "At least" is a floor: a smaller mode is never the answer.
        var tooSmall: [Int] = []
        for i in 0..<all.count {
            if request.nativeOnly && table.isEmulated[i] {
                exclude(i, 0)
                continue
            }
            if raw && table.isCompressed[i] {
                exclude(i, 1)
                continue
            }
            if compressed && !table.isCompressed[i] {
                exclude(i, 2)
                continue
            }
            if let t = floor {
                let size = table.sizes[Int(table.sizeID[i])]
                if size.width < t.width || size.height < t.height {
                    tooSmall.append(i)
                    continue
                }
            }
            let s = evaluation.light(i)
            if request.requireRate && !s.rateOK {
                exclude(i, 3)
                continue
            }
            if let budget = request.bandwidthBytesPerSecond, let b = s.bytesPerSecond, b > budget {
                exclude(i, 4)
                continue
            }
            scored.append(Entry(index: Int32(i), total: s.total))
        }
        var sizeFloorReason: String?
        if let t = floor, let biggest = tooSmall.max(by: { all[$0].size.area < all[$1].size.area }) {
            why[5] = scored.isEmpty ? "smaller than \(t) (the largest is \(all[biggest].size))" : "smaller than \(t)"
            sizeFloorReason = "no mode is at least \(t); the largest is \(all[biggest].size)"
            for i in tooSmall { exclude(i, 5) }
        }
        var rejected: [String: Int] = [:]
        for (i, n) in counts.enumerated() where n > 0 { rejected[why[i], default: 0] += n }
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
        let context = Explainer.Context(
            table: table, excluded: excluded, why: why, scored: scored, evaluation: evaluation, presetRule: presetRule)
        let ranked = rank(scored, keep: max(limit, 8), table).map { evaluation.scored(Int($0.index)) }
        let best = ranked[0]
        let choice = makeChoice(best, transport: transport, linkLimit: linkLimit, controls: controls)
        let changes = Explainer.changes(request, best, context)
        let alts = ranked.prefix(max(1, limit)).map { s in
            RankedChoice(
                choice: makeChoice(s, transport: transport, linkLimit: linkLimit, controls: nil), score: s.total,
                meetsRequest: s.meets, note: Explainer.note(s, request, context))
        }
        return Decision(
            outcome: best.meets ? .valid : .adjusted, choice: choice, changes: changes, reasons: [],
            alternatives: Array(alts),
            explanation: (SourceSignal.of(node).map { [$0.explanation] } ?? [])
                + Explainer.explain(
                    request, best: best, choice: choice, changes: changes, ranked: ranked, rejected: rejected, context: context),
            candidatesConsidered: all.count)
    }

    /// The best few, best first: only they are ranked; the rest need no order. The best raw and the best
    /// compressed mode stay available to the explanation.
    static func rank(_ scored: [Entry], keep: Int, _ table: ModeTable) -> [Entry] {
        guard scored.count > keep * 4 else { return scored.sorted { $0.total < $1.total } }
        var top: [Entry] = []
        top.reserveCapacity(keep + 3)
        var bestRaw: Entry?
        var bestCompressed: Entry?
        for s in scored {
            if table.isCompressed[Int(s.index)] {
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
        for s in [bestRaw, bestCompressed].compactMap({ $0 })
        where !top.contains(where: { $0.total == s.total && table.modes[Int($0.index)] == table.modes[Int(s.index)] }) {
            top.append(s)
        }
        return top
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
