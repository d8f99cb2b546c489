import ArgumentParser
import CamProbe
import HostSystem
import Negotiation
import SensorPipelines

/// Negotiates, then makes the choice the active format and frame duration
/// (shared by `apply` and `verify`).
struct Applier {
    let device: Device
    let node: CaptureNodeCapabilities
    let decision: Decision
    let camera: CaptureDevice
    let applied: AppliedFormat
    /// For a media-controller camera: what configuring its pipeline did.
    let pipeline: PipelineApplied?
    /// What the bus said when the camera was decided beside others streaming in its domain.
    let bus: BusVerdict?
    /// The domain's advisory lock, held from the decision until this value is dropped (after `STREAMON` for
    /// `verify` and `snapshot`): another camprobe deciding on the same domain meanwhile waits.
    let busLock: USBDomainLock?

    static func run<R: VideoRequestRequirement>(
        _ selector: String, _ request: VideoRequestOptions<R>, _ source: DeviceSourceOptions
    ) async throws -> Applier {
        if !source.profile.isEmpty {
            throw CLIError(
                message: "a profile is not a live device: \(source.profile.joined(separator: ", ")) cannot be configured; "
                    + "'camprobe apply --dry-run' shows what would be set, 'camprobe negotiate' the decision")
        }
        let d = try await source.resolveOffPool(selector)
        let live = CLIEnvironment.current.isLive
        let (node, decision, bus, busLock) = try await DedicatedThread.runThrowing("read the bus of \(d.name)") {
            try request.decideLocked(d, live: live)
        }
        guard let c = decision.choice else {
            throw CLIError(
                message: "nothing applied: no mode of \(d.name) fits (" + decision.reasons.joined(separator: "; ")
                    + "); 'camprobe negotiate' with --explain ranks the modes there are")
        }
        if let e = request.strictError(decision, nothingApplied: true) { throw e }
        let camera: CaptureDevice
        do { camera = try await CaptureDevice.open(device: d, node: node.path, system: source.system()) } catch {
            throw CLIError(message: error.message)
        }
        do {
            try await camera.lockForConfiguration()
            let applied = try await camera.apply(c.mode)
            return Applier(
                device: d, node: node, decision: decision, camera: camera, applied: applied.details, pipeline: applied.pipeline,
                bus: bus, busLock: busLock)
        } catch {
            await camera.close()
            throw CLIError(message: "could not configure \(d.name): \(error.message)", cause: error)
        }
    }

    func printText() {
        let a = applied
        let iv = a.afterInterval.map { " at \($0.fps.map(formatFPS) ?? "?") fps (\($0.interval) s)" } ?? ""
        print(Terminal.bold(device.name) + "  \(device.id)  \(node.path)")
        print("Decision: \(decision.outcome.rawValue.uppercased())  \(decision.choice?.summary ?? "-")")
        for ch in decision.changes { print("  changed \(ch.field): \(ch.requested) → \(ch.chosen) — \(ch.reason)") }
        if let bus { DecisionRenderer.renderBus(bus) }
        print("Applied:  the driver now reports \(a.after.fourcc) \(a.after.width)x\(a.after.height)\(iv)")
        if let b = a.before {
            print(
                "Before:   \(b.fourcc) \(b.width)x\(b.height)" + (a.beforeInterval.map { " at \($0.fps.map(formatFPS) ?? "?") fps" } ?? ""))
        }
        if let p = pipeline {
            print("Pipeline: \(p.pads.count) pad\(p.pads.count == 1 ? "" : "s") set (VIDIOC_SUBDEV_S_FMT)")
            for pad in p.pads {
                let got = pad.got.map { pad.adjusted ? Terminal.yellow(" → driver chose \($0)") : "" } ?? ""
                print("  \(pad.asked)\(got)")
            }
            for o in p.otherCaptures {
                print(
                    "  \(o.path) \(o.got.map { "\($0.fourcc) \($0.width)x\($0.height)" } ?? "?") (another capture node of the same graph)")
            }
            if p.remainingMismatches.isEmpty {
                print("  every link of the pipeline agrees: streaming will not fail with EPIPE")
            } else {
                for m in p.remainingMismatches { print("  " + Terminal.yellow("! ") + PipelineDiagnosis.problem(m).message) }
            }
        }
        if a.adjustments.isEmpty { print("Read back: matches what was set (VIDIOC_G_FMT / VIDIOC_G_PARM)") }
        for adj in a.adjustments { print("  " + Terminal.yellow("driver adjusted ") + adj) }
        for w in decision.choice?.warnings ?? [] { print("  " + Terminal.yellow("warning: ") + w) }
    }
}

struct Apply: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Negotiate, then set the active format and frame rate, read them back and report any driver adjustment.",
        discussion: """
            Locks the camera for configuration (V4L2 record priority and an advisory lock); fails clearly when \
            another process is streaming or configuring it. Format and rate are applied together and rolled back \
            together. The setting stays after camprobe exits, as V4L2 settings do.

            Exit status: 0 when applied (an ADJUSTED decision is applied too: its changes are printed), \
            1 on errors and when nothing fits (UNSUPPORTED), or with --strict when the decision is ADJUSTED \
            (then nothing is applied), 2 on usage errors.

            --dry-run negotiates and prints the format and rate it would set, and for a media-controller camera \
            the pipeline and control writes, changing nothing; it is the only way to use --profile FILE here.
            """
    ).underCamprobe

    @Argument(help: "Index, stable ID, node path, by-id link or a unique part of the name.")
    var device: String

    @OptionGroup var request: RequestOptions

    @Flag(
        name: .customLong("dry-run"),
        help: "Negotiate and print what would be set, changing nothing (the only use of --profile here).")
    var dryRun = false

    @OptionGroup var live: LiveSourceOptions

    @Option(
        name: .long,
        help: ArgumentHelp("With --dry-run only: answer for a saved profile instead of a live camera.", valueName: "file"))
    var profile: [String] = []

    struct Output: Encodable {
        var schemaVersion = CaptureModelSchema.version
        var device: DeviceID
        var node: String
        var decision: Decision
        var applied: AppliedFormat
        var pipeline: PipelineApplied?
        /// The cameras streaming in the domain and whether the wish fit beside them (absent when none streams).
        var bus: BusVerdict?
    }

    func validate() throws {
        if !profile.isEmpty && !dryRun {
            throw ValidationError(
                "--profile \(profile[0]): a profile is not a live device and cannot be configured; add --dry-run to see what would be set")
        }
    }

    func run() async throws {
        let source = try live.deviceSource(profiles: profile)
        if dryRun {
            let plan = try await ApplyDryRun.plan(device, request, source)
            if source.json { try JSONOutput.print(plan.output) } else { plan.printText() }
            return
        }
        let a = try await Applier.run(device, request, source)
        await a.camera.close()
        if source.json {
            try JSONOutput.print(
                Output(
                    device: a.device.id, node: a.node.path, decision: a.decision, applied: a.applied, pipeline: a.pipeline,
                    bus: a.bus))
        } else {
            a.printText()
        }
    }
}
