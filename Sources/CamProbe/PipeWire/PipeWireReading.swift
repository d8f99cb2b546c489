import CaptureModel
import HostSystem
import PipeWire

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a PipeWire daemon's camera view beside a listing: started before the V4L2 nodes are opened, on a thread of
/// its own, bounded in time (`PipeWireReadOptions.timeoutMilliseconds`), and joined to the devices afterwards.
package struct PipeWireReading: Sendable {
    let work: BackgroundWork<Result<PipeWireSnapshot, PipeWireReadError>>?
    let off: PipeWireReport?
    /// How long `finish` waits at most: the read's own bound and a second more (a library call that overran its
    /// bound is left behind, and the listing goes on).
    let patience: Int

    /// Starts the read. `options` nil: the view is turned off (`--no-pipewire`). Without a remote named, a missing
    /// `$XDG_RUNTIME_DIR/pipewire-0` (or `$PIPEWIRE_REMOTE`) socket is told at once, without connecting.
    package init(_ options: PipeWireReadOptions?, port: any PipeWirePort = SystemPipeWirePort()) {
        patience = (options?.timeoutMilliseconds ?? 0) + 1000
        guard let options else {
            (work, off) = (nil, PipeWireReport(status: .off, message: "PipeWire view off (--no-pipewire)"))
            return
        }
        if let absent = Self.absence(options, port: port) {
            (work, off) = (nil, PipeWireReport(status: .noDaemon, message: "PipeWire view off: \(absent.message)"))
            return
        }
        off = nil
        work = BackgroundWork { port.read(options) }
    }

    /// Why the session's own daemon is certainly not there, told without loading or connecting anything: no
    /// runtime directory, or no socket in it. nil when one may be there (or a remote is named, or the port is a fake).
    enum Absence {
        case noSession
        case noSocket(String)

        var message: String {
            switch self {
            case .noSession: "no session ($XDG_RUNTIME_DIR is not set)"
            case .noSocket(let path): "no daemon (\(path) does not exist)"
            }
        }
    }

    static func absence(_ options: PipeWireReadOptions, port: any PipeWirePort) -> Absence? {
        guard options.remote == nil, port is SystemPipeWirePort else { return nil }
        guard let socket = NativeRegistryRead.socketPath(nil) else { return .noSession }
        return access(socket, F_OK) == 0 ? nil : .noSocket(socket)
    }

    /// Waits for the read (bounded) and joins it to `devices`.
    package func finish(devices: [Device]) -> PipeWireReport {
        if let off { return off }
        guard let work else { return PipeWireReport(status: .failed, message: "PipeWire view: not started") }
        guard let result = work.wait(milliseconds: patience) else {
            return PipeWireReport(status: .timedOut, message: "PipeWire view off: the read did not return within \(patience) ms")
        }
        switch result {
        case .failure(let e):
            let status: PipeWireReport.Status =
                switch e.kind {
                case .noDaemon: .noDaemon
                case .timedOut: .timedOut
                case .failed: .failed
                }
            return PipeWireReport(status: status, message: "PipeWire view off: \(e.message)")
        case .success(let snapshot):
            return PipeWireJoining.report(PipeWireView(snapshot), devices: devices)
        }
    }
}
