import CamProbe
import CaptureModel

/// `monitor`'s PipeWire part: the camera nodes the daemon publishes when the watch connects, then each one added or
/// removed, joined to the devices the monitor follows (a removed node names the device it stood for, also when that
/// device has just been reported disconnected).
enum PipeWireMonitor {
    /// How long a new node that names a V4L2 node or libcamera camera waits for its device to be listed: PipeWire's
    /// session manager and camprobe both follow udev, and either may be first.
    static let joinPatience = 2000

    /// `named`: the remote was named (`--pipewire-remote`): its absence is said, as any other failure.
    static func follow(_ events: AsyncStream<PipeWireNodeEvent>, named: Bool, registry: DeviceRegistry, printer: EventPrinter) async {
        var joins: [UInt32: PipeWireJoin] = [:]
        var connected = false
        for await e in events {
            switch e {
            case .connected(let nodes):
                printer.pipeWireDaemon("connected", status: nil, message: "following \(nodes.count) camera node(s)")
                connected = true
                let devices = await registry.devices
                for n in nodes {
                    joins[n.id] = PipeWireCameras.join(n, devices: devices)
                    printer.pipeWireNode("present", n, joins[n.id])
                }
            case .added(let n):
                joins[n.id] = await join(n, registry: registry)
                printer.pipeWireNode("added", n, joins[n.id])
            case .removed(let n):
                let devices = await registry.devices
                printer.pipeWireNode("removed", n, joins.removeValue(forKey: n.id) ?? PipeWireCameras.join(n, devices: devices))
            case .unavailable(let status, let message):
                // No daemon on the session's socket before any was seen (a server, a session without PipeWire):
                // nothing said, in text or JSON (a stream of device events gains no record on such machines); the
                // watch goes on waiting for one, and says when it connects.
                let quiet = !connected && status == .noDaemon && !named
                if !quiet { printer.pipeWireDaemon(connected ? "lost" : "unavailable", status: status, message: message) }
                if connected { joins = [:] }
                connected = false
            case .dropped(let n):
                printer.pipeWireDaemon("dropped", status: nil, message: "\(n) PipeWire events dropped (too many at once); reconnecting")
            }
        }
    }

    /// The node's device; one that names a device not listed yet is given `joinPatience` for it to be: it is looked
    /// for again on each of the registry's events (subscribed to before the first look, so none is missed), raced
    /// against the patience.
    static func join(_ n: PipeWireNode, registry: DeviceRegistry) async -> PipeWireJoin? {
        guard n.v4l2Path != nil || n.libcameraID != nil else { return PipeWireCameras.join(n, devices: await registry.devices) }
        let changes = await registry.events()
        if let j = PipeWireCameras.join(n, devices: await registry.devices) { return j }
        return await withTaskGroup(of: PipeWireJoin?.self) { group in
            group.addTask {
                for await _ in changes {
                    if let j = PipeWireCameras.join(n, devices: await registry.devices) { return j }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(joinPatience))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
