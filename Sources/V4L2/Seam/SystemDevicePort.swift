internal import CV4L2
import CaptureModel
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The real fd owner and the only code that touches the kernel: opens a
/// device node and sends ioctls directly (`ioctl(2)`, the default) or through
/// libv4l2 (`v4l2_open` / `v4l2_ioctl`), which adds software-converted
/// formats marked `V4L2_FMT_FLAG_EMULATED`; maps buffers, polls, locks.
/// Closes the fd in `deinit` (which also releases the `flock`).
///
/// Not Sendable: confined to the thread or actor that opened it.
package final class SystemDevicePort: DevicePort {
    package let path: String
    package let throughLibV4L2: Bool
    private let fd: Int32

    /// Opens `path` read-write, non-blocking, close-on-exec. Opening does not
    /// change the device's format, rate or controls.
    ///
    /// The corresponding C calls are `open(2)` and libv4l2's `v4l2_open`.
    package init(path: String, throughLibV4L2: Bool = false) throws(V4L2Error) {
        self.path = path
        self.throughLibV4L2 = throughLibV4L2
        let flags = O_RDWR | O_NONBLOCK | O_CLOEXEC
        var fd: Int32
        var attempts = 0
        repeat {
            fd = throughLibV4L2 ? cv4l2_open(path, flags) : open(path, flags)
            attempts += 1
        } while fd < 0 && errno == EINTR && attempts < maxInterruptRetries
        guard fd >= 0 else {
            let e = errno
            throw V4L2Error(call: throughLibV4L2 ? "v4l2_open" : "open", path: path, errno: e, hint: OpenAdvice.hint(for: e, path: path))
        }
        self.fd = fd
    }

    deinit {
        if throughLibV4L2 { _ = cv4l2_close(fd) } else { _ = close(fd) }
    }

    package func perform(_ request: UInt, _ argument: UnsafeMutableRawPointer) -> Int32 {
        let rc = throughLibV4L2 ? cv4l2_ioctl(fd, request, argument) : ioctl(fd, request, argument)
        return rc < 0 ? errno : 0
    }

    package func map(length: Int, offset: UInt32) -> Result<UnsafeMutableRawPointer, DeviceErrno> {
        let p = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        guard let p, p != MAP_FAILED else { return .failure(DeviceErrno(errno)) }
        return .success(p)
    }

    package func unmap(_ address: UnsafeMutableRawPointer, length: Int) -> DeviceErrno? {
        munmap(address, length) == 0 ? nil : DeviceErrno(errno)
    }

    package func wait(for events: PollEvents, timeoutMilliseconds: Int32, wake: (any WakeSignal)?) -> WaitResult {
        var mask: Int16 = 0
        if events.contains(.readable) { mask |= Int16(POLLIN) }
        if events.contains(.priority) { mask |= Int16(POLLPRI) }
        let wakeFD = (wake as? EventFDSignal)?.fd ?? -1
        // Two pollfds on the stack: a wait per frame allocates nothing.
        return withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 2) { fds in
            fds[0] = pollfd(fd: fd, events: mask, revents: 0)
            fds[1] = pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)
            var attempts = 0
            while true {
                let rc = poll(fds.baseAddress, wakeFD >= 0 ? 2 : 1, timeoutMilliseconds)
                if rc < 0 {
                    let e = errno
                    if e == EINTR && attempts < maxInterruptRetries {
                        attempts += 1
                        continue
                    }
                    return .failed(DeviceErrno(e))
                }
                if rc == 0 { return .timedOut }
                if wakeFD >= 0 && fds[1].revents != 0 { return .woken }
                let r = fds[0].revents
                var got: PollEvents = []
                if r & Int16(POLLIN) != 0 { got.insert(.readable) }
                if r & Int16(POLLPRI) != 0 { got.insert(.priority) }
                if got.isEmpty && r & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .hangUp }
                return .ready(got)
            }
        }
    }

    package func lockExclusive() -> DeviceErrno? {
        flock(fd, LOCK_EX | LOCK_NB) == 0 ? nil : DeviceErrno(errno)
    }

    package func unlockExclusive() -> DeviceErrno? {
        flock(fd, LOCK_UN) == 0 ? nil : DeviceErrno(errno)
    }

    package func makeWakeSignal() -> Result<any WakeSignal, DeviceErrno> {
        let e = cv4l2_eventfd()
        guard e >= 0 else { return .failure(DeviceErrno(errno)) }
        return .success(EventFDSignal(fd: e))
    }

    package func now() -> UInt64 { monotonicNanoseconds() }
}

/// An eventfd that wakes a `poll(2)`; closed when the last owner lets go.
///
/// Sendable because its only state is an immutable fd, and `write(2)` of
/// one counter increment is safe from any thread.
final class EventFDSignal: WakeSignal {
    let fd: Int32
    init(fd: Int32) { self.fd = fd }
    deinit { close(fd) }

    func raise() {
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    func reset() {
        var count: UInt64 = 0
        _ = read(fd, &count, 8)  // non-blocking: nothing to read is fine
    }
}

/// Advice for an `open(2)` failure: which group to join for EACCES, etc.
enum OpenAdvice {
    static func hint(for e: Int32, path: String) -> String? {
        switch e {
        case EACCES, EPERM:
            var st = stat()
            var group = "video"
            if stat(path, &st) == 0, let gr = getgrgid(st.st_gid), let name = gr.pointee.gr_name {
                group = String(cString: name)
            }
            return "Join the '\(group)' group (sudo usermod -aG \(group) $USER, then log out and in) or run camprobe with sudo"
        case EBUSY:
            return "Another process holds the device exclusively"
        case ENOENT, ENODEV, ENXIO:
            return "The device node is gone (unplugged or driver unloaded)"
        case ELIBACC:
            return
                "--libv4l2 needs libv4l2.so.0, which could not be loaded: install it (Debian: apt install libv4l-0) or leave out --libv4l2"
        default:
            return nil
        }
    }
}
