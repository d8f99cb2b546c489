import ArgumentParser
import CamProbe
import HostSystem
import V4L2

/// `camprobe graph /dev/mediaN`: a media-controller system (Raspberry Pi,
/// Rockchip, Intel IPU, vimc) as `media-ctl -p` shows it, plus what is wrong.
struct Graph: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract:
            "Show a media controller's graph: sensors, pads with their formats and modes, links — and the links that would stop streaming.",
        discussion: """
            For cameras whose /dev/video node is the end of a pipeline (sensor → receiver → ISP → capture): \
            the real modes are the sensor pad's, and every enabled link must agree on its format or STREAMON \
            fails with EPIPE. camprobe names each such link and prints the media-ctl command that fixes it. \
            Reading changes nothing.
            """
    ).underCamprobe

    @Argument(help: "The media controller node, e.g. /dev/media0.")
    var media: String

    @Flag(name: .long, help: "Print one JSON document instead of text.")
    var json = false

    struct Output: Encodable {
        var schemaVersion = 1
        var graph: MediaGraph
        var pads: [PadEntry]
        var mismatches: [LinkMismatch]
        var problems: [Problem]
    }

    struct PadEntry: Encodable {
        var pad: PadRef
        var modes: SubdevPadModes
    }

    /// Reading the graph opens the media controller and its sub-devices (`open(2)`, `MEDIA_IOC_G_TOPOLOGY` and the pad ioctls, which a
    /// stuck device holds for seconds): all on a thread of its own, so the awaiting task holds no thread of the cooperative pool (P23
    /// item 6). What is printed, and the exit status, are `runOnThisThread()`'s.
    func run() async throws {
        try await DedicatedThread.runThrowing("read \(media)", { try runOnThisThread() })
    }

    /// The command's work on the calling thread: it blocks while devices are read.
    func runOnThisThread() throws {
        let pipeline: MediaPipeline
        do {
            pipeline = try MediaPipelineReader.read(media, system: CLIEnvironment.current.makeSystem())
        } catch {
            if error.call.hasSuffix("open") && error.errno == Errno.ENOENT {
                throw CLIError(message: "there is no \(media); media controllers are /dev/mediaN nodes (ls /dev/media*)")
            }
            if error.errno == Errno.ENOTTY {
                throw CLIError(message: "\(media) is not a media controller (\(error.call) answered ENOTTY); give a /dev/mediaN node")
            }
            throw CLIError(message: "cannot read the media graph of \(media): \(error)")
        }
        if json {
            let pads = pipeline.pads.sorted { ($0.key.entity, $0.key.pad) < ($1.key.entity, $1.key.pad) }.map {
                PadEntry(pad: $0.key, modes: $0.value)
            }
            try JSONOutput.print(Output(graph: pipeline.graph, pads: pads, mismatches: pipeline.mismatches, problems: pipeline.problems))
        } else {
            GraphRenderer.render(pipeline)
        }
    }
}

/// The text form of `camprobe graph`.
enum GraphRenderer {
    static func render(_ p: MediaPipeline) {
        let g = p.graph
        print(Terminal.bold(g.controller.model) + "  (\(g.controller.driver), \(g.controller.busInfo))  \(g.path)")
        for e in g.entities {
            let node = g.interfaces(of: e.id).compactMap(\.path).first ?? "-"
            print("  \(Terminal.bold(e.name))  \(e.function)  \(node)")
            for pad in g.pads(of: e.id) {
                let ref = PadRef(entity: e.name, pad: pad.index)
                var line = "    pad \(pad.index) \(pad.direction.rawValue)"
                if let m = p.pads[ref] {
                    if let a = m.active { line += "  \(a)" }
                    if !m.codes.isEmpty { line += "  [\(m.codes.count) codes: \(summary(m))]" }
                    if let b = m.cropBounds { line += "  crop bounds \(b.width)x\(b.height)" }
                }
                print(line)
                for l in g.links where l.kind == .data && l.source == pad.id {
                    guard let sink = g.pad(id: l.sink), let to = g.entity(id: sink.entityID) else { continue }
                    let flags = l.flags.names.joined(separator: ",")
                    print("      -> \(PadRef(entity: to.name, pad: sink.index))  [\(flags.isEmpty ? "disabled" : flags)]")
                }
            }
        }
        let sensors = g.sensors
        if !sensors.isEmpty {
            print("Sensors:")
            for s in sensors {
                let paths = g.dataPaths(from: s.id)
                let to = paths.map { "\($0.capturePath ?? "?") (\($0.entityNames.joined(separator: " → ")))" }
                print("  \(s.name): " + (to.isEmpty ? "no enabled path to a capture node" : to.joined(separator: "; ")))
            }
        }
        if p.problems.isEmpty {
            print("No problems: every enabled link agrees on its format.")
        } else {
            print("Problems:")
            for problem in p.problems { print("  " + Terminal.yellow("!") + " " + problem.message) }
        }
    }

    /// The codes a pad offers, the first few by name, with their largest size.
    static func summary(_ m: SubdevPadModes) -> String {
        var shown: [String] = []
        for c in m.codes.prefix(3) {
            var largest: Dimensions?
            for size in c.sizes where largest.map({ area(size.max) > area($0) }) ?? true { largest = size.max }
            shown.append(largest.map { "\(c.code) ≤\($0)" } ?? "\(c.code)")
        }
        return shown.joined(separator: ", ") + (m.codes.count > 3 ? ", …" : "")
    }

    static func area(_ d: Dimensions) -> UInt64 { UInt64(d.width) * UInt64(d.height) }
}
