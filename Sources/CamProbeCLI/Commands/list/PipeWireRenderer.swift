import CamProbe
import CaptureModel

/// The PipeWire view under `list`'s table: one row per camera node, with the device it stands for and who uses it.
enum PipeWireRenderer {
    /// `named`: the remote was named (`--pipewire-remote`).
    static func render(_ report: PipeWireReport, devices: [Device], named: Bool) {
        guard report.status == .read, let view = report.view else {
            // Not installed, not answering, or a named remote missing: one line on stderr (stdout stays the listing).
            // No daemon on the session's default socket (a server, a container) or --no-pipewire: nothing to say;
            // the JSON still carries the status.
            if report.status != .off && !(report.status == .noDaemon && !named), let m = report.message { Terminal.note(m) }
            return
        }
        print("")
        let count = view.nodes.count
        print("PipeWire \(view.version) (\(view.daemon)): \(count) camera node\(count == 1 ? "" : "s")")
        guard count > 0 else { return }
        var table = TextTable(header: ["NODE", "NAME", "API", "DEVICE", "USED BY"])
        for n in view.nodes {
            let join = report.joins.first { $0.nodeID == n.id }
            let device = join.map { j in
                let i = devices.firstIndex { $0.id == j.deviceID }.map { "#\($0) " } ?? ""
                return i + (j.devnode.map(short) ?? j.deviceID.rawValue)
            }
            table.rows.append([
                "\(n.id)", n.name, n.api ?? "-", device ?? Terminal.yellow("(not a listed device)"),
                n.clients.isEmpty ? "-" : n.clients.map(PipeWireUsers.describe).joined(separator: ", "),
            ])
        }
        print(table.render())
        for u in report.unpublished {
            print(Terminal.dim("  not published: \(short(u.devnode)) of #\(devices.firstIndex { $0.id == u.deviceID } ?? -1): \(u.reason)"))
        }
        if view.omitted > 0 { print(Terminal.yellow("  \(view.omitted) items of the daemon's answer were left out (bounds)")) }
    }

    static func short(_ path: String) -> String { path.hasPrefix("/dev/") ? String(path.dropFirst(5)) : path }

}
