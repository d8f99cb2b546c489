#if canImport(Glibc)
import Glibc
#endif
internal import CV4L2
import CaptureModel

/// The real fd owner: opens a device node and sends ioctls to the kernel,
/// either directly (`ioctl(2)`, the default) or through libv4l2
/// (`v4l2_open` / `v4l2_ioctl`), which adds software-converted formats
/// marked `V4L2_FMT_FLAG_EMULATED`. Closes the fd in `deinit`.
///
/// Not Sendable: confined to the task that opened it.
public final class SystemV4L2Port: V4L2IoctlPort {
    public let path: String
    public let throughLibV4L2: Bool
    private let fd: Int32

    /// Opens `path` read-write, non-blocking, close-on-exec. Opening does not
    /// change the device's format, rate or controls.
    ///
    /// The corresponding C calls are `open(2)` and libv4l2's `v4l2_open`.
    public init(path: String, throughLibV4L2: Bool = false) throws(V4L2Error) {
        self.path = path
        self.throughLibV4L2 = throughLibV4L2
        let flags = O_RDWR | O_NONBLOCK | O_CLOEXEC
        var fd: Int32
        repeat {
            fd = throughLibV4L2 ? cv4l2_open(path, flags) : open(path, flags)
        } while fd < 0 && errno == EINTR
        guard fd >= 0 else {
            let e = errno
            throw V4L2Error(call: throughLibV4L2 ? "v4l2_open" : "open", path: path, errno: e, hint: SystemV4L2Port.hint(for: e, path: path))
        }
        self.fd = fd
    }

    deinit {
        if throughLibV4L2 { _ = cv4l2_close(fd) } else { _ = close(fd) }
    }

    /// The corresponding C call is `ioctl(2)` (or `v4l2_ioctl`).
    public func perform(_ request: UInt, _ argument: UnsafeMutableRawPointer) -> Int32 {
        let rc = throughLibV4L2 ? cv4l2_ioctl(fd, request, argument) : ioctl(fd, request, argument)
        return rc < 0 ? errno : 0
    }

    /// The open file descriptor (for `poll(2)` by an event watcher that owns this port).
    public var fileDescriptor: Int32 { fd }

    /// Maps `length` bytes of a driver buffer at `offset` (from `VIDIOC_QUERYBUF`).
    ///
    /// The corresponding C call is `mmap(2)` with `PROT_READ | PROT_WRITE`, `MAP_SHARED`.
    public func map(length: Int, offset: UInt32) -> UnsafeMutableRawPointer? {
        let p = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        return p == MAP_FAILED ? nil : p
    }

    /// Waits until a buffer can be dequeued (or an error is pending).
    /// Returns false on timeout. The corresponding C call is `poll(2)`.
    public func waitReadable(timeoutMilliseconds: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN | POLLPRI), revents: 0)
        while true {
            let rc = poll(&p, 1, timeoutMilliseconds)
            if rc < 0 && errno == EINTR { continue }
            return rc > 0
        }
    }

    /// Takes the advisory configuration lock without waiting; false when
    /// another process holds it. The corresponding C call is `flock(2)` with
    /// `LOCK_EX | LOCK_NB`; it is released when the port closes.
    public func tryLockExclusive() -> Bool { flock(fd, LOCK_EX | LOCK_NB) == 0 }

    /// Advice for an open() failure: which group to join for EACCES, etc.
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
        default:
            return nil
        }
    }
}
