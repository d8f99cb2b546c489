import CaptureModel

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
            kind: isDeviceGone ? "device-gone" : (errno == Errno.EACCES || errno == Errno.EPERM ? "access" : "ioctl-failed"),
            call: call, errno: errno, errnoName: errnoName, message: description)
    }
}

/// errno values and names used in messages (Linux numbering).
package enum Errno {
    package static let EPERM: Int32 = 1
    package static let ENOENT: Int32 = 2
    package static let EINTR: Int32 = 4
    package static let EIO: Int32 = 5
    package static let ENXIO: Int32 = 6
    package static let EAGAIN: Int32 = 11
    package static let ENOMEM: Int32 = 12
    package static let EACCES: Int32 = 13
    package static let EFAULT: Int32 = 14
    package static let EBUSY: Int32 = 16
    package static let ENODEV: Int32 = 19
    package static let EINVAL: Int32 = 22
    package static let ENOSPC: Int32 = 28
    package static let ENOTTY: Int32 = 25
    package static let ERANGE: Int32 = 34
    package static let ENODATA: Int32 = 61
    package static let EPROTO: Int32 = 71
    package static let EOVERFLOW: Int32 = 75
    package static let ENOMSG: Int32 = 42
    package static let EPIPE: Int32 = 32
    package static let ETIMEDOUT: Int32 = 110

    static let table: [(Int32, String, String)] = [
        (1, "EPERM", "Operation not permitted"), (2, "ENOENT", "No such file or directory"), (3, "ESRCH", "No such process"),
        (4, "EINTR", "Interrupted system call"), (9, "EBADF", "Bad file descriptor"),
        (5, "EIO", "Input/output error"), (6, "ENXIO", "No such device or address"), (11, "EAGAIN", "Resource temporarily unavailable"),
        (12, "ENOMEM", "Cannot allocate memory"), (13, "EACCES", "Permission denied"), (14, "EFAULT", "Bad address"),
        (16, "EBUSY", "Device or resource busy"), (19, "ENODEV", "No such device"), (22, "EINVAL", "Invalid argument"),
        (24, "EMFILE", "Too many open files"), (25, "ENOTTY", "Inappropriate ioctl for device"),
        (28, "ENOSPC", "No space left on device"), (32, "EPIPE", "Broken pipe"), (38, "ENOSYS", "Function not implemented"),
        (34, "ERANGE", "Numerical result out of range"), (42, "ENOMSG", "No message of desired type"), (61, "ENODATA", "No data available"),
        (71, "EPROTO", "Protocol error"), (75, "EOVERFLOW", "Value too large for defined data type"),
        (77, "EBADFD", "File descriptor in bad state"), (86, "ESTRPIPE", "Streams pipe error"),
        (95, "EOPNOTSUPP", "Operation not supported"),
        (79, "ELIBACC", "Can not access a needed shared library"),
        (110, "ETIMEDOUT", "Connection timed out"),
    ]

    /// `ENODEV` for 19; `errno 123` for numbers not in the table.
    package static func name(_ e: Int32) -> String { table.first { $0.0 == e }?.1 ?? "errno \(e)" }
    /// The strerror text (the C library's own for numbers not in the table).
    package static func message(_ e: Int32) -> String {
        if let known = table.first(where: { $0.0 == e }) { return known.2 }
        guard let text = strerror(e) else { return "unknown error" }
        return String(cString: text)
    }
    /// 19 for `ENODEV`.
    package static func number(named n: String) -> Int32? { table.first { $0.1 == n }?.0 }
}
