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
            // The wish did not fit: whatever is chosen instead is an adjustment, each field the bus changed given the
            // bus as its reason (a preset's VALID is relative to the camera, not to what the bus leaves of it).
            d.decision.outcome = .adjusted
            if let wish = plain.decision.choice, let got = d.decision.choice {
                d.decision.changes = busChanges(from: wish, to: got, plain: plain.decision.changes, reason: "\(wishText): \(why)")
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

extension Negotiator {
    /// The changes from the one-camera choice `wish` to `got`: each field the bus changed (format, size, rate), asked
    /// as the request asked it when the camera alone had changed it too, else as the wish; the camera-alone changes
    /// of the other fields stay.
    static func busChanges(from wish: Choice, to got: Choice, plain: [Change], reason: String) -> [Change] {
        func asked(_ field: String, _ wishValue: String) -> (String, String) {
            guard let p = plain.first(where: { $0.field == field }) else { return (wishValue, reason) }
            return (p.requested, reason + " (the camera alone: \(p.chosen), \(p.reason))")
        }
        var out: [Change] = []
        let fps = { (c: Choice) in c.frameRate?.doubleValue.map { formatFPS($0) + " fps" } ?? "unknown" }
        let code = { (c: Choice) in c.fourcc.name }
        if wish.fourcc != got.fourcc {
            let (requested, why) = asked("format", code(wish))
            out.append(Change(field: "format", requested: requested, chosen: code(got), reason: why))
        }
        if wish.size != got.size {
            let (requested, why) = asked("size", "\(wish.size)")
            out.append(Change(field: "size", requested: requested, chosen: "\(got.size)", reason: why))
        }
        if fps(wish) != fps(got) {
            let (requested, why) = asked("rate", fps(wish))
            out.append(Change(field: "rate", requested: requested, chosen: fps(got), reason: why))
        }
        let changed = Set(out.map(\.field))
        return out + plain.filter { !changed.contains($0.field) }
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
