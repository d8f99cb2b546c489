import CamProbe

/// `ctl … --dry-run`: the checked plan, printed in the order it would be written; nothing is opened for writing.
extension Ctl {
    /// One write of a dry run: the planned write and the node that owns the control.
    struct PlannedWrite: Encodable {
        var control: String
        var id: UInt32
        var value: Int64
        /// The menu entry's name, when the control is a menu.
        var entry: String?
        var reason: String
        var node: String
    }

    struct DryRunResult: Encodable {
        var schemaVersion = 1
        var device: DeviceID
        var node: String
        var dryRun = true
        var writes: [PlannedWrite]
    }

    /// `brightness=140`, or `exposure_auto=1 (Manual Mode)` for a menu entry.
    static func describe(_ w: PlannedWrite) -> String {
        "\(w.control)=\(w.value)" + (w.entry.map { " (\($0))" } ?? "")
    }

    func printDryRun(_ plan: [ControlWrite], device d: Device, node: CaptureNodeCapabilities) throws {
        let controls = node.controls ?? []
        let writes = plan.map { w in
            let c = controls.first { $0.id == w.id }
            return PlannedWrite(
                control: w.control, id: w.id, value: w.value, entry: c?.menu.first { $0.index == w.value }?.name, reason: w.reason,
                node: d.controlNode(for: w.id, capture: node.path))
        }
        if source.json {
            try JSONOutput.print(DryRunResult(device: d.id, node: node.path, writes: writes))
            return
        }
        print(Terminal.bold(d.name) + "  \(d.id)  \(node.path)")
        print("would set " + writes.map(Ctl.describe).joined(separator: ", then "))
        for w in writes {
            print("  \(Ctl.describe(w))  (\(w.reason))" + (w.node == node.path ? "" : " on \(w.node)"))
        }
        print("nothing was written (--dry-run)")
    }

    /// The error for assignments on a saved profile without --dry-run.
    func profileNotWritable() -> CLIError {
        let asked = assignments.joined(separator: " ")
        return CLIError(
            message: "a profile is not a live device: \(source.profile.joined(separator: ", ")) cannot be written; "
                + "add --dry-run to check '\(asked)' and see what would be set")
    }

    /// --dry-run does not compute a region of interest: it depends on the live camera's current region.
    func pointDryRunUnsupported(_ kind: PointOfInterestKind) -> CLIError {
        CLIError(
            message: "--dry-run checks control assignments, not \(kind.rawValue)-point: its rectangle comes from the live camera's "
                + "current region; run it without --dry-run on the camera")
    }
}
