import CaptureModel
import HostSystem

/// One control as a transaction left it.
package struct ControlChange: Sendable, Hashable, Codable {
    package var control: String
    package var id: UInt32
    package var before: Int64?
    package var requested: Int64
    /// Read back after writing; nil for buttons and write-only controls.
    package var after: Int64?
    package var reason: String
    /// Set when the driver stored something other than what was written.
    package var adjusted: Bool { after.map { $0 != requested } ?? false }
}

/// A control transaction that failed: what was written, what failed, and
/// whether the earlier writes were undone.
package struct ControlTransactionError: Error, Sendable, CustomStringConvertible {
    package var failed: ControlWrite
    package var underlying: V4L2Error
    /// Writes undone, newest first; empty when the first write failed.
    package var rolledBack: [ControlChange]
    /// Undo writes that themselves failed (the device is then in a mixed state; said plainly).
    package var rollbackFailures: [String]
    package var description: String {
        var s = "setting \(failed.control)=\(failed.value) failed: \(underlying)"
        if underlying.errno == Errno.EACCES && underlying.call == "VIDIOC_S_EXT_CTRLS" {
            // Not a permission problem: the node is open. uvcvideo answers EACCES for a control it will not take now.
            s += " (the driver refuses this control now: it is read-only, or inactive while its automatic switch is on)"
        }
        if !rolledBack.isEmpty {
            s += "; undone: " + rolledBack.map { "\($0.control) back to \($0.before.map(String.init) ?? "?")" }.joined(separator: ", ")
        }
        if !rollbackFailures.isEmpty { s += "; COULD NOT UNDO: " + rollbackFailures.joined(separator: ", ") }
        return s
    }
}

/// Applies control writes in order as one transaction: the values before are
/// read first (`VIDIOC_G_EXT_CTRLS`), each write is sent (`VIDIOC_S_EXT_CTRLS`),
/// and if one fails the earlier ones are written back in reverse order, so
/// nothing is left half-applied. Every value is read back afterwards.
package enum ControlTransaction {
    package static func apply(_ plan: [ControlWrite], controls: [Control], port: any DevicePort) throws(ControlTransactionError)
        -> [ControlChange]
    {
        var byID: [UInt32: Control] = [:]
        for c in controls where byID[c.id] == nil { byID[c.id] = c }
        func readable(_ id: UInt32) -> Bool {
            guard let c = byID[id] else { return true }
            return c.type != "button" && !c.flags.contains(.writeOnly)
        }
        func is64(_ id: UInt32) -> Bool { byID[id]?.type == "int64" }
        var changes: [ControlChange] = []
        for w in plan {
            let before = readable(w.id) ? try? port.readControl(w.id, is64Bit: is64(w.id)) : nil
            changes.append(ControlChange(control: w.control, id: w.id, before: before, requested: w.value, after: nil, reason: w.reason))
        }
        for (i, w) in plan.enumerated() {
            do throws(V4L2Error) {
                try port.writeControl(w.id, value: w.value, is64Bit: is64(w.id))
            } catch {
                var undone: [ControlChange] = []
                var failures: [String] = []
                for j in stride(from: i - 1, through: 0, by: -1) {
                    guard let b = changes[j].before, readable(plan[j].id) else { continue }
                    do throws(V4L2Error) {
                        try port.writeControl(plan[j].id, value: b, is64Bit: is64(plan[j].id))
                        undone.append(changes[j])
                    } catch {
                        failures.append("\(plan[j].control) (\(error.errnoName))")
                    }
                }
                throw ControlTransactionError(failed: w, underlying: error, rolledBack: undone, rollbackFailures: failures)
            }
        }
        for i in changes.indices where readable(changes[i].id) {
            changes[i].after = try? port.readControl(changes[i].id, is64Bit: is64(changes[i].id))
        }
        return changes
    }
}
