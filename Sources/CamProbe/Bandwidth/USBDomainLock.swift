import CaptureModel
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The advisory lock on one USB bandwidth domain, held by a process from its decision beside what streams there to
/// its `VIDIOC_STREAMON`, so that two recorders deciding at the same instant do not both take the last free
/// microseconds. An exclusive `flock(2)` on `/run/lock/camprobe-usb-<domain>.lock` (world-writable on Debian, so
/// every user's processes meet there), else `$XDG_RUNTIME_DIR`, else `/tmp`. The kernel releases it when the
/// descriptor closes: on `deinit`, and when the process dies.
///
/// Sendable: its only state is the descriptor, set once in `init` and closed once in `deinit`.
package final class USBDomainLock: Sendable {
    /// The lock file.
    package let path: String
    private let fd: Int32

    /// Why the lock was not taken: the file could not be opened, or another process held it past the deadline.
    package struct Failure: Error, Sendable {
        package var path: String
        package var message: String
    }

    /// Takes the lock of `domain` (a `USBDomain.key`), waiting up to `timeout` seconds for another holder.
    package init(domain: String, timeout: Double = 10, directories: [String] = USBDomainLock.directories) throws(Failure) {
        let name = "camprobe-usb-" + USBDomainLock.fileName(domain) + ".lock"
        var opened: (Int32, String)?
        for dir in directories where !dir.isEmpty {
            let p = dir + "/" + name
            let fd = open(p, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644)
            if fd >= 0 {
                opened = (fd, p)
                break
            }
        }
        guard let (fd, path) = opened else {
            throw Failure(
                path: directories.first ?? "", message: "cannot create a lock file for \(domain) in " + directories.joined(separator: ", "))
        }
        let deadline = monotonicNanoseconds() + UInt64(max(0, timeout) * 1e9)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let e = errno
            guard e == EWOULDBLOCK || e == EINTR, monotonicNanoseconds() < deadline else {
                close(fd)
                throw Failure(
                    path: path,
                    message: e == EWOULDBLOCK
                        ? "another process has been deciding on \(domain) for over \(timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)) s (it holds \(path))"
                        : "flock \(path): \(Errno.describe(e))")
            }
            // The holder keeps it only from its decision to its STREAMON: a short wait, bounded by the deadline.
            usleep(5_000)
        }
        self.fd = fd
        self.path = path
    }

    deinit { close(fd) }

    /// `/run/lock`, `$XDG_RUNTIME_DIR`, `/tmp`.
    package static var directories: [String] {
        var out = ["/run/lock"]
        if let x = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !x.isEmpty { out.append(x) }
        out.append("/tmp")
        return out
    }

    /// "bus 2 port 3" → "bus-2-port-3": letters, digits, `.` and `-` only.
    static func fileName(_ domain: String) -> String {
        String(domain.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "-" })
    }
}
