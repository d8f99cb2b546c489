internal import CV4L2
import CaptureModel
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A control changed on its own or by another program: its value, its flags
/// (e.g. `inactive` when its auto switch turned on) or its range.
package struct ControlEvent: Sendable, Hashable, Codable {
    package var id: UInt32
    package var control: String
    /// What changed (`V4L2_EVENT_CTRL_CH_*`); JSON spells each as its raw value.
    package var changes: [ControlEventChange]
    package var value: Int64
    package var flags: ControlFlags
    package var minimum: Int64
    package var maximum: Int64
    /// True for the final event when the device went away (the stream then ends).
    package var deviceGone: Bool
}

/// One kind of change a control event reports (`struct v4l2_event_ctrl.changes`).
package enum ControlEventChange: String, Sendable, Hashable, Codable {
    /// `V4L2_EVENT_CTRL_CH_VALUE`
    case value
    /// `V4L2_EVENT_CTRL_CH_FLAGS`
    case flags
    /// `V4L2_EVENT_CTRL_CH_RANGE`
    case range
}

/// Follows control events of one node: `VIDIOC_SUBSCRIBE_EVENT` (`V4L2_EVENT_CTRL`)
/// for each control, then a dedicated thread that waits for `POLLPRI` through
/// the port and drains `VIDIOC_DQEVENT`. Ending iteration of the stream stops
/// the thread, which then closes the port.
package enum ControlEvents {
    /// Subscribes on `port` and starts watching; the watcher thread owns the port from then on (the caller must not use it again).
    /// `spawn` starts the thread (tests pass one that fails).
    package static func start(
        port: any DevicePort, controls: [(id: UInt32, key: String)], bufferLimit: Int = 1024,
        spawn: DedicatedThread.Spawner = DedicatedThread.spawn
    ) throws(V4L2Error) -> AsyncStream<ControlEvent> {
        var subscribed: [UInt32: String] = [:]
        for c in controls {
            var s = v4l2_event_subscription()
            s.type = UInt32(V4L2_EVENT_CTRL)
            s.id = c.id
            if (try? port.call(.subscribeEvent, &s)) != nil { subscribed[c.id] = c.key }
        }
        guard !subscribed.isEmpty else {
            throw V4L2Error(
                call: "VIDIOC_SUBSCRIBE_EVENT", path: port.path, errno: Errno.ENOTTY, hint: "the driver sends no control events")
        }
        let wake: any WakeSignal
        switch port.makeWakeSignal() {
        case .success(let w): wake = w
        case .failure(let e): throw V4L2Error(call: "eventfd", path: port.path, errno: e.code)
        }
        let path = port.path
        let (stream, continuation) = AsyncStream<ControlEvent>.makeStream(bufferingPolicy: .bufferingNewest(bufferLimit))
        let context = ControlEventContext(port: port, keys: subscribed, wake: wake, continuation: continuation)
        continuation.onTermination = { _ in wake.raise() }
        let rc = spawn { context.run() }
        guard rc == 0 else {
            // The context (port and eventfd) is released here: nothing stays open.
            continuation.onTermination = nil
            continuation.finish()
            throw V4L2Error(call: "pthread_create", path: path, errno: rc)
        }
        return stream
    }
}

/// The watcher's state, handed to its thread.
///
/// `@unchecked Sendable` is honest: `start` takes the port over (its contract) and
/// hands it over, and after that only the watcher thread touches it (a
/// non-Sendable fd owner); other threads only raise `wake` (Sendable), and
/// the continuation is Sendable.
final class ControlEventContext: @unchecked Sendable {
    let port: any DevicePort
    let keys: [UInt32: String]
    let wake: any WakeSignal
    let continuation: AsyncStream<ControlEvent>.Continuation

    init(port: any DevicePort, keys: [UInt32: String], wake: any WakeSignal, continuation: AsyncStream<ControlEvent>.Continuation) {
        self.port = port
        self.keys = keys
        self.wake = wake
        self.continuation = continuation
    }

    func run() {
        defer { continuation.finish() }
        while true {
            switch port.wait(for: .priority, timeoutMilliseconds: -1, wake: wake) {
            case .woken: return
            case .hangUp:
                continuation.yield(gone())
                return
            case .failed(let e) where e.code == Errno.EINTR: continue
            case .failed: return
            case .timedOut: continue
            case .ready: break
            }
            if !drain() { return }
        }
    }

    /// Dequeues what is pending (bounded); false when the watcher should stop.
    func drain() -> Bool {
        for _ in 0..<4096 {
            var e = v4l2_event()
            do throws(V4L2Error) { try port.call(.dqEvent, &e) } catch {
                if error.isDeviceGone {
                    continuation.yield(gone())
                    return false
                }
                return true  // ENOENT: drained
            }
            guard e.type == UInt32(V4L2_EVENT_CTRL) else { continue }
            if case .terminated = continuation.yield(event(e)) { return false }
        }
        return true
    }

    func event(_ e: v4l2_event) -> ControlEvent {
        let c = e.u.ctrl
        var changes: [ControlEventChange] = []
        if c.changes & UInt32(V4L2_EVENT_CTRL_CH_VALUE) != 0 { changes.append(.value) }
        if c.changes & UInt32(V4L2_EVENT_CTRL_CH_FLAGS) != 0 { changes.append(.flags) }
        if c.changes & UInt32(V4L2_EVENT_CTRL_CH_RANGE) != 0 { changes.append(.range) }
        let value = c.type == V4L2_CTRL_TYPE_INTEGER64.rawValue ? c.value64 : Int64(c.value)
        return ControlEvent(
            id: e.id, control: keys[e.id] ?? String(e.id, radix: 16), changes: changes, value: value,
            flags: ControlFlags(rawValue: c.flags), minimum: Int64(c.minimum), maximum: Int64(c.maximum), deviceGone: false)
    }

    func gone() -> ControlEvent {
        ControlEvent(id: 0, control: "", changes: [], value: 0, flags: [], minimum: 0, maximum: 0, deviceGone: true)
    }
}
