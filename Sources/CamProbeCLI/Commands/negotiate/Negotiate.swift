import ArgumentParser
import CamProbe
import CommandEmitters
import FoundationEssentials
import HostSystem
import Negotiation

struct Negotiate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "negotiate",
        abstract: "Pick the capture mode for a preset or a request, and say why (changes nothing).",
        discussion: """
            VALID means exactly what was asked; ADJUSTED the nearest the camera can do, with each changed \
            field and the reason; UNSUPPORTED why nothing fits. --explain shows the ranking. Works on \
            saved profiles too (--profile FILE).

            Exit status tells the outcome apart (with --json and --emit too): 0 VALID, 3 ADJUSTED, \
            1 UNSUPPORTED or an error, 2 a usage error. --strict makes ADJUSTED an error: exit 1, naming \
            the changes.

            With --rate, --channels or --sample-format the microphone is negotiated instead (a microphone, \
            or the one a camera carries): the rate, channel count and sample format the hardware takes, \
            each change said (camprobe never resamples). --emit ffmpeg|gst name the PCM by card id.
            """
    ).underCamprobe

    @Argument(
        help: ArgumentHelp(
            "Index, stable ID, node path, by-id link or a unique part of the name; may be left out when there is one device "
                + "(a profile of one camera)."))
    var device: String?

    @OptionGroup var request: VideoRequestOptions<VideoRequestOptional>

    @OptionGroup(title: "Microphone (the device's own or a camera's paired one; instead of the video request)")
    var audio: AudioRequestOptions

    @Flag(name: .long, help: "Explain the choice and show the ranked alternatives.")
    var explain = false

    @Option(
        name: .customLong("together"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Plan several cameras streaming together under the USB bus's bandwidth: each camera's mode, alternate setting and "
                + "bytes per microframe, each domain's load; what gave when the wishes do not fit (exit 3), or 1 when nothing fits.",
            valueName: "device"))
    var together: [String] = []

    @Option(
        name: .customLong("usb-from"),
        help: ArgumentHelp(
            "With --together: pasted `lsusb -v` and/or `lsusb -t` text giving the cameras' alternate settings and topology "
                + "(cameras matched by USB ID), to plan a machine that is not this one.",
            valueName: "file"))
    var usbFrom: [String] = []

    @Option(
        name: .customLong("priority"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "With --together: favour these cameras (their worst loss counts first, then the others'); without it every "
                + "camera's loss is kept even.",
            valueName: "device"))
    var priority: [String] = []

    @Option(
        name: .customLong("emit"),
        help: ArgumentHelp("Print only a ready-to-run command for the tool (not with --json or --explain).", valueName: "tool"))
    var emitTool: EmitToolArgument?

    /// `--emit` as given.
    var emitText: String? { emitTool?.text }
    /// The tool asked for, in any case (`FFmpeg`); nil when none is or it is not one (`validate` says so).
    var emitter: (any CommandEmitter)? { emitTool?.emitter }

    @OptionGroup var source: DeviceSourceOptions
    @OptionGroup var pipeWire: PipeWireOptions

    struct Output: Encodable {
        var schemaVersion = CaptureModelSchema.version
        var device: DeviceID
        var name: String
        var node: String
        var request: String
        var decision: Decision
        /// Each camera tool of `EmitterRegistry.all` with a command for the choice, by its `jsonKey` (`ffmpeg`,
        /// `gst-launch`, …; `EmitterRegistry.jsonCommands`). Name the node by its `/dev/v4l/by-id` link, else its
        /// `by-path` link, else `/dev/videoN` (`StableNodePath`).
        var commands: [String: String]
        /// For a media-controller camera: the pad formats of its pipeline and the commands that set them.
        var pipeline: SensorPipelineSetup?
        /// For a USB camera beside others streaming in its bandwidth domain: what they hold, and whether the wish
        /// fits beside them (absent when nothing else streams there, with --ignore-bus, or for a profile).
        var bus: BusVerdict?
    }

    func validate() throws {
        if !usbFrom.isEmpty && together.isEmpty {
            throw ValidationError("--usb-from gives the bus for --together; name the cameras with it")
        }
        if !priority.isEmpty && together.isEmpty {
            throw ValidationError("--priority favours cameras of --together; name the cameras with it")
        }
        if !together.isEmpty {
            if audio.isGiven || explain {
                throw ValidationError("--together plans cameras: it cannot be combined with --explain or the microphone options")
            }
            if let emitText, !(emitter is any TogetherCommandEmitter) {
                throw ValidationError(EmitterRegistry.togetherRefusal(emitText).message)
            }
            if emitter != nil && source.json { throw ValidationError("--emit prints only commands: it cannot be combined with --json") }
            return
        }
        if let emitText, emitter == nil {
            let tools = EmitterRegistry.names()
            throw ValidationError(
                "--emit '\(emitText)': no such tool" + Suggestion.hint(emitText, among: tools) + "; the tools are "
                    + tools.joined(separator: ", "))
        }
        if emitter != nil && (source.json || explain) {
            throw ValidationError("--emit prints only a command: it cannot be combined with --json or --explain")
        }
        if audio.isGiven {
            let video = request.videoFlagsGiven
            if !video.isEmpty {
                throw ValidationError(
                    "--rate/--channels/--sample-format/--pcm ask the microphone, \(video.joined(separator: "/")) the camera: "
                        + "negotiate one at a time")
            }
            if let emitter, !(emitter is any MicrophoneCommandEmitter) {
                throw ValidationError(EmitterRegistry.microphoneRefusal(emitter.name).message)
            }
        } else if let emitter, !(emitter is any CameraCommandEmitter) {
            throw ValidationError(EmitterRegistry.cameraRefusal(emitter.name).message)
        } else if request.isEmpty {
            throw ValidationError(
                "say what you want: --preset P, or --size WxH and/or --fps F; for the microphone --rate HZ, --channels N "
                    + "and/or --sample-format F (see --help)")
        }
    }

    /// The exit status of the outcome: 0 VALID, 3 ADJUSTED (1 under --strict, naming the changes), 1 UNSUPPORTED.
    /// The reason is already printed (as the decision, or in the JSON), so the error message is empty.
    func finish(_ decision: Decision) throws {
        switch decision.outcome {
        case .valid: return
        case .adjusted:
            if let e = request.strictError(decision) { throw e }
            throw CLIError(message: "", status: 3)
        case .unsupported: throw CLIError(message: "")
        }
    }

    /// Resolving the device opens its nodes (`open(2)` and the query ioctls, which a stuck device holds for seconds); `--emit
    /// gst-pipewire` waits for the PipeWire read: all on a thread of its own, so the awaiting task holds no thread of the cooperative
    /// pool (P23 item 6). What is printed, and the exit status, are `runOnThisThread()`'s.
    func run() async throws {
        try await DedicatedThread.runThrowing("read \(device ?? "the device")", { try runOnThisThread() })
    }

    /// The command's work on the calling thread: it blocks while devices are read.
    func runOnThisThread() throws {
        if !together.isEmpty {
            return try JointNegotiation.run(
                selectors: (device.map { [$0] } ?? []) + together, request: request, source: source, usbFrom: usbFrom,
                priority: priority, emit: emitter)
        }
        let d = try source.resolve(device)
        if audio.isGiven {
            return try AudioNegotiation.run(
                device: d, options: audio, strict: request.strict, json: source.json, explain: explain, emit: emitter)
        }
        let live = source.profile.isEmpty && CLIEnvironment.current.isLive
        let (node, decision, bus) = try request.decideBesideBus(d, live: live)
        var pipeline = decision.choice.flatMap { c in d.sensor.flatMap { try? SensorPipelineSetup.make(c, sensor: $0).get() } }
        if let c = decision.choice, let id = d.sensor?.libcameraID {
            pipeline?.gstreamer = GstLibcameraCommandEmitter().command(c, cameraID: id)
        }
        // Commands are kept (scripts, service files): name the node by a link that survives reboots.
        let commandNode = decision.choice?.path ?? node.path
        let stable: StableNodePath
        if !source.profile.isEmpty {
            stable = StableNodePath.recorded(node: commandNode, device: d)
        } else if CLIEnvironment.current.isLive {
            // A link udev names for the node counts only when it resolves to the node now.
            stable = StableNodePath.live(node: commandNode, system: source.system(), resolve: { StableNodePath.realPath($0) })
        } else {
            stable = StableNodePath.live(node: commandNode, system: source.system())
        }
        if let emitter {
            guard let c = decision.choice else { throw CLIError(message: "nothing to emit: " + decision.reasons.joined(separator: "; ")) }
            if let e = request.strictError(decision) { throw e }
            let camera = CameraEmitInput(
                choice: c, node: stable.path, nodeNote: stable.note, cameraName: d.name, pipeWireNode: { pipeWireNode(c, device: d) })
            try Self.emitted(EmitterRegistry.camera(emitter, camera, pipeline: pipeline))
            if decision.outcome == .adjusted {
                Terminal.note("adjusted: " + decision.changes.map { "\($0.field) \($0.requested) → \($0.chosen)" }.joined(separator: ", "))
            }
            return try finish(decision)
        }
        if source.json {
            // Every registered camera tool's command, as `--emit` would print it (EmitterRegistry.jsonCommands).
            let camera = decision.choice.map { CameraEmitInput(choice: $0, node: stable.path, nodeNote: stable.note, cameraName: d.name) }
            let commands = EmitterRegistry.jsonCommands(camera, pipeline: pipeline)
            try JSONOutput.print(
                Output(
                    device: d.id, name: d.name, node: node.path, request: request.summary, decision: decision, commands: commands,
                    pipeline: pipeline, bus: bus))
        } else {
            DecisionRenderer.render(decision, device: d, node: node, request: request.summary, explain: explain)
            if let bus { DecisionRenderer.renderBus(bus) }
            if let p = pipeline { DecisionRenderer.renderPipeline(p) }
        }
        try finish(decision)
    }

    /// The PipeWire node joined to the chosen V4L2 node (`--emit gst-pipewire` reads through it); else why there is
    /// none (a saved profile, no daemon, no node for it).
    func pipeWireNode(_ c: Choice, device d: Device) -> Result<PipeWireNode, EmitRefusal> {
        guard source.profile.isEmpty else {
            return .failure(EmitRefusal("--emit gst-pipewire needs this machine's PipeWire daemon, not a saved profile"))
        }
        let report = pipeWire.start(formats: true).finish(devices: [d])
        guard report.status == .read, let view = report.view else { return .failure(EmitRefusal(report.message ?? "PipeWire view off")) }
        guard let join = report.joins.first(where: { $0.devnode == c.path }), let node = view.nodes.first(where: { $0.id == join.nodeID })
        else {
            let why = report.unpublished.first { $0.devnode == c.path }?.reason ?? "no node of PipeWire \(view.version) names it"
            return .failure(EmitRefusal("PipeWire publishes no node for \(c.path): \(why)"))
        }
        return .success(node)
    }

    /// Prints an emitted command (never wrapped: it is to be copied whole), then its notes; a refusal is the error.
    static func emitted(_ result: Result<EmittedCommand, EmitRefusal>) throws {
        let command: EmittedCommand
        switch result {
        case .success(let c): command = c
        case .failure(let refusal): throw CLIError(message: refusal.message)
        }
        StandardOutput.line(command.line)
        for n in command.notes { Terminal.note(n) }
    }
}
