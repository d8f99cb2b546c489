import CaptureModel
import PipeWire

/// Who uses a camera behind PipeWire: when the process holding a V4L2 node is the PipeWire daemon, the
/// applications whose nodes are linked to the PipeWire node standing for it (`PipeWire:Interface:Link` globals,
/// their nodes' `client.id`, the clients' `application.*` properties).
package enum PipeWireUsers {
    /// True for a holder's command line that is the PipeWire daemon (or its session manager, which opens nodes
    /// to probe them): what `fuser` names instead of the application behind it.
    package static func isDaemon(_ commandLine: String) -> Bool {
        let program = commandLine.split(separator: " ").first.map { $0.split(separator: "/").last.map(String.init) ?? "" } ?? ""
        return program == "pipewire" || program == "wireplumber" || program == "pipewire-media-session"
    }

    /// The clients linked to the PipeWire node whose V4L2 path is `path` (the session's daemon, read once within
    /// its bound); nil when no view could be read or no node stands for `path`.
    package static func behind(_ path: String, port: any PipeWirePort = SystemPipeWirePort(), remote: String? = nil) -> [PipeWireClient]? {
        // Links and clients only: no formats (the daemon would enumerate the node for them), the registry's bound.
        var options = PipeWireReadOptions(remote: remote)
        options.enumFormats = false
        options.timeoutMilliseconds = 1000
        let report = PipeWireReading(options, port: port).finish(devices: [])
        guard report.status == .read, let view = report.view else { return nil }
        let nodes = view.nodes.filter { $0.v4l2Path == path }
        guard !nodes.isEmpty else { return nil }
        return nodes.flatMap(\.clients)
    }

    /// "Firefox (pid 4242) [org.mozilla.firefox]".
    package static func describe(_ c: PipeWireClient) -> String {
        var s = c.application ?? c.nodeName ?? "PipeWire node \(c.nodeID)"
        if let pid = c.processID { s += " (pid \(pid))" }
        if let app = c.flatpakID { s += " [\(app)]" }
        return s
    }
}
