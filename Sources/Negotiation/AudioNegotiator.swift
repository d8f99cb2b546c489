import CaptureModel

/// Answers an `AudioRequest` from a microphone's hardware ranges (pure: no I/O).
///
/// Rules, field by field:
/// - rate: exact when the hardware takes it; otherwise a rate the hardware offers, preferring an
///   exact multiple of the asked rate, then an exact divisor (clean integer-ratio resampling
///   afterwards), then the closest. camprobe never resamples: the change says so.
/// - channels: the asked count clamped into the hardware's [min, max].
/// - sample format: the same width and signedness first (other byte order or packing), then
///   wider of the same kind, then wider of another kind, then the same width of another kind,
///   then narrower.
package enum AudioNegotiator {
    /// The rates ALSA is asked about (`snd_pcm_hw_params_test_rate`), as `SystemALSAPort` does.
    package static let commonRates: [UInt32] = [8000, 11025, 16000, 22050, 24000, 32000, 44100, 48000, 88200, 96000, 176400, 192000]
    /// Used when a field is not asked for.
    package static let defaultRate: UInt32 = 48000
    package static let defaultChannels: UInt32 = 2
    /// The sample format order when none is asked for.
    package static let defaultFormats = ["S16_LE", "S32_LE", "S24_3LE", "S24_LE", "FLOAT_LE", "U8"]

    /// Decides across every capture PCM of the device's microphones (`device.audio`): the first
    /// VALID one, else the ADJUSTED one with the fewest changes, else UNSUPPORTED with every reason.
    /// `pcm` restricts the choice to one PCM (see `matches(_:card:pcm:)`).
    package static func decide(_ request: AudioRequest, across device: Device, pcm: String? = nil) -> AudioDecision {
        decide(request, cards: device.audio, pcm: pcm, deviceName: device.name)
    }

    /// As `decide(_:across:pcm:)` for a list of cards.
    package static func decide(_ request: AudioRequest, cards: [AudioCaptureCard], pcm: String? = nil, deviceName: String = "the device")
        -> AudioDecision
    {
        var candidates: [(AudioCaptureCard, AudioCapturePCM)] = []
        for c in cards { for p in c.pcms where pcm.map({ matches($0, card: c, pcm: p) }) ?? true { candidates.append((c, p)) } }
        guard !candidates.isEmpty else {
            let all = cards.flatMap { c in c.pcms.map { pcmName(card: c, pcm: $0) } }
            let reason: String
            if let pcm {
                reason = "\(deviceName) has no capture PCM \(pcm)" + (all.isEmpty ? "" : " (it has " + all.joined(separator: ", ") + ")")
            } else if cards.isEmpty {
                reason = "\(deviceName) has no microphone (no ALSA capture card)"
            } else {
                let problems = cards.flatMap { $0.problems.map(\.message) }
                reason =
                    "\(deviceName)'s sound card has no capture PCM"
                    + (problems.isEmpty ? "" : " (" + problems.joined(separator: "; ") + ")")
            }
            return AudioDecision(outcome: .unsupported, choice: nil, changes: [], reasons: [reason], explanation: [reason])
        }
        let decisions = candidates.map { decide(request, card: $0.0, pcm: $0.1) }
        if let v = decisions.first(where: { $0.outcome == .valid }) { return v }
        if let a = decisions.filter({ $0.outcome == .adjusted }).min(by: { $0.changes.count < $1.changes.count }) { return a }
        let reasons = decisions.flatMap(\.reasons)
        return AudioDecision(
            outcome: .unsupported, choice: nil, changes: [], reasons: reasons, explanation: decisions.flatMap(\.explanation))
    }

    /// True when `text` names this PCM: its `hw:CARD=ID,DEV=N` name, `hw:N,D`, `hw:ID,D`
    /// (a trailing `,SUBDEVICE` is ignored), or the PCM's device number alone.
    package static func matches(_ text: String, card: AudioCaptureCard, pcm: AudioCapturePCM) -> Bool {
        let t = text.trimmingCharacters
        if t == pcm.alsaName || t == pcmName(card: card, pcm: pcm) || t == "\(pcm.device)" { return true }
        guard t.hasPrefix("hw:") || t.hasPrefix("plughw:") else { return false }
        var fields = t.split(separator: ":", maxSplits: 1).last.map { $0.split(separator: ",").map(String.init) } ?? []
        fields = fields.map { f in
            for key in ["CARD=", "DEV=", "SUBDEV="] where f.hasPrefix(key) { return String(f.dropFirst(key.count)) }
            return f
        }
        guard fields.count >= 2 else { return false }
        return (fields[0] == "\(card.card)" || fields[0] == card.cardID) && fields[1] == "\(pcm.device)"
    }

    /// `hw:CARD=Loopback,DEV=1`: the card by its id, which survives reboots (the index `hw:1,1` does not).
    package static func pcmName(card: AudioCaptureCard, pcm: AudioCapturePCM) -> String {
        card.cardID.isEmpty ? "hw:\(card.card),\(pcm.device)" : "hw:CARD=\(card.cardID),DEV=\(pcm.device)"
    }

    /// Decides for one capture PCM.
    package static func decide(_ request: AudioRequest, card: AudioCaptureCard, pcm: AudioCapturePCM) -> AudioDecision {
        let name = pcmName(card: card, pcm: pcm)
        var reasons: [String] = []
        let problems = pcm.problems.map(\.message)
        let why = problems.isEmpty ? "" : " (" + problems.joined(separator: "; ") + ")"
        if pcm.formats.isEmpty { reasons.append("\(name) reports no sample format\(why)") }
        guard let cmin = pcm.minChannels, let cmax = pcm.maxChannels, cmax >= cmin, cmax > 0 else {
            reasons.append("\(name) reports no channel range\(why)")
            return unsupported(reasons)
        }
        guard let rmin = pcm.minRate, let rmax = pcm.maxRate, rmax >= rmin, rmax > 0 else {
            reasons.append("\(name) reports no rate range\(why)")
            return unsupported(reasons)
        }
        guard reasons.isEmpty else { return unsupported(reasons) }

        var changes: [Change] = []
        var explanation = [
            "\(name) (\(pcm.name)) takes \(formatList(pcm.formats)), \(cmin == cmax ? "\(cmin)" : "\(cmin)–\(cmax)") channel\(cmax == 1 ? "" : "s"), "
                + rateText(pcm) + "."
        ]

        // Rate.
        let rate: UInt32
        let asked = request.rate ?? defaultRate
        if accepts(asked, pcm) {
            rate = asked
            explanation.append(request.rate == nil ? "Rate: none asked; \(asked) Hz, the usual rate." : "Rate: \(asked) Hz as asked.")
        } else {
            let (r, why) = nearestRate(asked, pcm)
            rate = r
            if request.rate != nil {
                changes.append(
                    Change(
                        field: "rate", requested: "\(asked) Hz", chosen: "\(r) Hz",
                        reason: "the hardware does not take \(asked) Hz (it takes \(rateText(pcm))); \(r) Hz is \(why). "
                            + "camprobe does not resample: the capture runs at \(r) Hz; resample afterwards if \(asked) Hz is needed"))
                explanation.append("Rate: \(asked) Hz is not offered; \(r) Hz is \(why).")
            } else {
                explanation.append("Rate: none asked; \(r) Hz, the offered rate nearest \(asked) Hz.")
            }
        }

        // Channels.
        let askedChannels = request.channels ?? defaultChannels
        let channels = min(max(askedChannels, cmin), cmax)
        if channels == askedChannels {
            explanation.append(request.channels == nil ? "Channels: none asked; \(channels)." : "Channels: \(channels) as asked.")
        } else if request.channels != nil {
            let what =
                channels < askedChannels
                ? "the hardware captures at most \(cmax) channel\(cmax == 1 ? "" : "s"); camprobe does not upmix: "
                    + "duplicate channels afterwards if \(askedChannels) are needed"
                : "the hardware captures at least \(cmin) channels; keep the first \(askedChannels) afterwards if that is all that is needed"
            changes.append(Change(field: "channels", requested: "\(askedChannels)", chosen: "\(channels)", reason: what))
            explanation.append("Channels: \(askedChannels) is outside \(cmin)–\(cmax); \(channels) is the nearest.")
        } else {
            explanation.append("Channels: none asked; \(channels), the count nearest \(askedChannels) the hardware takes.")
        }

        // Sample format.
        let format: String
        let offered = pcm.formats.map { $0.uppercased() }
        if let f = request.sampleFormat?.uppercased() {
            if offered.contains(f) {
                format = f
                explanation.append("Sample format: \(f) as asked.")
            } else {
                let (chosen, why) = nearestFormat(f, offered)
                format = chosen
                changes.append(
                    Change(
                        field: "sampleFormat", requested: f, chosen: chosen,
                        reason: "the hardware does not take \(f) (it takes \(formatList(offered))); \(chosen) is \(why)"))
                explanation.append("Sample format: \(f) is not offered; \(chosen) is \(why).")
            }
        } else {
            format = defaultFormats.first { offered.contains($0) } ?? offered[0]
            explanation.append("Sample format: none asked; \(format), the first of \(defaultFormats.joined(separator: ", ")) offered.")
        }

        let choice = AudioChoice(
            card: card.card, cardID: card.cardID, device: pcm.device, pcm: name, pcmName: pcm.name, rate: rate, channels: channels,
            sampleFormat: format)
        return AudioDecision(
            outcome: changes.isEmpty ? .valid : .adjusted, choice: choice, changes: changes, reasons: [], explanation: explanation)
    }

    static func unsupported(_ reasons: [String]) -> AudioDecision {
        AudioDecision(outcome: .unsupported, choice: nil, changes: [], reasons: reasons, explanation: reasons.map { "Unsupported: " + $0 })
    }

    static func formatList(_ f: [String]) -> String { f.joined(separator: ", ") }

    /// True when the hardware offers every common rate inside its range, so it is taken to accept
    /// any rate in between (snd-aloop, snd-dummy); a USB microphone offers a few discrete rates.
    /// With no rate list, the range alone is known and is taken as continuous.
    static func isContinuous(_ p: AudioCapturePCM) -> Bool {
        guard let lo = p.minRate, let hi = p.maxRate else { return false }
        let inside = commonRates.filter { $0 >= lo && $0 <= hi }
        return p.rates.isEmpty || (inside.count >= 2 && inside.allSatisfy(p.rates.contains))
    }

    static func accepts(_ rate: UInt32, _ p: AudioCapturePCM) -> Bool {
        guard let lo = p.minRate, let hi = p.maxRate, rate >= lo, rate <= hi else { return false }
        return p.rates.contains(rate) || isContinuous(p)
    }

    /// "8000–192000 Hz" or "16000, 48000 Hz".
    static func rateText(_ p: AudioCapturePCM) -> String {
        let lo = p.minRate ?? 0
        let hi = p.maxRate ?? 0
        if isContinuous(p) || lo == hi { return lo == hi ? "\(lo) Hz" : "\(lo)–\(hi) Hz" }
        return p.rates.map(String.init).joined(separator: ", ") + " Hz"
    }

    /// The offered rate to use instead of `asked`, and why it was picked.
    static func nearestRate(_ asked: UInt32, _ p: AudioCapturePCM) -> (UInt32, String) {
        let lo = p.minRate ?? 0
        let hi = p.maxRate ?? 0
        var offered = p.rates.filter { $0 >= lo && $0 <= hi }
        if isContinuous(p) { offered.append(contentsOf: [lo, hi]) }
        if offered.isEmpty { offered = [lo, hi] }
        let a = UInt64(asked)
        func distance(_ r: UInt32) -> UInt64 { UInt64(r) > a ? UInt64(r) - a : a - UInt64(r) }
        let multiples = offered.filter { a > 0 && UInt64($0) % a == 0 }
        if let m = multiples.min() { return (m, "\(m / asked) × \(asked) Hz, an exact multiple") }
        let divisors = offered.filter { $0 > 0 && a % UInt64($0) == 0 }
        if let d = divisors.max() { return (d, "\(asked) Hz ÷ \(asked / d), an exact divisor") }
        // Closest; on a tie the higher rate (it keeps the band).
        let best = offered.min { distance($0) < distance($1) || (distance($0) == distance($1) && $0 > $1) }!
        return (best, "the closest offered rate")
    }

    /// The offered format to use instead of `asked`, and why.
    static func nearestFormat(_ asked: String, _ offered: [String]) -> (String, String) {
        guard let want = SampleFormatLayout(asked) else {
            let f = defaultFormats.first { offered.contains($0) } ?? offered[0]
            return (f, "the preferred one (camprobe does not know \(asked))")
        }
        func rank(_ name: String) -> (Int, Int, Int) {
            guard let f = SampleFormatLayout(name) else { return (9, 0, 0) }
            let sameKind = f.kind == want.kind
            let group: Int =
                if f.bits == want.bits && sameKind { 0 } else if f.bits > want.bits && sameKind { 1 } else if f.bits > want.bits {
                    2
                } else if f
                    .bits == want.bits
                { 3 } else { 4 }
            let widthDelta = abs(f.bits - want.bits)
            let orderDelta = (f.littleEndian == want.littleEndian ? 0 : 2) + (f.bytes == want.bytes ? 0 : 1)
            return (group, widthDelta, orderDelta)
        }
        let best = offered.enumerated().min { l, r in
            let a = rank(l.element)
            let b = rank(r.element)
            return a != b ? a < b : l.offset < r.offset
        }!.element
        let why: String =
            switch rank(best).0 {
            case 0: "the same width and signedness"
            case 1: "wider, the same signedness (no precision lost)"
            case 2: "wider (no precision lost; another sample kind)"
            case 3: "the same width (another sample kind)"
            case 4: "narrower: precision is lost"
            default: "the only one offered camprobe can read"
            }
        return (best, why)
    }
}

extension String {
    /// The text without its trailing spaces (a PCM name as typed: `"hw:1,0 "`).
    fileprivate var trimmingCharacters: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
