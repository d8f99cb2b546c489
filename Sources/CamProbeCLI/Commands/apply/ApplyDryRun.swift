import CamProbe
import HostSystem
import Negotiation
import SensorPipelines

/// `apply … --dry-run`: the decision and what `apply` would set — the format and
/// frame duration, and for a media-controller camera its pipeline and blanking
/// control — without opening the device for writing. Works on a saved profile too.
struct ApplyDryRun {
    let device: Device
    let node: CaptureNodeCapabilities
    let decision: Decision
    let request: FormatRequest
    let setup: SensorPipelineSetup?

    /// One control `apply` would write (the sensor's vertical blanking, which sets its rate).
    struct ControlWriteOutput: Encodable {
        var control: String
        var value: Int64
        var node: String
    }

    struct Output: Encodable {
        var schemaVersion = CaptureModelSchema.version
        var device: DeviceID
        var node: String
        var decision: Decision
        var dryRun = true
        var wouldSet: FormatRequest
        var controlWrites: [ControlWriteOutput]
        var pipelineCommands: [String]
    }

    /// The format request `apply` makes for `choice`: a media-controller capture node
    /// has no rate of its own (the sensor's blanking sets it), so it gets none.
    static func formatRequest(_ c: Choice, _ d: Device) -> FormatRequest {
        FormatRequest(
            bufferType: c.bufferType, fourcc: c.fourcc, width: c.size.width, height: c.size.height,
            frameInterval: d.sensor == nil ? c.frameInterval : nil)
    }

    static func plan(_ selector: String, _ request: RequestOptions, _ source: DeviceSourceOptions) async throws -> ApplyDryRun {
        let d = try await source.resolveOffPool(selector)
        let live = source.profile.isEmpty && CLIEnvironment.current.isLive
        let (node, decision, _) = try await DedicatedThread.runThrowing("read the bus of \(d.name)") {
            try request.decideBesideBus(d, live: live)
        }
        guard let c = decision.choice else {
            throw CLIError(
                message: "nothing would be applied: no mode of \(d.name) fits (" + decision.reasons.joined(separator: "; ")
                    + "); 'camprobe negotiate' with --explain ranks the modes there are")
        }
        if let e = request.strictError(decision, nothingApplied: true) { throw e }
        var setup: SensorPipelineSetup?
        if let sensor = d.sensor {
            switch SensorPipelineSetup.make(c, sensor: sensor) {
            case .success(let s): setup = s
            case .failure(let e): throw CLIError(message: "nothing would be applied: \(e.message)")
            }
        }
        return ApplyDryRun(device: d, node: node, decision: decision, request: formatRequest(c, d), setup: setup)
    }

    var controlWrites: [ControlWriteOutput] {
        guard let v = setup?.vblank, let path = device.sensor?.subdevPath else { return [] }
        return [ControlWriteOutput(control: "vertical_blanking", value: v, node: path)]
    }

    var output: Output {
        Output(
            device: device.id, node: node.path, decision: decision, wouldSet: request, controlWrites: controlWrites,
            pipelineCommands: setup?.commands ?? [])
    }

    func printText() {
        print(Terminal.bold(device.name) + "  \(device.id)  \(node.path)")
        print("Decision: \(decision.outcome.rawValue.uppercased())  \(decision.choice?.summary ?? "-")")
        for ch in decision.changes { print("  changed \(ch.field): \(ch.requested) → \(ch.chosen) — \(ch.reason)") }
        let rate = request.frameInterval.map { " at \($0.fps.map(formatFPS) ?? "?") fps (\($0.interval) s)" } ?? ""
        let calls = request.frameInterval == nil ? "VIDIOC_S_FMT" : "VIDIOC_S_FMT, then VIDIOC_S_PARM"
        if let setup {
            print("would configure the pipeline first:")
            for c in setup.commands { print("  \(c)") }
        }
        print("would set \(request.fourcc) \(request.width)x\(request.height)\(rate) on \(setup?.capturePath ?? node.path) (\(calls))")
        let writes = controlWrites
        if writes.isEmpty {
            print("control writes: none")
        } else {
            print("control writes: " + writes.map { "\($0.control)=\($0.value) on \($0.node)" }.joined(separator: ", then "))
        }
        for w in decision.choice?.warnings ?? [] { print("  " + Terminal.yellow("warning: ") + w) }
        print("nothing was written (--dry-run)")
    }
}
