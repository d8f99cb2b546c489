import ArgumentParser
import CamProbe
import FoundationEssentials
import Negotiation

struct Negotiate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pick the capture mode for a preset or a request, and say why (changes nothing).",
        discussion: """
            VALID means exactly what was asked; ADJUSTED the nearest the camera can do, with each changed \
            field and the reason; UNSUPPORTED why nothing fits. --explain shows the ranking. Works on \
            saved profiles too (--profile FILE).
            """)

    @Argument(help: "Index, stable ID, node path, by-id link or a unique part of the name.")
    var device: String

    @OptionGroup var request: RequestOptions

    @Flag(name: .long, help: "Explain the choice and show the ranked alternatives.")
    var explain = false

    @Option(
        name: .long,
        help: ArgumentHelp("Print only a ready-to-run command: ffmpeg, gst (gst-launch-1.0), gst-caps or v4l2-ctl.", valueName: "tool"))
    var emit: EmitTarget?

    @OptionGroup var source: DeviceSourceOptions

    enum EmitTarget: String, ExpressibleByArgument, CaseIterable {
        case ffmpeg, gst
        case gstCaps = "gst-caps"
        case v4l2ctl = "v4l2-ctl"
    }

    struct Output: Encodable {
        var schemaVersion = CaptureModelSchema.version
        var device: DeviceID
        var name: String
        var node: String
        var request: String
        var decision: Decision
        var commands: [String: String]
    }

    func run() throws {
        let d = try source.resolve(device)
        let (node, decision) = try request.decide(d)
        if let emit {
            guard let c = decision.choice else { throw CLIError(message: "nothing to emit: " + decision.reasons.joined(separator: "; ")) }
            let (line, note): (String?, String?) =
                switch emit {
                case .ffmpeg: Emitters.ffmpeg(c)
                case .gst: Emitters.gstLaunch(c)
                case .gstCaps: Emitters.gstCapsString(c)
                case .v4l2ctl: (Emitters.v4l2ctl(c), nil)
                }
            guard let line else { throw CLIError(message: note ?? "no command for this format") }
            print(line)
            if decision.outcome == .adjusted {
                Terminal.note("adjusted: " + decision.changes.map { "\($0.field) \($0.requested) → \($0.chosen)" }.joined(separator: ", "))
            }
            return
        }
        if source.json {
            var commands: [String: String] = [:]
            if let c = decision.choice {
                commands["ffmpeg"] = Emitters.ffmpeg(c).command
                commands["gst-launch"] = Emitters.gstLaunch(c).command
                commands["gst-caps"] = Emitters.gstCapsString(c).caps
                commands["v4l2-ctl"] = Emitters.v4l2ctl(c)
            }
            try JSONOutput.print(
                Output(device: d.id, name: d.name, node: node.path, request: request.summary, decision: decision, commands: commands))
        } else {
            DecisionRenderer.render(decision, device: d, node: node, request: request.summary, explain: explain)
        }
        if decision.outcome == .unsupported {
            throw CLIError(message: "no mode of \(d.name) fits: " + decision.reasons.joined(separator: "; "))
        }
    }
}
