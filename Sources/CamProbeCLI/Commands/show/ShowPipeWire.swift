import CamProbe
import CaptureModel

/// `show`'s PipeWire part: the node standing for each of the device's capture nodes, what it offers beside the
/// V4L2 node, and who uses it.
enum ShowPipeWire {
    static func render(_ report: PipeWireReport, device d: Device) {
        guard report.status == .read, let view = report.view else { return }
        let joins = report.joins.filter { $0.deviceID == d.id }
        let unpublished = report.unpublished.filter { $0.deviceID == d.id }
        guard !joins.isEmpty || !unpublished.isEmpty else { return }
        print("")
        print("PipeWire \(view.version) (\(view.daemon))")
        for j in joins {
            guard let n = view.nodes.first(where: { $0.id == j.nodeID }) else { continue }
            print("  node \(n.id) \(n.name) (\(n.api ?? "?"), for \(j.devnode ?? j.deviceID.rawValue); joined by \(j.by))")
            if let path = j.devnode, let capture = d.captures.first(where: { $0.path == path }) {
                let c = PipeWireFormatComparison(node: n, capture: capture)
                print("    formats: \(n.formats.count) entries; as on \(path): \(list(c.both))")
                if !c.onlyV4L2.isEmpty {
                    print(
                        "    not offered by name: \(list(c.onlyV4L2))"
                            + (c.unnamed > 0 ? " (\(c.unnamed) entries come as UNKNOWN or bayer)" : ""))
                }
                if !c.onlyPipeWire.isEmpty { print("    PipeWire names no V4L2 format here matches: \(list(c.onlyPipeWire))") }
            } else {
                print("    formats: \(n.formats.count) entries")
            }
            if let note = n.formatsNote { print("    " + Terminal.yellow(note)) }
            print("    used by: " + (n.clients.isEmpty ? "nobody" : n.clients.map(PipeWireUsers.describe).joined(separator: ", ")))
        }
        for u in unpublished { print(Terminal.dim("  not published: \(u.devnode): \(u.reason)")) }
    }

    static func list(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.prefix(12).joined(separator: ", ") + (items.count > 12 ? ", … (\(items.count))" : "")
    }
}
