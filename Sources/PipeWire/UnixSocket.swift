import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A point in time a blocking step must not pass (CLOCK_MONOTONIC).
struct Deadline {
    let nanoseconds: UInt64

    init(milliseconds: Int) { nanoseconds = monotonicNanoseconds() + UInt64(max(0, milliseconds)) * 1_000_000 }

    /// Milliseconds left, for `poll` (0 once passed).
    var left: Int32 {
        let now = monotonicNanoseconds()
        return now >= nanoseconds ? 0 : Int32(clamping: (nanoseconds - now + 999_999) / 1_000_000)
    }
}

/// A non-blocking Unix stream socket whose every wait is bounded by a `Deadline` (`poll`).
struct UnixSocket {
    let fd: Int32

    /// The corresponding C calls are `socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC)` and `connect`.
    static func connect(_ path: String, deadline: Deadline) -> Result<UnixSocket, PipeWireReadError> {
        guard let address = UnixSocketAddress(path) else {
            return .failure(PipeWireReadError(.noDaemon, "PipeWire remote \(path): socket path too long"))
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(PipeWireReadError(.failed, "socket: \(Errno.describe(errno))")) }
        while true {
            let rc = address.withSockaddr { Glibc.connect(fd, $0, $1) }
            if rc == 0 { return .success(UnixSocket(fd: fd)) }
            let e = errno
            if e == EINTR { continue }
            // EAGAIN: the daemon's backlog is full (it is there, not accepting); tried again within the bound.
            if e == EAGAIN && deadline.left > 0 {
                usleep(10_000)
                continue
            }
            Glibc.close(fd)
            let kind: PipeWireReadError.Kind = e == EAGAIN ? .timedOut : .noDaemon
            return .failure(PipeWireReadError(kind, "cannot connect to PipeWire remote \(path): \(Errno.describe(e))"))
        }
    }

    /// Whether `events` came before the deadline.
    func wait(_ events: Int32, deadline: Deadline) -> Bool {
        while true {
            var p = pollfd(fd: fd, events: Int16(events), revents: 0)
            let left = deadline.left
            let rc = poll(&p, 1, left)
            if rc > 0 { return true }
            if rc < 0 && errno == EINTR { continue }
            return false
        }
    }

    /// Sends all of `bytes` (`send` with `MSG_NOSIGNAL`); nil, or why not.
    func send(_ bytes: [UInt8], deadline: Deadline) -> PipeWireReadError? {
        var at = 0
        while at < bytes.count {
            let n = bytes[at...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                at += n
                continue
            }
            let e = errno
            if e == EINTR { continue }
            if e == EAGAIN, wait(Int32(POLLOUT), deadline: deadline) { continue }
            return PipeWireReadError(e == EAGAIN ? .timedOut : .failed, "sending to the PipeWire daemon: \(Errno.describe(e))")
        }
        return nil
    }

    /// What the daemon sent next, waiting until the deadline (nil: nothing came in time). File descriptors the
    /// daemon might pass are not taken (`recv` without a control buffer: the kernel closes them).
    func receive(deadline: Deadline) -> Result<[UInt8], PipeWireReadError>? {
        var chunk = [UInt8](repeating: 0, count: 32 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { return .success(Array(chunk.prefix(n))) }
            if n == 0 { return .failure(PipeWireReadError(.failed, "the PipeWire daemon closed the connection")) }
            let e = errno
            if e == EINTR { continue }
            guard e == EAGAIN else { return .failure(PipeWireReadError(.failed, "reading from the PipeWire daemon: \(Errno.describe(e))")) }
            guard wait(Int32(POLLIN), deadline: deadline) else { return nil }
        }
    }

    func close() { Glibc.close(fd) }

    /// `shutdown(SHUT_RDWR)` from any thread: a `poll` waiting on the socket wakes and reads the end of the stream.
    /// Only while the socket is open (after `close`, its number may be another file's).
    var interrupter: @Sendable () -> Void {
        let fd = fd
        return { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
    }
}
