import ArgumentParser
import CamProbe
import Negotiation
import Udev

/// Whether a command needs a video request: `apply` and `verify` do; `negotiate` may ask a
/// microphone instead (`--rate`, `--channels`, `--sample-format`) and checks that itself.
protocol VideoRequestRequirement: SendableMetatype {
    static var isRequired: Bool { get }
}

/// `apply`, `verify`: a video request must be given.
enum VideoRequestRequired: VideoRequestRequirement {
    static var isRequired: Bool { true }
}

/// `negotiate`: the video request may be left out for an audio one.
enum VideoRequestOptional: VideoRequestRequirement {
    static var isRequired: Bool { false }
}

/// The options of `apply` and `verify`.
typealias RequestOptions = VideoRequestOptions<VideoRequestRequired>

/// How `negotiate`, `apply` and `verify` say what is wanted.
struct VideoRequestOptions<Requirement: VideoRequestRequirement>: ParsableArguments {
    @Option(
        name: .customLong("preset"),
        help: ArgumentHelp("A session preset: \(SessionPreset.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "preset"),
        completion: .list(SessionPreset.allCases.map(\.rawValue)))
    var presetText: String?

    /// The preset asked, read in any case (`HIGH`, `input-priority`); nil when none is or it cannot be read (`validate` says so).
    var preset: SessionPreset? { presetText.flatMap(InputSpelling.preset) }

    @Option(
        name: .long,
        help: ArgumentHelp("Frame size, e.g. 1280x720, 1280X720 or 1280*720 (exact unless --at-least or --nearest).", valueName: "WxH"))
    var size: String?

    @Flag(name: .long, help: "The size or larger.")
    var atLeast = false

    @Flag(name: .long, help: "The size nearest to --size.")
    var nearest = false

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Exact frame rate: 30, 29.97 (= 30000/1001), 30000/1001, 12.5.", valueName: "fps"))
    var fps: String?

    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("At least this frame rate (with --max-fps: a range).", valueName: "fps"))
    var minFps: String?

    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("At most this frame rate (with --min-fps: a range).", valueName: "fps"))
    var maxFps: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Preferred pixel format, a FourCC or an ffmpeg/GStreamer name (mjpeg, yuyv422, h264, nv12, …); repeat for an order of "
                + "preference, e.g. --format MJPG --format YUYV.", valueName: "fourcc"))
    var format: [String] = []

    @Flag(name: .long, help: "Uncompressed formats only.")
    var raw = false

    @Flag(name: .long, help: "Compressed formats only (MJPG, H264, …).")
    var compressed = false

    @Flag(name: .long, help: "Exclude formats libv4l2 converts in software.")
    var nativeOnly = false

    @Option(name: .long, help: ArgumentHelp("Aspect ratio, e.g. 16:9.", valueName: "w:h"))
    var aspect: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Bandwidth budget in MB/s; uncompressed modes above it are excluded.", valueName: "MB/s"))
    var bandwidth: Double?

    @Flag(
        name: .long,
        help: "Treat an ADJUSTED decision as an error: exit 1 naming the changes (apply and verify then change nothing).")
    var strict = false

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Decide as if the camera were alone on its USB bus. By default a live USB camera is decided beside the cameras "
                + "already streaming in its bandwidth domain (the alternate setting each holds, and who holds it)."))
    var ignoreBus = false

    func validate() throws {
        if let presetText, preset == nil {
            throw ValidationError(
                "--preset '\(presetText)': no such preset" + InputSpelling.presetHint(presetText) + "; the presets are "
                    + SessionPreset.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if presetText != nil
            && (size != nil || fps != nil || minFps != nil || maxFps != nil || !format.isEmpty || raw || compressed || aspect != nil)
        {
            throw ValidationError("use either --preset or --size/--fps/--format…, not both")
        }
        if Requirement.isRequired && isEmpty {
            throw ValidationError("say what you want: --preset P, or --size WxH and/or --fps F (see --help)")
        }
        if atLeast && nearest { throw ValidationError("--at-least and --nearest exclude each other") }
        if (atLeast || nearest) && size == nil { throw ValidationError("--at-least/--nearest need --size") }
        if raw && compressed { throw ValidationError("--raw and --compressed exclude each other") }
        if fps != nil && (minFps != nil || maxFps != nil) { throw ValidationError("--fps is exact; use --min-fps/--max-fps for a range") }
        _ = try request()
    }

    /// True when no video request is given (no preset, size, rate or format).
    var isEmpty: Bool {
        presetText == nil && size == nil && fps == nil && minFps == nil && maxFps == nil && format.isEmpty && !raw && !compressed
    }

    /// The video-only options given, as flags ("--size", "--at-least", …); `--strict` is not one.
    var videoFlagsGiven: [String] {
        var f: [String] = []
        if presetText != nil { f.append("--preset") }
        if size != nil { f.append("--size") }
        if atLeast { f.append("--at-least") }
        if nearest { f.append("--nearest") }
        if fps != nil { f.append("--fps") }
        if minFps != nil { f.append("--min-fps") }
        if maxFps != nil { f.append("--max-fps") }
        if !format.isEmpty { f.append("--format") }
        if raw { f.append("--raw") }
        if compressed { f.append("--compressed") }
        if nativeOnly { f.append("--native-only") }
        if aspect != nil { f.append("--aspect") }
        if bandwidth != nil { f.append("--bandwidth") }
        return f
    }

    /// The request these options describe (nil for a preset).
    func request() throws -> CaptureRequest? {
        guard preset == nil else { return nil }
        var r = CaptureRequest()
        if let size {
            guard let d = InputSpelling.size(size), d.width > 0, d.height > 0 else {
                let guess = InputSpelling.sizeGuess(size).map { " (did you mean '\($0)'?)" } ?? ""
                throw ValidationError("--size '\(size)': not a frame size\(guess); give WIDTHxHEIGHT, e.g. 1280x720")
            }
            r.size = atLeast ? .atLeast(d) : nearest ? .nearest(d) : .exact(d)
        }
        func rate(_ t: String, _ flag: String) throws -> Rational {
            guard let q = Rational(fpsText: t) else {
                throw ValidationError("\(flag) \(t): must be a positive frame rate like 30, 29.97 or 30000/1001")
            }
            return q
        }
        if let fps { r.rate = .exact(try rate(fps, "--fps")) }
        switch (minFps, maxFps) {
        case let (lo?, hi?): r.rate = .range(min: try rate(lo, "--min-fps"), max: try rate(hi, "--max-fps"))
        case let (lo?, nil): r.rate = .atLeast(try rate(lo, "--min-fps"))
        case let (nil, hi?): r.rate = .range(min: Rational(1, 1000), max: try rate(hi, "--max-fps"))
        default: break
        }
        if !format.isEmpty {
            r.format = .list(
                try format.map { f in
                    guard let c = InputSpelling.fourCC(f) else {
                        throw ValidationError(
                            "--format '\(f)': not a four-character code like MJPG or YUYV, nor a format name camprobe knows"
                                + InputSpelling.formatHint(f))
                    }
                    return c
                })
        } else if raw {
            r.format = .raw
        } else if compressed {
            r.format = .compressed
        }
        r.nativeOnly = nativeOnly
        if let aspect {
            let p = aspect.split(separator: ":").compactMap { UInt32($0) }
            guard p.count == 2, p[0] > 0, p[1] > 0 else { throw ValidationError("--aspect '\(aspect)': must be W:H, e.g. 16:9") }
            r.aspectRatio = Rational(p[0], p[1])
        }
        if let bandwidth {
            guard let bytes = Bandwidth.bytesPerSecond(megabytes: bandwidth) else {
                throw ValidationError("--bandwidth \(bandwidth.asTyped): must be a positive number of MB/s")
            }
            r.bandwidthBytesPerSecond = bytes
        }
        return r
    }

    /// "1280x720, 30 fps, MJPG or YUYV" or "preset 1280x720".
    var summary: String {
        if let preset { return "preset \(preset.rawValue) (\(preset.meaning))" }
        var parts: [String] = []
        if let size {
            let shown = InputSpelling.size(size)?.description ?? size
            parts.append((atLeast ? "at least " : nearest ? "near " : "") + shown)
        }
        if let fps { parts.append("\(fps) fps") }
        if let minFps, let maxFps {
            parts.append("\(minFps)–\(maxFps) fps")
        } else if let minFps {
            parts.append("at least \(minFps) fps")
        } else if let maxFps {
            parts.append("at most \(maxFps) fps")
        }
        if !format.isEmpty {
            parts.append(format.map { InputSpelling.fourCC($0)?.name ?? $0 }.joined(separator: " or "))
        }
        if raw { parts.append("uncompressed") }
        if compressed { parts.append("compressed") }
        if nativeOnly { parts.append("native only") }
        if let aspect { parts.append("aspect \(aspect)") }
        if let bandwidth { parts.append("≤ \(bandwidth) MB/s") }
        return parts.joined(separator: ", ")
    }

    /// Under --strict, the error an ADJUSTED decision is: "--strict: the request was adjusted (size 3840x2160 → 1920x1080)".
    func strictError(_ d: Decision, nothingApplied: Bool = false) -> CLIError? {
        guard strict, d.outcome == .adjusted else { return nil }
        let changes = d.changes.map { "\($0.field) \($0.requested) → \($0.chosen)" }.joined(separator: ", ")
        return CLIError(
            message: (nothingApplied ? "nothing applied: " : "") + "--strict: the request was adjusted ("
                + (changes.isEmpty ? "not exactly what was asked" : changes) + ")")
    }

    /// Decides across all of the device's capture nodes (a camera's H.264 stream is often a
    /// second node) and returns the node chosen (the first when none fits) with its decision.
    func decide(_ d: Device) throws -> (CaptureNodeCapabilities, Decision) {
        guard let first = d.captures.first else { throw CLIError(message: "\(d.name) (\(d.id)) has no video capture node to negotiate") }
        noteUnofferedFormats(d)
        let pick = if let preset { Negotiator.decide(preset: preset, across: d) } else { Negotiator.decide(try request()!, across: d) }
        let node = pick.path.flatMap { path in d.captures.first { $0.path == path } } ?? first
        return (node, pick.decision)
    }

    /// `decide(_:)` beside what already streams on a live USB camera's bus (`BusContext.read`: sysfs and `/proc`),
    /// unless `--ignore-bus` or `live` is false (a profile, the test fakes): the decision, and what the bus said
    /// (nil when nothing else streams in the domain, or the bus was not read).
    func decideBesideBus(_ d: Device, live: Bool) throws -> (CaptureNodeCapabilities, Decision, BusVerdict?) {
        guard live, !ignoreBus, d.transport.kind == .usb, let bus = BusContext.read(d) else {
            let (node, decision) = try decide(d)
            return (node, decision, nil)
        }
        guard let first = d.captures.first else { throw CLIError(message: "\(d.name) (\(d.id)) has no video capture node to negotiate") }
        noteUnofferedFormats(d)
        let asked = try request()
        let (pick, verdict) = Negotiator.decide(d, beside: bus) { device in
            if let preset { return Negotiator.decide(preset: preset, across: device) }
            return Negotiator.decide(asked!, across: device)
        }
        let node = pick.path.flatMap { path in d.captures.first { $0.path == path } } ?? first
        return (node, pick.decision, verdict)
    }

    /// `decideBesideBus(_:live:)` under the advisory lock of the camera's bandwidth domain (`USBDomainLock`), taken
    /// before the bus is read and returned to the caller, who holds it until its `STREAMON` is done: two recorders
    /// deciding at the same instant do not both take the last free microseconds. No lock without a bus to read.
    func decideLocked(_ d: Device, live: Bool) throws -> (CaptureNodeCapabilities, Decision, BusVerdict?, USBDomainLock?) {
        var lock: USBDomainLock?
        if live, !ignoreBus, d.transport.kind == .usb, let sysfs = d.identity.physicalPath, let link = USBBusReader().link(sysfs) {
            do throws(USBDomainLock.Failure) {
                lock = try USBDomainLock(domain: USBDomain.of(link).key)
            } catch {
                throw CLIError(message: "cannot decide \(d.name) beside its bus: \(error.message) (--ignore-bus decides without it)")
            }
        }
        let (node, decision, bus) = try decideBesideBus(d, live: live)
        return (node, decision, bus, lock)
    }

    /// A `--format` the device does not offer, near one it does (`MJGP`, `YUVY`), is said with a "did you mean".
    func noteUnofferedFormats(_ d: Device) {
        let offered = d.captures.flatMap { $0.formats.map(\.fourcc) }
        for text in format {
            guard let code = InputSpelling.fourCC(text), !offered.contains(code) else { continue }
            let hint = Suggestion.hint(text, among: offered.map(\.description))
            guard !hint.isEmpty else { continue }
            Terminal.note("--format '\(text)': \(d.name) has no \(code) format\(hint)")
        }
    }
}
