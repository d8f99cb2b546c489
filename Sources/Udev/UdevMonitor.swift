internal import CUdev
import CaptureModel
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A libudev monitor on the `video4linux`, `media` and `sound` subsystems,
/// read by a dedicated thread that `poll(2)`s the monitor socket and a wake
/// pipe, and delivers events into an `AsyncStream`.
///
/// The thread never blocks on the consumer: the stream holds at most
/// `bufferLimit` unread events; one arriving past that is dropped and counted,
/// and the next event that is delivered carries the count in `droppedBefore`
/// (the events dropped between it and the one before it), so a consumer can rescan.
package enum UdevMonitor {
    /// Where events come from: udevd (after its rules ran: links and
    /// permissions exist) or the raw kernel (containers without udevd).
    package enum Source: String, Sendable { case udev, kernel }

    /// The source to use here: `udev` when udevd runs (`/run/udev/control`), else `kernel`.
    package static var preferredSource: Source { access("/run/udev/control", F_OK) == 0 ? .udev : .kernel }

    /// Starts monitoring. Ending iteration of the stream stops the thread.
    ///
    /// The corresponding C calls are `udev_monitor_new_from_netlink`,
    /// `udev_monitor_filter_add_match_subsystem_devtype`, `udev_monitor_enable_receiving`
    /// and `udev_monitor_receive_device`.
    /// `spawn` starts the reading thread (tests pass one that fails).
    package static func start(
        source: Source = preferredSource, subsystems: [String] = UdevNodeSource.subsystems,
        bufferLimit: Int = 4096,
        spawn: DedicatedThread.Spawner = DedicatedThread.spawn
    ) throws(UdevError) -> AsyncStream<HotplugEvent> {
        guard let udev = udev_new() else { throw UdevError(call: "udev_new", errno: errno) }
        guard let mon = udev_monitor_new_from_netlink(udev, source.rawValue) else {
            let e = errno
            udev_unref(udev)
            throw UdevError(call: "udev_monitor_new_from_netlink(\(source.rawValue))", errno: e)
        }
        for s in subsystems { udev_monitor_filter_add_match_subsystem_devtype(mon, s, nil) }
        _ = udev_monitor_set_receive_buffer_size(mon, 8 * 1024 * 1024)
        // libudev returns its error negated (it does not promise to set errno); pipe(2) sets errno.
        let rc = udev_monitor_enable_receiving(mon)
        var fds: [Int32] = [0, 0]
        guard rc >= 0, pipe(&fds) == 0 else {
            let e = rc < 0 ? -rc : errno
            udev_monitor_unref(mon)
            udev_unref(udev)
            throw UdevError(call: rc < 0 ? "udev_monitor_enable_receiving" : "pipe", errno: e)
        }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        let (stream, continuation) = AsyncStream<HotplugEvent>.makeStream(bufferingPolicy: .bufferingOldest(bufferLimit))
        let context = MonitorContext(udev: udev, monitor: mon, wakeRead: fds[0], wakeWrite: fds[1], continuation: continuation)
        continuation.onTermination = { _ in context.wake() }
        let started = spawn { context.run() }
        guard started == 0 else {
            // pthread_create returns its error (errno is not set); nothing may stay open.
            continuation.onTermination = nil
            continuation.finish()
            context.release()
            throw UdevError(call: "pthread_create", errno: started)
        }
        return stream
    }
}

/// A failed libudev (or supporting) call.
package struct UdevError: Error, Sendable, CustomStringConvertible {
    package init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }
    package var call: String
    package var errno: Int32
    package var description: String { "\(call) failed (errno \(errno))" }
}

/// The monitor's state, handed off to the monitor thread.
///
/// `@unchecked Sendable` is honest here: after `start` hands the context to
/// the thread, only that thread touches `udev` and `monitor` (libudev objects
/// are not thread-safe); other threads only call `wake()`, which writes one
/// byte to a pipe, and the continuation is itself Sendable.
final class MonitorContext: @unchecked Sendable {
    let udev: OpaquePointer
    let monitor: OpaquePointer
    let wakeRead: Int32
    let wakeWrite: Int32
    let continuation: AsyncStream<HotplugEvent>.Continuation

    init(
        udev: OpaquePointer, monitor: OpaquePointer, wakeRead: Int32, wakeWrite: Int32,
        continuation: AsyncStream<HotplugEvent>.Continuation
    ) {
        self.udev = udev
        self.monitor = monitor
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
        self.continuation = continuation
    }

    func wake() {
        var b: UInt8 = 1
        _ = write(wakeWrite, &b, 1)
    }

    func run() {
        let mfd = udev_monitor_get_fd(monitor)
        var dropped = 0
        loop: while true {
            var pfds = [pollfd(fd: mfd, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let n = poll(&pfds, 2, -1)
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            if pfds[1].revents != 0 { break }
            if pfds[0].revents & Int16(POLLIN) == 0 {
                if pfds[0].revents != 0 { break }
                continue
            }
            var burst = 0
            while burst < 4096, let dev = udev_monitor_receive_device(monitor) {
                burst += 1
                let ev = HotplugEvent(
                    action: udev_device_get_action(dev).map { String(cString: $0) } ?? "",
                    subsystem: udev_device_get_subsystem(dev).map { String(cString: $0) } ?? "",
                    devnode: udev_device_get_devnode(dev).map { String(cString: $0) },
                    sysPath: udev_device_get_syspath(dev).map { String(cString: $0) } ?? "",
                    sequence: udev_device_get_seqnum(dev), receivedAt: monotonicNanoseconds(), droppedBefore: dropped,
                    links: UdevNodeSource.property(dev, "DEVLINKS").map { $0.split(separator: " ").map(String.init) } ?? [],
                    udevIDPath: UdevNodeSource.property(dev, "ID_PATH"))
                udev_device_unref(dev)
                // Buffering the oldest: `.dropped` is this event, not an older one, so the count belongs to the next.
                switch continuation.yield(ev) {
                case .enqueued: dropped = 0
                case .dropped: dropped += 1
                case .terminated: break loop
                @unknown default: break
                }
            }
        }
        continuation.finish()
        release()
    }

    /// Closes the wake pipe and drops the libudev references (once the thread ends, or when it never started).
    func release() {
        close(wakeRead)
        close(wakeWrite)
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }
}
