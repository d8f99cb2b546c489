import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// The score of one mode (see `Negotiator`), in the parts that depend on the size alone, on the rate offer
/// alone and on the format alone, so that a `ModeTable` works each out once per distinct value.
extension Negotiator {
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

    /// The size's part: its cost and whether it is what was asked (aspect ratio included).
    struct SizeTerm {
        var cost = 0.0
        var ok = true
    }

    /// The rate's part: the interval picked from the offer, its cost, whether it is what was asked.
    struct RateTerm {
        var interval: Rational?
        var cost = 0.0
        var ok = true
        /// `interval`'s rate, 0 when there is none.
        var fps: Double { interval?.reciprocalValue ?? 0 }
    }

    static func score(_ c: CandidateMode, _ r: CaptureRequest, largestArea: UInt64, linkLimit: UInt64?) -> Scored {
        let size = sizeTerm(c.size, r, largestArea: largestArea)
        let rate = rateTerm(c.rates, r)
        let (rank, formatOK) = formatTerm(c.fourcc, r)
        let bps = Bandwidth.bytesPerSecond(c.fourcc, compressed: c.isCompressed, size: c.size, fps: rate.fps)
        let overLink = bps.map { b in linkLimit.map { b > $0 } ?? false } ?? false
        let total = total(c, r, size: size, rate: rate, formatRank: rank, overLink: overLink)
        return Scored(
            mode: c, interval: rate.interval, sizeCost: size.cost, rateCost: rate.cost, formatRank: rank, overLink: overLink,
            bytesPerSecond: bps, sizeOK: size.ok, rateOK: rate.ok, formatOK: formatOK, total: total)
    }

    static func sizeTerm(_ size: Dimensions, _ r: CaptureRequest, largestArea: UInt64) -> SizeTerm {
        var t = SizeTerm()
        // Zero widths and heights (a driver or a file can say 0x0) count as 1, so every cost stays finite.
        func distance(_ want: Dimensions) -> Double {
            let area = log(Double(max(size.area, 1)) / Double(max(want.area, 1)))
            let aspect = log(
                (Double(max(size.width, 1)) / Double(max(size.height, 1)))
                    / (Double(max(want.width, 1)) / Double(max(want.height, 1))))
            return abs(area) + 2 * abs(aspect)
        }
        switch r.size {
        case .exact(let want):
            if size != want {
                t.ok = false
                t.cost = distance(want) + 0.05
            }
        case .nearest(let want): t.cost = distance(want)
        case .atLeast(let want):
            if size.width >= want.width && size.height >= want.height {
                t.cost = 0.5 * distance(want)
            } else {
                t.ok = false
                t.cost = 5 + distance(want)
            }
        case nil: t.cost = 0.3 * log(Double(max(largestArea, 1)) / Double(max(size.area, 1)))
        }
        if let ar = r.aspectRatio, let want = ar.doubleValue, want > 0, want.isFinite, size.height > 0 {
            let d = abs(log(Double(max(size.width, 1)) / Double(size.height) / want))
            t.cost += 2 * d
            if d > 0.01 { t.ok = false }
        }
        return t
    }

    static func rateTerm(_ rates: RateOffer, _ r: CaptureRequest) -> RateTerm {
        var t = RateTerm()
        let minFPS = 30000.0 / 1001.0 - 1e-9
        switch r.rate {
        case .exact(let f):
            let want = f.reciprocal
            if let own = rates.matching(want) {
                t.interval = own
            } else {
                t.interval = rates.nearest(to: want)
                t.ok = false
                t.cost = 0.05 + abs(log((t.interval?.reciprocalValue ?? 0.001) / positive(f.doubleValue, or: 1)))
            }
        case .atLeast(let f):
            t.interval = rates.fastest
            let got = t.interval?.reciprocalValue ?? 0
            // max(0, …): a floor below 0.001 fps must not make missing it a bonus.
            if let fv = f.doubleValue, got + 1e-9 < fv {
                t.ok = false
                t.cost = 0.05 + max(0, log(fv / max(got, 0.001)))
            }
        case .range(let lo, let hi):
            t.interval = rates.shortest(within: hi.reciprocal, lo.reciprocal)
            if t.interval == nil {
                t.ok = false
                let fastest = rates.fastest
                let slowest = rates.slowest
                let tooSlow = (fastest?.reciprocalValue ?? 0) < (lo.doubleValue ?? 0)
                t.interval = tooSlow ? fastest : slowest
                let got = t.interval?.reciprocalValue ?? 0.001
                t.cost = 0.05 + abs(log(got / positive(tooSlow ? lo.doubleValue : hi.doubleValue, or: 1)))
            }
        case nil:
            t.interval = rates.fastest
            let got = t.interval?.reciprocalValue ?? 0
            if got < minFPS { t.cost = log(30 / max(got, 0.001)) }
        }
        return t
    }

    /// The format's place in the preference list (10 when not in it), and whether it is in it.
    static func formatTerm(_ fourcc: FourCC, _ r: CaptureRequest) -> (rank: Int, ok: Bool) {
        guard case .list(let prefs) = r.format else { return (0, true) }
        if let i = prefs.firstIndex(of: fourcc) { return (i, true) }
        return (10, false)
    }

    /// The parts summed, with the tie-breaks.
    static func total(
        _ c: CandidateMode, _ r: CaptureRequest, size: SizeTerm, rate: RateTerm, formatRank: Int, overLink: Bool
    ) -> Double {
        total(
            emulated: c.isEmulated, compressed: c.isCompressed, anyFormat: r.format == .any, area: c.size.area,
            formatIndex: c.formatIndex, size: size, rateCost: rate.cost, fps: rate.fps, formatRank: formatRank, overLink: overLink)
    }

    @inline(__always)
    static func total(
        emulated: Bool, compressed: Bool, anyFormat: Bool, area: UInt64, formatIndex: Int, size: SizeTerm, rateCost: Double,
        fps: Double, formatRank: Int, overLink: Bool
    ) -> Double {
        var total = (emulated ? 1000 : 0) + 100 * size.cost + 60 * rateCost + 5 * Double(formatRank) + (overLink ? 40 : 0)
        if anyFormat, compressed { total += 2 }
        // The tie-breaks stay tiny (under 0.11 together): the size's is capped at 2³² pixels, above any camera's.
        total -= 1e-4 * min(fps, 1000) + 1e-12 * min(Double(area), 4_294_967_296)
        total += 1e-6 * Double(formatIndex)
        // Every term above is finite for any UInt32 input; this keeps the promise even so
        // (renderers print the score through Int).
        if !(abs(total) < 1e12) { total = 1e12 }
        return total
    }

    /// `v` when it is a finite positive number, else `fallback` (a zero or
    /// invalid requested rate must not divide a cost by zero).
    static func positive(_ v: Double?, or fallback: Double) -> Double {
        guard let v, v.isFinite, v > 0 else { return fallback }
        return v
    }
}
