import CaptureModel
import HostSystem
import Negotiation
import SensorPipelines
import V4L2

#if canImport(Glibc)
    import Glibc
#endif

/// The configuration lock on a whole camera, taken as one unit and given back
/// as one unit (`release()`, or `deinit` on every other path).
///
/// - A camera with its own driver instance (UVC, vivid): the capture node's
///   advisory lock plus `V4L2_PRIORITY_RECORD`, so other handles get `EBUSY`
///   on `VIDIOC_S_FMT` while it is held.
/// - A media-controller camera (a sensor): the advisory lock on every node of
///   the sensor's connected pipeline (capture nodes and subdevices), and no
///   record priority: the kernel keeps one priority state per driver instance
///   (`v4l2_device`), so raising it on one sensor's node would refuse the
///   pipeline's other capture nodes and every other sensor of that driver.
///   Two sensors block each other only when their pipelines share an entity.
///
/// Not Sendable: owned by the `CaptureDevice` actor, used on its thread.
final class CameraLock {
    private var sessions: [ConfigurationSession]

    /// Locks `port` (the capture node the camera streams from) and, for a
    /// sensor camera, the other nodes of its pipeline, in path order.
    init(port: any DevicePort, sensor: SensorCamera?, system: any DeviceSystem) throws(CaptureLockFailure) {
        guard let sensor else {
            do throws(V4L2Error) {
                sessions = [try ConfigurationSession(port: port)]
            } catch {
                throw CaptureLockFailure(error: error, entity: nil, holders: NodeHolderLookup.holders(of: port.path))
            }
            return
        }
        var taken: [ConfigurationSession] = []
        do throws(V4L2Error) {
            taken.append(try ConfigurationSession(port: port, recordPriority: false))
        } catch {
            throw CaptureLockFailure(error: error, entity: nil, holders: NodeHolderLookup.holders(of: port.path))
        }
        for (entity, path) in Self.pipelineNodes(of: sensor) where path != port.path {
            do throws(V4L2Error) {
                taken.append(try ConfigurationSession(port: try system.open(path, throughLibV4L2: false), recordPriority: false))
            } catch {
                taken.forEach { $0.release() }
                throw CaptureLockFailure(error: error, entity: entity, holders: NodeHolderLookup.holders(of: path))
            }
        }
        sessions = taken
    }

    deinit { release() }

    /// The session on the capture node (the first one taken).
    var primary: ConfigurationSession { sessions[0] }

    /// Gives every node back now: priority to default, advisory locks released,
    /// the pipeline's other nodes closed.
    func release() {
        for s in sessions.reversed() { s.release() }
        sessions.removeSubrange(sessions.indices.dropFirst())
    }

    /// Every node of the sensor's connected pipeline with a device node: its entity's name and path, by path.
    static func pipelineNodes(of sensor: SensorCamera) -> [(entity: String, path: String)] {
        let graph = sensor.graph
        var nodes: [(entity: String, path: String)] = []
        for name in SensorCameraBuilder.connectedEntities(named: sensor.entity, graph) {
            guard let entity = graph.entity(named: name) else { continue }
            for i in graph.interfaces(of: entity.id) where i.type == .v4lVideo || i.type == .v4lSubdev {
                if let path = i.path { nodes.append((name, path)) }
            }
        }
        return nodes.sorted { $0.path < $1.path }
    }
}

/// Why a camera could not be locked: the call that refused, the pipeline
/// entity whose node was taken (a media-controller camera), and who holds it.
struct CaptureLockFailure: Error {
    var error: V4L2Error
    var entity: String?
    var holders: [HeldNode]

    /// "… is locked for configuration by pid 812 (camprobe apply …)": names the
    /// shared entity, the holder, and says "streaming" only when it is seen.
    func message(camera: String) -> String {
        guard error.errno == Errno.EBUSY else { return "cannot lock \(camera) for configuration: \(error)" }
        let who =
            holders.isEmpty
            ? "another process (not visible to this user)"
            : holders.map { h in "pid \(h.holder.pid) (\(h.holder.commandLine))" + (h.streaming ? ", streaming from it" : "") }
                .joined(separator: "; ")
        let node = error.path
        let call = "\(error.call): \(error.errnoName)"
        if let entity {
            return
                "cannot lock \(camera): its pipeline shares \(entity) (\(node)) with a camera that \(who) has locked (\(call)); "
                + "stop that one first, or pick a camera whose pipeline does not include \(entity)"
        }
        let what = error.call == "flock" ? "has locked \(node) for configuration" : "holds \(node)'s driver at record priority"
        return "cannot lock \(camera): \(who) \(what) (\(call)); try again when it lets go"
    }
}

/// A process holding a node open, and whether it streams from it (its
/// buffers are mapped: the node appears in `/proc/PID/maps`).
struct HeldNode {
    var holder: NodeHolder
    var streaming: Bool
}

/// Who holds a node open, from `/proc/PID/fd` (`readlink(2)`), this process left out.
enum NodeHolderLookup {
    static func holders(of path: String) -> [HeldNode] {
        var real = path
        if let resolved = realpath(path, nil) {
            real = String(cString: resolved)
            free(resolved)
        }
        let scan = ProcHolderScan(maxProcesses: 4096, maxDescriptors: 1024, maxLinks: 100_000)
        var names = [path: path]
        names[real] = path
        let found = scan.holders(of: names, excluding: getpid())[path] ?? []
        return found.prefix(4).map { h in
            var mapped = false
            if case .success(let maps) = HostFiles.read("/proc/\(h.pid)/maps", limit: 1 << 20) {
                mapped = String(decoding: maps, as: UTF8.self).split(separator: "\n").contains { $0.hasSuffix(" " + real) }
            }
            return HeldNode(holder: h, streaming: mapped)
        }
    }
}
