import CaptureModel
import Negotiation
import SensorPipelines
import V4L2

/// A media-controller system as it is now: its graph, every subdevice pad's
/// codes, sizes and active format, and the links the kernel would refuse to
/// stream through. Reading it changes nothing.
package struct MediaPipeline: Sendable, Hashable {
    package var graph: MediaGraph
    /// Each subdevice pad that could be read.
    package var pads: [PadRef: SubdevPadModes]
    /// Enabled links whose two ends disagree (STREAMON would fail with EPIPE).
    package var mismatches: [LinkMismatch]
    /// Everything that went wrong or is wrong: the graph's problems, unreadable
    /// subdevices, and one `pipeline-mismatch` per mismatch.
    package var problems: [Problem]
}

/// Reads a `MediaPipeline` through the device seam: `MEDIA_IOC_G_TOPOLOGY`, then
/// `VIDIOC_SUBDEV_*` on each subdevice's node.
package enum MediaPipelineReader {
    /// Reads the media controller at `path` (`/dev/media0`).
    package static func read(_ path: String, system: any DeviceSystem = SystemDeviceSystem()) throws(V4L2Error) -> MediaPipeline {
        let port = try system.open(path, throughLibV4L2: false)
        return read(graph: try port.readMediaGraph(devnodes: system.mediaDevnodes), system: system)
    }

    /// Reads the sub-devices and capture nodes of a graph already read (`MEDIA_IOC_G_TOPOLOGY` is not asked again).
    package static func read(graph: MediaGraph, system: any DeviceSystem = SystemDeviceSystem()) -> MediaPipeline {
        var pads: [PadRef: SubdevPadModes] = [:]
        var problems = graph.problems
        for entity in graph.entities {
            guard let node = graph.interfaces(of: entity.id).first(where: { $0.type == .v4lSubdev })?.path else { continue }
            let entityPads = graph.pads(of: entity.id)
            guard !entityPads.isEmpty else { continue }
            let port: any DevicePort
            do throws(V4L2Error) {
                port = try system.open(node, throughLibV4L2: false)
            } catch {
                var p = error.problem
                p.message = "\(entity.name) (\(node)): \(p.message)"
                problems.append(p)
                continue
            }
            for pad in entityPads {
                let (modes, found) = SubdevEnumerator(port: port).read(pad: pad.index)
                pads[PadRef(entity: entity.name, pad: pad.index)] = modes
                problems += found.map {
                    var p = $0
                    p.message = "\(entity.name) pad \(pad.index): \(p.message)"
                    return p
                }
            }
        }
        let formats = pads.compactMapValues(\.active)
        var captures: [String: (path: String, format: ActiveFormat)] = [:]
        for entity in graph.captureEntities {
            guard let node = graph.interfaces(of: entity.id).first(where: { $0.type == .v4lVideo })?.path,
                let port = try? system.open(node, throughLibV4L2: false)
            else { continue }
            let format = (try? port.readActiveFormat(.videoCapture)) ?? (try? port.readActiveFormat(.videoCaptureMultiplanar))
            if let format { captures[entity.name] = (node, format) }
        }
        let mismatches =
            PipelineDiagnosis.mismatches(in: graph, formats: formats, modes: pads)
            + PipelineDiagnosis.captureMismatches(in: graph, formats: formats, captures: captures)
        problems += mismatches.map(PipelineDiagnosis.problem)
        return MediaPipeline(graph: graph, pads: pads, mismatches: mismatches, problems: problems)
    }
}
