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
    /// libpipewire-0.3 is loaded on the first call (never linked). The corresponding C call is `cpw_read`, which
    /// connects with `pw_context_connect`, follows the registry (`pw_registry` globals) and asks every camera node
    /// for its `SPA_PARAM_EnumFormat` (`pw_node_enum_params`). The read is bounded by `timeoutMilliseconds`; it runs
    /// on a thread of its own, so the awaiting task holds no thread of the cooperative pool.
    public static func read(devices: [Device], remote: String? = nil, timeoutMilliseconds: Int = 400) async -> PipeWireReport {
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
}
