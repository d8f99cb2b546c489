import CaptureModel
import Negotiation
import SensorPipelines
import V4L2

/// Sets a sensor's pipeline: `VIDIOC_SUBDEV_S_FMT` on every pad of the plan in data
/// order, `VIDIOC_S_FMT` on the graph's other capture nodes, then reads the whole
/// pipeline back and checks its links as the kernel will. Blocking: run it on the
/// device's own thread (`CaptureDevice.configurePipeline`).
enum SensorPipelineConfigurator {
    static func apply(_ setup: SensorPipelineSetup, sensor: SensorCamera, system: any DeviceSystem) -> PipelineApplied {
        var ports: [String: any DevicePort] = [:]
        func port(_ path: String) throws(V4L2Error) -> any DevicePort {
            if let p = ports[path] { return p }
            let p = try system.open(path, throughLibV4L2: false)
            ports[path] = p
            return p
        }
        var pads: [PipelineApplied.PadResult] = []
        for setting in setup.plan.pads {
            guard let entity = sensor.graph.entity(named: setting.pad.entity),
                let node = sensor.graph.interfaces(of: entity.id).first(where: { $0.type == .v4lSubdev })?.path
            else {
                pads.append(.init(asked: setting, got: nil, error: "\(setting.pad.entity) has no subdevice node"))
                continue
            }
            do throws(V4L2Error) {
                let got = try port(node).setSubdevFormat(pad: setting.pad.pad, code: setting.code, size: setting.size)
                pads.append(.init(asked: setting, got: got, error: nil))
            } catch {
                pads.append(.init(asked: setting, got: nil, error: "\(node): \(error)"))
            }
        }
        var captures: [PipelineApplied.CaptureResult] = []
        for other in setup.otherCaptures {
            do throws(V4L2Error) {
                let got = try port(other.path).setCaptureFormat(fourcc: other.fourcc, size: other.size)
                captures.append(.init(path: other.path, fourcc: other.fourcc, size: other.size, got: got, error: nil))
            } catch {
                captures.append(.init(path: other.path, fourcc: other.fourcc, size: other.size, got: nil, error: "\(error)"))
            }
        }
        if let v = setup.vblank, let node = sensor.subdevPath {
            do throws(V4L2Error) {
                try port(node).writeControl(SensorTiming.vblankID, value: v)
            } catch {
                pads.append(
                    .init(
                        asked: setup.plan.pads[0], got: nil,
                        error: "\(node): setting vertical_blanking to \(v) for the frame rate failed: \(error)"))
            }
        }
        ports.removeAll()
        var remaining: [LinkMismatch] = []
        var problems: [Problem] = []
        do throws(V4L2Error) {
            let now = try MediaPipelineReader.read(sensor.mediaDevice, system: system)
            let component = SensorCameraBuilder.connectedEntities(named: sensor.entity, now.graph)
            remaining = now.mismatches.filter { component.contains($0.sink.entity) && $0.sink.entity != captureEntity(setup, now.graph) }
        } catch {
            problems.append(error.problem)
        }
        return PipelineApplied(pads: pads, otherCaptures: captures, remainingMismatches: remaining, problems: problems)
    }

    /// The chosen capture node's entity: its format is set after the pipeline, so its link is checked then.
    static func captureEntity(_ setup: SensorPipelineSetup, _ graph: MediaGraph) -> String? {
        graph.entity(forInterfacePath: setup.capturePath)?.name
    }
}
