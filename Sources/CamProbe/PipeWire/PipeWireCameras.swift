import CaptureModel
import HostSystem
import PipeWire

/// The desktop's camera path, for a recorder: the camera nodes the session's PipeWire daemon publishes, joined to
/// the devices found over V4L2 (which node stands for which camera, its formats, who uses it), or why there is no
/// view. A Flatpak application gets cameras only this way (the Camera portal hands it a PipeWire remote).
public enum PipeWireCameras {
    /// Reads the session's PipeWire daemon (or the one `remote` names: a socket name in `$XDG_RUNTIME_DIR`, or a
    /// path) and joins its camera nodes to `devices`.
    ///
    /// No library is loaded: PipeWire's native protocol is spoken on the daemon's socket (C calls `socket`,
    /// `connect`, `send`, `poll`, `recv`): the registry's globals, then every camera node bound and asked for its
    /// `SPA_PARAM_EnumFormat` (`Registry::Bind`, `Node::EnumParams`). The read is bounded by `timeoutMilliseconds`; it runs
    /// on a thread of its own, so the awaiting task holds no thread of the cooperative pool.
    /// The default bound is the command line's for a read with formats: a healthy daemon answers in milliseconds, and
    /// 400 ms was too little on a slow machine with five camera nodes (the test guest).
    public static func read(devices: [Device], remote: String? = nil, timeoutMilliseconds: Int = 3000) async -> PipeWireReport {
        await read(devices: devices, remote: remote, timeoutMilliseconds: timeoutMilliseconds, port: SystemPipeWirePort())
    }

    /// `read(devices:remote:timeoutMilliseconds:)` through any port (a fake in tests).
    package static func read(devices: [Device], remote: String?, timeoutMilliseconds: Int, port: any PipeWirePort) async -> PipeWireReport {
        var o = PipeWireReadOptions(remote: remote)
        o.timeoutMilliseconds = timeoutMilliseconds
        let options = o
        do {
            return try await DedicatedThread.run("reading the PipeWire registry") {
                PipeWireReading(options, port: port).finish(devices: devices)
            }
        } catch {
            return PipeWireReport(status: .failed, message: "PipeWire view off: \(error)")
        }
    }

    /// Follows the session's PipeWire daemon (or `remote`'s): first `.connected` with the camera nodes published
    /// now, then each node `.added` or `.removed`; `.unavailable` while no daemon answers (tried again every
    /// second). Join a node to a device with `PipeWireCameras.join`. Ends when the stream is dropped.
    ///
    /// The corresponding C calls are `socket`, `connect` and `send` (the native protocol's `Core::GetRegistry`), then
    /// `poll` and `recv` for the registry's `global` and `global_remove` events, on a thread of their own.
    public static func nodeEvents(remote: String? = nil) -> AsyncStream<PipeWireNodeEvent> {
        nodeEvents(remote: remote, port: SystemPipeWirePort())
    }

    /// `nodeEvents(remote:)` through any port (a fake in tests).
    package static func nodeEvents(remote: String?, port: any PipeWirePort, timeoutMilliseconds: Int = 3000) -> AsyncStream<
        PipeWireNodeEvent
    > {
        var o = PipeWireReadOptions(remote: remote)
        o.timeoutMilliseconds = timeoutMilliseconds
        o.enumFormats = false
        return PipeWireNodeWatcher.events(o, port: port)
    }

    /// The device (and its V4L2 node) `node` stands for among `devices`, by `api.v4l2.path`/`object.path` or by the
    /// libcamera id of a sensor camera; nil when none is listed.
    public static func join(_ node: PipeWireNode, devices: [Device]) -> PipeWireJoin? {
        PipeWireJoining.report(PipeWireView(daemon: "", version: "", library: "", nodes: [node]), devices: devices).joins.first
    }
}
