import CaptureModel

/// One format × size the node offers, with the rates at that size.
package struct CandidateMode: Sendable, Hashable {
    package var path: String
    package var bufferType: BufferType
    package var fourcc: FourCC
    package var formatDescription: String
    package var formatIndex: Int
    package var isCompressed: Bool
    package var isEmulated: Bool
    package var size: Dimensions
    package var rates: RateOffer
    /// "discrete", or "inside a stepwise range" etc., for explanations.
    package var sizeOrigin: String
}

/// Expands a node's formats into candidate modes. Discrete sizes are taken as
/// they are; a stepwise or continuous range yields its two ends and, when it
/// contains them, the sizes the request names. A size strictly inside a range
/// gets the slower of the two ends' rates (V4L2 reports intervals only at the
/// sizes asked; the slower end is the one that is certainly reachable).
///
/// On a digital-video input with a signal (`SourceSignal`) only the size and rate the source sends are candidates.
enum ModeExpansion {
    static func candidates(of node: CaptureNodeCapabilities, targets: [Dimensions]) -> [CandidateMode] {
        guard let signal = SourceSignal.of(node) else { return expand(node, targets: targets) }
        let all = expand(node, targets: targets + [signal.size])
        let sent = all.filter { $0.size == signal.size }
        return sent.isEmpty ? all : sent.map(signal.restrict)
    }

    static func expand(_ node: CaptureNodeCapabilities, targets: [Dimensions]) -> [CandidateMode] {
        var out: [CandidateMode] = []
        for (fi, f) in node.formats.enumerated() {
            func add(_ d: Dimensions, _ r: RateOffer, _ origin: String) {
                out.append(
                    CandidateMode(
                        path: node.path, bufferType: f.bufferType, fourcc: f.fourcc, formatDescription: f.description,
                        formatIndex: fi, isCompressed: f.isCompressed, isEmulated: f.isEmulated, size: d, rates: r,
                        sizeOrigin: origin))
            }
            for s in f.sizes {
                switch s {
                case .discrete(let d, let iv):
                    add(d, RateOffer(iv), "discrete")
                case .stepwise(let lo, _, _, let a, let b), .continuous(let lo, _, let a, let b):
                    // `extent` keeps degenerate ranges (max below min, max off the step grid) to the sizes they offer.
                    let hi = s.extent.max
                    let ra = RateOffer(a)
                    let rb = RateOffer(b)
                    let slower = Rational.compare(ra.fastest ?? Rational(1, 1), rb.fastest ?? Rational(1, 1)) >= 0 ? ra : rb
                    add(lo, ra, "the smallest of a \(s.kind) range")
                    if hi != lo {
                        if s.isDegenerateRange {
                            add(hi, slower, "the largest a degenerate \(s.kind) range reaches (rates of its slower end)")
                        } else {
                            add(hi, rb, "the largest of a \(s.kind) range")
                        }
                    }
                    for t in targets where t != lo && t != hi && s.contains(t) {
                        add(t, slower, "inside a \(s.kind) range \(lo)–\(hi) (rates of its slower end)")
                    }
                }
            }
        }
        return out
    }
}
