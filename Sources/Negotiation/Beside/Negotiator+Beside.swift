import CaptureModel

extension Negotiator {
    /// Decides for one camera beside what already streams in its USB bandwidth domain.
    ///
    /// `decide` is the one-camera decision (a preset or a request across the device's capture nodes). When no other
    /// camera streams in the domain, it is the answer unchanged. Otherwise the wish's reservation (the alternate
    /// setting uvcvideo would select for it: measured, the uncompressed lower bound, or a compressed format's largest
    /// setting) is added to what the occupants hold: when the rule admits the sum, the wish stands; when not, the
    /// decision is made again over the modes that fit beside them, each change then giving the bus as its reason
    /// ("bus 1 has 39 of 100 µs left: 2 cameras stream there (…)"), or Unsupported when none fits. Pure: no I/O.
    package static func decide(
        _ device: Device, beside bus: BusContext, _ decide: (Device) -> DeviceDecision
    ) -> (decision: DeviceDecision, bus: BusVerdict?) {
        let plain = decide(device)
        let occupancy = bus.occupancy
        guard !occupancy.occupants.isEmpty else { return (plain, nil) }
        let rule = occupancy.domain.rule
        var verdict = BusVerdict(
            domain: occupancy.domain.key, family: rule.family, unit: rule.unit, capacity: rule.capacity, taken: occupancy.load,
            occupants: occupancy.occupants, wish: nil, loadWithWish: nil, chosen: nil, loadWithChoice: nil, wishFits: false)
        if let c = plain.decision.choice {
            let cost = bus.cost(ModeReservation(c))
            verdict.wish = ModeReservation(c).key
            verdict.loadWithWish = cost.load
            if cost.fits {
                verdict.wishFits = true
                verdict.chosen = verdict.wish
                verdict.loadWithChoice = cost.load
                var d = plain
                d.decision.explanation.append(
                    "It fits beside what streams: \(verdict.sentence); \(verdict.wish ?? "") brings the load to "
                        + "\(BusVerdict.figure(cost.load)) of \(BusVerdict.figure(rule.capacity)) \(verdict.shortUnit).")
                return (d, verdict)
            }
        }
        var restricted = device
        restricted.captures = device.captures.map { BusRestriction.restrict($0, beside: bus) }
        var d = decide(restricted)
        let why = verdict.sentence
        let wishText = verdict.wish.map { "\($0) does not fit beside what streams" } ?? "nothing fits"
        switch d.decision.outcome {
        case .unsupported:
            d.decision.reasons = ["no mode fits beside what streams: \(why)"]
            d.decision.explanation.insert("Nothing can be chosen beside what streams: \(why).", at: 0)
        case .valid, .adjusted:
            if d.decision.outcome == .valid && plain.decision.outcome == .adjusted {
                // The bus took away what the one-camera choice had; what remains still meets the request.
                d.decision.outcome = .adjusted
            }
            d.decision.changes = d.decision.changes.map { ch in
                // A change the camera alone would make too keeps its reason; the rest are the bus's.
                if plain.decision.changes.contains(where: { $0.field == ch.field && $0.chosen == ch.chosen }) { return ch }
                var c = ch
                c.reason = "\(wishText): \(why)"
                return c
            }
            if let c = d.decision.choice {
                let cost = bus.cost(ModeReservation(c))
                verdict.chosen = ModeReservation(c).key
                verdict.loadWithChoice = cost.load
            }
            d.decision.explanation.insert("\(wishText): \(why); chosen among the modes that fit.", at: 0)
        }
        return (d, verdict)
    }
}

extension ModeReservation {
    /// The reservation key of a choice: its format, size and rate (compressed or not as the choice says).
    init(_ c: Choice) {
        self.init(
            bufferType: c.mode.bufferType, fourcc: c.mode.fourcc, size: c.mode.size, rate: c.mode.frameRate ?? Rational(0, 1),
            isCompressed: c.isCompressed)
    }
}
