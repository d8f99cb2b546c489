import CaptureModel
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A failed V4L2 call: which ioctl (or `open`), on which node, and the errno.
///
/// Its description says what a person should do about it where that is known
/// (e.g. which group to join on `EACCES`).
public struct V4L2Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// `VIDIOC_ENUM_FMT`, `open`, …
    public var call: String
    public var path: String
    public var errno: Int32
    /// Extra advice (e.g. the group that owns the node).
    public var hint: String?

    public init(call: String, path: String, errno: Int32, hint: String? = nil) {
        self.call = call
        self.path = path
        self.errno = errno
        self.hint = hint
    }

    public var errnoName: String { Errno.name(errno) }

    /// True for errors that mean the device went away (unplugged, driver unbound).
    public var isDeviceGone: Bool { errno == Errno.ENODEV || errno == Errno.ENXIO || errno == Errno.ENOENT && call == "open" }

    public var description: String {
        var s = "\(call) on \(path) failed: \(errnoName) (\(Errno.message(errno)))"
        if let hint { s += ". " + hint }
        return s
    }

    /// The same error as a `Problem` kept with a (partial) result.
    public var problem: Problem {
        Problem(
            kind: isDeviceGone ? .deviceGone : (errno == Errno.EACCES || errno == Errno.EPERM ? .access : .ioctlFailed),
            call: call, errno: errno, errnoName: errnoName, message: description)
    }
}
