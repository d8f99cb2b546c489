import CamProbe

/// A device's "PipeWire" section in the reports (both renderers read it): the camera nodes standing for the
/// device, who uses each, the capture nodes PipeWire does not publish and why; or, when the view was not read, the
/// one line why (not knowing is not "no node").
package struct PipeWireSection {
    static let header = ["Node", "Name", "API", "Media role", "Joined by", "Formats", "Used by"]

    /// "PipeWire 0.3.65 (pipewire-0)" when the view was read; nil when not.
    package var heading: String?
    /// Why the view is not known (off, no library, no daemon, timed out, failed); nil when read.
    package var unread: String?
    /// One row per node joined to the device, as `header` names the columns.
    package var rows: [[String]] = []
    /// "/dev/video5: a metadata node: …" per capture-side node PipeWire does not publish.
    package var unpublished: [String] = []

    /// From the device's part of the view (`PipeWireReport.scoped(to:)`).
    package init(_ report: PipeWireReport) {
        guard report.status == .read, let view = report.view else {
            unread = report.message ?? "PipeWire view not read (\(report.status.rawValue))"
            return
        }
        heading = "PipeWire \(view.version) (\(view.daemon))"
        for j in report.joins {
            guard let n = view.nodes.first(where: { $0.id == j.nodeID }) else { continue }
            let users = n.clients.isEmpty ? "nobody" : n.clients.map(PipeWireUsers.describe).joined(separator: ", ")
            rows.append([
                "\(n.id)", n.name, n.api ?? "-", n.role ?? "-", j.by + (j.devnode.map { " (\($0))" } ?? ""),
                "\(n.formats.count)" + (n.formatsNote.map { " (\($0))" } ?? ""), users,
            ])
        }
        unpublished = report.unpublished.map { "\($0.devnode): \($0.reason)" }
    }

    /// The sentence under the heading when no node stands for the device and none of its nodes is left out.
    static let noNode = "The daemon publishes no camera node for this device."
}
