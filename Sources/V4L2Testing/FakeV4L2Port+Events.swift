internal import CV4L2
import CaptureModel
import HostSystem
import V4L2

/// Control events (`V4L2_EVENT_CTRL`) as the V4L2 core sends them: to every
/// subscribed handle except the one that made the change.
extension FakeV4L2Port {
    func subscribe(_ s: UnsafeMutablePointer<v4l2_event_subscription>) -> Int32 {
        guard s.pointee.type == UInt32(V4L2_EVENT_CTRL), sortedControls.contains(where: { $0.id.value == s.pointee.id }) else {
            return Errno.EINVAL
        }
        state.subscriptions[me, default: []].insert(s.pointee.id)
        return 0
    }

    func dequeueEvent(_ e: UnsafeMutablePointer<v4l2_event>) -> Int32 {
        guard var queue = state.pendingEvents[me], !queue.isEmpty else { return Errno.ENOENT }
        let ev = queue.removeFirst()
        state.pendingEvents[me] = queue
        var out = v4l2_event()
        out.type = UInt32(V4L2_EVENT_CTRL)
        out.id = ev.id
        out.pending = UInt32(queue.count)
        let type = sortedControls.first { $0.id.value == ev.id }.flatMap { FakeV4L2Port.typeCodes[$0.type] } ?? 1
        out.u.ctrl.changes = ev.changes
        out.u.ctrl.type = type
        if type == V4L2_CTRL_TYPE_INTEGER64.rawValue {
            out.u.ctrl.value64 = ev.value
        } else {
            out.u.ctrl.value = Int32(truncatingIfNeeded: ev.value)
        }
        out.u.ctrl.flags = ev.flags
        out.u.ctrl.minimum = Int32(truncatingIfNeeded: ev.minimum)
        out.u.ctrl.maximum = Int32(truncatingIfNeeded: ev.maximum)
        e.pointee = out
        return 0
    }

    /// Queues the events a successful write causes: a value change for each
    /// written control, a flags change for each control whose auto switch moved.
    func emitEvents(written: [(UInt32, Int64)], inactiveBefore: [UInt32: Bool]) {
        var changes: [UInt32: UInt32] = [:]
        for (id, _) in written { changes[id, default: 0] |= UInt32(V4L2_EVENT_CTRL_CH_VALUE) }
        for (id, was) in inactiveBefore where isInactive(id) != was { changes[id, default: 0] |= UInt32(V4L2_EVENT_CTRL_CH_FLAGS) }
        for (id, bits) in changes.sorted(by: { $0.key < $1.key }) {
            guard let c = sortedControls.first(where: { $0.id.value == id }) else { continue }
            let ev = FakeControlEvent(
                id: id, changes: bits, value: intValue(id) ?? 0,
                flags: FakeV4L2Port.flags(c.flags) | (isInactive(id) ? ControlFlags.inactive.rawValue : 0),
                minimum: c.min ?? 0, maximum: c.max ?? 0)
            for (handle, ids) in state.subscriptions where handle != me && ids.contains(id) {
                state.pendingEvents[handle, default: []].append(ev)
            }
        }
    }
}
