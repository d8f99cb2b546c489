import CaptureModel
import HostSystem

/// A failed libasound call: which call, on which card or PCM, and the error
/// code (a negative errno, printed with `snd_strerror`'s words).
public struct ALSAError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `snd_ctl_open`, `snd_pcm_open`, …
    public var call: String
    /// `hw:1`, `hw:1,0`
    public var target: String
    /// The positive errno (`-code` of what libasound returned).
    public var errno: Int32
    public var message: String

    public init(call: String, target: String, errno: Int32, message: String) {
        self.call = call
        self.target = target
        self.errno = errno
        self.message = message
    }

    /// Symbolic name of the errno (`Errno.name`): EBUSY, ENODEV, EPIPE, ESTRPIPE, …
    public var errnoName: String { Errno.name(errno) }

    /// What a person should do about it, where that is known.
    public var hint: String? {
        switch errno {
        case Errno.EPERM, Errno.EACCES:
            "Join the 'audio' group (sudo usermod -aG audio $USER, then log out and in) or run camprobe with sudo"
        case Errno.EBUSY: "another program is capturing from it; its formats could not be read now"
        default: nil
        }
    }

    public var description: String {
        var s = "\(call) on \(target) failed: \(errnoName) (\(message))"
        if let hint { s += ". " + hint }
        return s
    }

    /// The same error as a `Problem` kept with a (partial) result.
    public var problem: Problem {
        let kind: ProblemKind =
            switch errno {
            case Errno.EPERM, Errno.EACCES: .access
            case Errno.EBUSY: .busy
            case Errno.ENOENT, Errno.ENXIO, Errno.ENODEV: .deviceGone
            default: .alsaFailed
            }
        return Problem(kind: kind, call: call, errno: errno, errnoName: errnoName, message: description)
    }
}
