#if canImport(Glibc)
import Glibc
#endif
internal import CV4L2
import CaptureModel

/// A control changed on its own or by another program: its value, its flags
/// (e.g. `inactive` when its auto switch turned on) or its range.
public struct ControlEvent: Sendable, Hashable, Codable {
    public var id: UInt32
    public var control: String
    /// "value", "flags", "range" — what changed.
    public var changes: [String]
    public var value: Int64
    public var flags: ControlFlags
    public var minimum: Int64
    public var maximum: Int64
    /// True for the final event when the device went away (the stream then ends).
    public var deviceGone: Bool
}

/// Follows control events of one node: `VIDIOC_SUBSCRIBE_EVENT` (`V4L2_EVENT_CTRL`)
/// for each control, then a dedicated thread that `poll(2)`s for `POLLPRI` and
/// drains `VIDIOC_DQEVENT`. Ending iteration of the stream stops the thread.
public enum ControlEvents {
    public static func start(path: String, controls: [(id: UInt32, key: String)], bufferLimit: Int = 1024) throws(V4L2Error) -> AsyncStream<ControlEvent> {
        let port = try SystemV4L2Port(path: path)
        var subscribed: [UInt32: String] = [:]
        for c in controls {
            var s = v4l2_event_subscription()
            s.type = UInt32(V4L2_EVENT_CTRL)
            s.id = c.id
            if (try? port.call(.subscribeEvent, &s)) != nil { subscribed[c.id] = c.key }
        }
        guard !subscribed.isEmpty else {
            throw V4L2Error(call: "VIDIOC_SUBSCRIBE_EVENT", path: path, errno: Errno.ENOTTY, hint: "the driver sends no control events")
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw V4L2Error(call: "pipe", path: path, errno: errno) }
        let (stream, continuation) = AsyncStream<ControlEvent>.makeStream(bufferingPolicy: .bufferingNewest(bufferLimit))
        let context = ControlEventContext(port: port, keys: subscribed, wakeRead: fds[0], wakeWrite: fds[1], continuation: continuation)
        continuation.onTermination = { _ in context.wake() }
        var thread = pthread_t()
        let box = Unmanaged.passRetained(context).toOpaque()
        guard pthread_create(&thread, nil, { raw in
            Unmanaged<ControlEventContext>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, box) == 0 else {
            Unmanaged<ControlEventContext>.fromOpaque(box).release()
            throw V4L2Error(call: "pthread_create", path: path, errno: errno)
        }
        pthread_detach(thread)
        return stream
    }
}

/// The watcher's state, handed to its thread.
///
/// `@unchecked Sendable` is honest: after `start` hands it over, only the
/// watcher thread touches `port` (a non-Sendable fd owner); other threads only
/// call `wake()` (one byte into a pipe), and the continuation is Sendable.
final class ControlEventContext: @unchecked Sendable {
    let port: SystemV4L2Port
    let keys: [UInt32: String]
    let wakeRead: Int32
    let wakeWrite: Int32
    let continuation: AsyncStream<ControlEvent>.Continuation

    init(port: SystemV4L2Port, keys: [UInt32: String], wakeRead: Int32, wakeWrite: Int32, continuation: AsyncStream<ControlEvent>.Continuation) {
        self.port = port; self.keys = keys; self.wakeRead = wakeRead; self.wakeWrite = wakeWrite; self.continuation = continuation
    }

    func wake() {
        var b: UInt8 = 1
        _ = write(wakeWrite, &b, 1)
    }

    func run() {
        defer { continuation.finish(); close(wakeRead); close(wakeWrite) }
        while true {
            var pfds = [pollfd(fd: port.fileDescriptor, events: Int16(POLLPRI), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let n = poll(&pfds, 2, -1)
            if n < 0 { if errno == EINTR { continue }; return }
            if pfds[1].revents != 0 { return }
            if pfds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 && pfds[0].revents & Int16(POLLPRI) == 0 {
                continuation.yield(gone()); return
            }
            for _ in 0..<4096 {
                var e = v4l2_event()
                do throws(V4L2Error) { try port.call(.dqEvent, &e) } catch {
                    if error.isDeviceGone { continuation.yield(gone()); return }
                    break  // ENOENT: drained
                }
                guard e.type == UInt32(V4L2_EVENT_CTRL) else { continue }
                let c = e.u.ctrl
                var changes: [String] = []
                if c.changes & UInt32(V4L2_EVENT_CTRL_CH_VALUE) != 0 { changes.append("value") }
                if c.changes & UInt32(V4L2_EVENT_CTRL_CH_FLAGS) != 0 { changes.append("flags") }
                if c.changes & UInt32(V4L2_EVENT_CTRL_CH_RANGE) != 0 { changes.append("range") }
                let value = c.type == V4L2_CTRL_TYPE_INTEGER64.rawValue ? c.value64 : Int64(c.value)
                let ev = ControlEvent(id: e.id, control: keys[e.id] ?? String(e.id, radix: 16), changes: changes, value: value,
                                      flags: ControlFlags(rawValue: c.flags), minimum: Int64(c.minimum), maximum: Int64(c.maximum), deviceGone: false)
                if case .terminated = continuation.yield(ev) { return }
            }
        }
    }

    func gone() -> ControlEvent {
        ControlEvent(id: 0, control: "", changes: [], value: 0, flags: [], minimum: 0, maximum: 0, deviceGone: true)
    }
}
