import CaptureModel

/// One request scored over a `ModeTable`: the size terms worked out once per distinct size, the rate terms once
/// per distinct rate offer, the format ranks once per format; a mode's score is then a few look-ups and sums,
/// the same number `Negotiator.score` gives.
struct ModeEvaluation {
    let table: ModeTable
    let request: CaptureRequest
    let linkLimit: UInt64?
    let sizeTerms: [Negotiator.SizeTerm]
    let rateTerms: [Negotiator.RateTerm]
    let rateFPS: [Double]
    let formatTerms: [(rank: Int, ok: Bool)]
    let anyFormat: Bool

    init(_ table: ModeTable, _ request: CaptureRequest, linkLimit: UInt64?) {
        self.table = table
        self.request = request
        self.linkLimit = linkLimit
        sizeTerms = table.sizes.map { Negotiator.sizeTerm($0, request, largestArea: table.largestArea) }
        rateTerms = table.offers.map { Negotiator.rateTerm($0, request) }
        rateFPS = rateTerms.map(\.fps)
        formatTerms = table.fourccs.map { Negotiator.formatTerm($0, request) }
        anyFormat = request.format == .any
    }

    /// What the decision needs of every mode: its score, whether it reaches the rate, its payload.
    struct Light {
        var total: Double
        var rateOK: Bool
        var bytesPerSecond: UInt64?
        var overLink: Bool
    }

    @inline(__always)
    func light(_ i: Int) -> Light {
        let s = Int(table.sizeID[i])
        let o = Int(table.offerID[i])
        let f = table.formatIndex[i]
        let fps = rateFPS[o]
        let area = table.sizes[s].area
        let bps = Bandwidth.bytesPerSecond(bytesPerPixel: table.bytesPerPixel[i], area: area, fps: fps)
        let overLink = bps.map { b in linkLimit.map { b > $0 } ?? false } ?? false
        let total = Negotiator.total(
            emulated: table.isEmulated[i], compressed: table.isCompressed[i], anyFormat: anyFormat, area: area, formatIndex: f,
            size: sizeTerms[s], rateCost: rateTerms[o].cost, fps: fps, formatRank: formatTerms[f].rank, overLink: overLink)
        return Light(total: total, rateOK: rateTerms[o].ok, bytesPerSecond: bps, overLink: overLink)
    }

    /// Mode `i` in full, as `Negotiator.score` gives it.
    func scored(_ i: Int) -> Negotiator.Scored {
        let l = light(i)
        let size = sizeTerms[Int(table.sizeID[i])]
        let rate = rateTerms[Int(table.offerID[i])]
        let format = formatTerms[table.formatIndex[i]]
        return Negotiator.Scored(
            mode: table.modes[i], interval: rate.interval, sizeCost: size.cost, rateCost: rate.cost, formatRank: format.rank,
            overLink: l.overLink, bytesPerSecond: l.bytesPerSecond, sizeOK: size.ok, rateOK: rate.ok, formatOK: format.ok,
            total: l.total)
    }
}
