import CaptureModel

/// One thing a camera could stream in a joint plan: a mode at one rate, its one-camera score, and what it reserves.
struct JointOption {
    var scored: Negotiator.Scored
    var reservation: USBReservation
    var demand: USBDemand?
    /// The score, lower is better (`Negotiator`'s).
    var score: Double { scored.total }
    var bytes: Int { reservation.bytes }
}

/// The options of one camera: every native mode at each rate it offers, scored against the camera's request,
/// reduced to those a planner would ever pick (each cheaper on the bus than every better-scored one).
struct JointOptions {
    /// The request the options are scored against (a preset's wish becomes an exact request for it).
    var request: CaptureRequest
    /// The one-camera decision for a preset (its choice is the wish); for a request, made only when nothing can
    /// stream (its reasons say why).
    var decision: Decision?
    /// Best score first; bytes strictly decreasing.
    var frontier: [JointOption]
    /// How many options were weighed.
    var considered: Int
    /// How many options matched the request, whether or not a setting carries them.
    var matched: Int

    init(_ camera: JointCamera) {
        let table = ModeTable(node: camera.node)
        switch camera.wish {
        case .request(let r):
            request = r
            decision = nil
        case .preset(let p):
            let d = Negotiator.decide(preset: p, using: table)
            decision = d
            if let c = d.choice {
                request = CaptureRequest(
                    size: .exact(c.size), rate: c.frameRate.map { .atLeast($0) }, format: .list([c.fourcc]), nativeOnly: true)
            } else {
                request = CaptureRequest()
            }
        }
        let link = camera.effectiveLink
        let linkLimit = Bandwidth.transportLimit(Transport(kind: .usb, speedMbps: link.speedMbps))
        let floor: Dimensions? = if case .atLeast(let t) = request.size { t } else { nil }
        var all: [JointOption] = []
        var matched = 0
        for mode in table.modes where !mode.isEmulated {
            if request.format == .raw && mode.isCompressed { continue }
            if request.format == .compressed && !mode.isCompressed { continue }
            if let t = floor, mode.size.width < t.width || mode.size.height < t.height { continue }
            for interval in JointOptions.intervals(mode.rates, request) {
                var single = mode
                single.rates = .discrete([interval])
                let s = Negotiator.score(single, request, largestArea: table.largestArea, linkLimit: linkLimit)
                if request.requireRate && !s.rateOK { continue }
                matched += 1
                let r = JointOptions.reservation(s, camera: camera, link: link)
                guard r.fits else { continue }
                all.append(JointOption(scored: s, reservation: r, demand: r.demand(speedMbps: link.speedMbps)))
            }
        }
        considered = all.count
        self.matched = matched
        if all.isEmpty && decision == nil { decision = Negotiator.decide(request, using: table, transport: nil, alternatives: 1) }
        // Sorted by index: an option is a large value, and moving thousands of them was a fifth of a 16-camera plan.
        let order = all.indices.sorted { all[$0].score < all[$1].score }
        var kept: [JointOption] = []
        for i in order where kept.last.map({ all[i].bytes < $0.bytes }) ?? true { kept.append(all[i]) }
        frontier = kept
    }

    /// The options of each camera; cameras that would weigh the same (same formats, wish, link speed and settings,
    /// measured settings) share one computation: a rig of one model scores its modes once. The shared options
    /// carry the first such camera's node path (`JointExplainer` sets each camera's own in its choice).
    static func all(_ cameras: [JointCamera]) -> [JointOptions] {
        var out: [JointOptions] = []
        for (i, c) in cameras.enumerated() {
            if let j = (0..<i).first(where: { weighAlike(cameras[$0], c) }) {
                out.append(out[j])
            } else {
                out.append(JointOptions(c))
            }
        }
        return out
    }

    /// True when `a` and `b` have the same options: every input of `init` but the node's path is equal (a mode
    /// table reads only the node's formats and path).
    static func weighAlike(_ a: JointCamera, _ b: JointCamera) -> Bool {
        let la = a.effectiveLink
        let lb = b.effectiveLink
        return a.isUSB == b.isUSB && a.wish == b.wish && la.speedMbps == lb.speedMbps && la.alts == lb.alts
            && a.measured == b.measured && a.node.formats == b.node.formats
    }

    /// The rates weighed for a mode: every discrete one; for a range its ends and the request's pick.
    static func intervals(_ offer: RateOffer, _ r: CaptureRequest) -> [Rational] {
        switch offer {
        case .discrete(let l): return l
        case .range(let a, let b, _):
            var out = [a, b]
            if let picked = Negotiator.rateTerm(offer, r).interval, !out.contains(picked) { out.append(picked) }
            return out
        case .unknown: return []
        }
    }

    /// What a scored mode reserves on the camera's link: measured when seen, else the uncompressed lower bound,
    /// else (compressed) the largest setting.
    static func reservation(_ s: Negotiator.Scored, camera: JointCamera, link: USBLink) -> USBReservation {
        guard camera.isUSB else { return USBReservation(alt: nil, bytes: 0, payload: 0, evidence: .computedLowerBound) }
        // The rate scored (`Scored.fps` is the same fraction's value; no interval: 0, as before).
        let rate = s.interval.map(\.reciprocal) ?? Rational(0, 1)
        let m = ModeReservation(
            bufferType: s.mode.bufferType, fourcc: s.mode.fourcc, size: s.mode.size, rate: rate, isCompressed: s.mode.isCompressed)
        // The key is spelled (a string with the rate) only when something was measured for this camera.
        return m.reservation(on: link, measuredAlt: camera.measured.isEmpty ? nil : camera.measured[m.key])
    }
}
