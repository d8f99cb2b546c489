import ArgumentParser
import CamProbe
import CommandEmitters
import Negotiation

/// How `negotiate` asks a microphone (the device's own, or a camera's paired one) for a capture set-up.
struct AudioRequestOptions: ParsableArguments {
    @Option(
        name: .customLong("rate"), parsing: .unconditional,
        help: ArgumentHelp("Microphone: sample rate in Hz, e.g. 48000.", valueName: "Hz"))
    var rateText: String?

    @Option(
        name: .customLong("channels"), parsing: .unconditional, help: ArgumentHelp("Microphone: channel count, e.g. 2.", valueName: "n"))
    var channelsText: String?

    @Option(
        name: .customLong("sample-format"),
        help: ArgumentHelp("Microphone: ALSA sample format, e.g. S16_LE, S24_3LE, S32_LE, FLOAT_LE, U8.", valueName: "format"))
    var sampleFormatText: String?

    /// The sample rate asked; nil when none is (or it is not a positive whole number: `validate` says so).
    var rate: UInt32? { rateText.flatMap { UInt32($0) } }
    var channels: UInt32? { channelsText.flatMap { UInt32($0) } }

    /// The ALSA names offered as "did you mean" (and accepted written without `_`: `s16le`).
    static let sampleFormatNames = [
        "S16_LE", "S24_3LE", "S24_LE", "S32_LE", "FLOAT_LE", "U8", "S8", "S16_BE", "U16_LE", "S20_3LE", "U32_LE", "FLOAT64_LE",
    ]

    /// The sample format asked, in ALSA's spelling (`s16le` → `S16_LE`).
    var sampleFormat: String? {
        guard let t = sampleFormatText else { return nil }
        if SampleFormatLayout(t) != nil { return t }
        let folded = t.lowercased().filter { $0 != "_" && $0 != "-" }
        return Self.sampleFormatNames.first { $0.lowercased().filter { $0 != "_" } == folded } ?? t
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Microphone: negotiate this capture PCM only: hw:CARD=ID,DEV=N, hw:N,D or the PCM device number.", valueName: "pcm"))
    var pcm: String?

    /// True when the microphone is asked (any audio option given).
    var isGiven: Bool { rateText != nil || channelsText != nil || sampleFormatText != nil || pcm != nil }

    func validate() throws {
        if let rateText, (rate ?? 0) == 0 {
            throw ValidationError("--rate \(rateText): must be a positive whole number of Hz, e.g. 48000")
        }
        if let channelsText, (channels ?? 0) == 0 {
            throw ValidationError("--channels \(channelsText): must be a whole number, at least 1")
        }
        if let f = sampleFormat, SampleFormatLayout(f) == nil {
            throw ValidationError(
                "--sample-format '\(f)': not an ALSA sample format like S16_LE, S24_3LE, S32_LE, FLOAT_LE or U8"
                    + Suggestion.hint(f, among: Self.sampleFormatNames))
        }
    }

    var request: AudioRequest { AudioRequest(rate: rate, channels: channels, sampleFormat: sampleFormat?.uppercased()) }
}

/// `negotiate` for a microphone: the decision as text, JSON or a command line.
enum AudioNegotiation {
    /// What `negotiate --rate … --json` prints (Profiles/schema/camprobe-audio-negotiate.schema.json).
    struct Output: Encodable {
        var schemaVersion = CaptureModelSchema.version
        var device: DeviceID
        var name: String
        /// The PCM chosen (`hw:CARD=ID,DEV=N`); the device's first capture PCM, or "", when nothing is chosen.
        var pcm: String
        var request: AudioRequest
        var decision: AudioDecision
        /// Keys: ffmpeg, gst-launch, gst-caps; a command absent when the tool cannot open the sample format.
        var commands: [String: String]
    }

    /// "--strict: the request was adjusted (rate 44100 Hz → 48000 Hz)" under --strict for an ADJUSTED decision.
    static func strictError(_ d: AudioDecision, strict: Bool) -> CLIError? {
        guard strict, d.outcome == .adjusted else { return nil }
        return CLIError(
            message: "--strict: the request was adjusted ("
                + d.changes.map { "\($0.field) \($0.requested) → \($0.chosen)" }.joined(separator: ", ")
                + ")")
    }

    /// The exit status as video negotiation: 0 VALID, 3 ADJUSTED (1 under --strict), 1 UNSUPPORTED.
    static func finish(_ d: AudioDecision, strict: Bool) throws {
        switch d.outcome {
        case .valid: return
        case .adjusted:
            if let e = strictError(d, strict: strict) { throw e }
            throw CLIError(message: "", status: 3)
        case .unsupported: throw CLIError(message: "")
        }
    }

    static func run(
        device d: Device, options: AudioRequestOptions, strict: Bool, json: Bool, explain: Bool, emit: (any CommandEmitter)?
    ) throws {
        let request = options.request
        let decision = AudioNegotiator.decide(request, across: d, pcm: options.pcm)
        if let emit {
            guard let c = decision.choice else { throw CLIError(message: "nothing to emit: " + decision.reasons.joined(separator: "; ")) }
            if let e = strictError(decision, strict: strict) { throw e }
            try Negotiate.emitted(EmitterRegistry.microphone(emit, c))
            if decision.outcome == .adjusted {
                Terminal.note("adjusted: " + decision.changes.map { "\($0.field) \($0.requested) → \($0.chosen)" }.joined(separator: ", "))
            }
            return try finish(decision, strict: strict)
        }
        if json {
            let commands = EmitterRegistry.jsonCommands(decision.choice)
            let firstPCM = d.audio.first { !$0.pcms.isEmpty }.map { AudioNegotiator.pcmName(card: $0, pcm: $0.pcms[0]) }
            try JSONOutput.print(
                Output(
                    device: d.id, name: d.name, pcm: decision.choice?.pcm ?? firstPCM ?? "", request: request, decision: decision,
                    commands: commands))
        } else {
            render(decision, device: d, request: request, explain: explain)
        }
        try finish(decision, strict: strict)
    }

    static func render(_ d: AudioDecision, device: Device, request: AudioRequest, explain: Bool) {
        print(Terminal.bold(device.name) + "  \(device.id)" + (d.choice.map { "  \($0.pcm)" } ?? ""))
        print("Request:  \(request)")
        switch d.outcome {
        case .unsupported:
            print("Decision: " + Terminal.yellow("UNSUPPORTED") + " — " + d.reasons.joined(separator: "; "))
        case .valid, .adjusted:
            guard let c = d.choice else { return }
            let tag = d.outcome == .valid ? "VALID" : Terminal.yellow("ADJUSTED")
            print("Decision: \(tag)  \(c.summary)  \(c.pcmName)")
            for ch in d.changes { print("  changed \(ch.field): \(ch.requested) → \(ch.chosen) — \(ch.reason)") }
        }
        guard explain else { return }
        let why = d.outcome == .unsupported ? d.explanation.filter { !$0.hasPrefix("Unsupported: ") } : d.explanation
        guard !why.isEmpty else { return }
        print("")
        print("Why:")
        for line in why { print("  " + line) }
    }
}
