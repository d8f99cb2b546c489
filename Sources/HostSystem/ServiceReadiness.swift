#if canImport(Glibc)
    import Glibc
#endif

/// Tells the service manager that started this process that it is ready, by the protocol of sd_notify(3): one
/// datagram, `READY=1`, to the AF_UNIX socket named in `$NOTIFY_SOCKET` (a leading `@` names an abstract socket).
///
/// With `Type=notify`, `systemctl start` returns once the monitor lists the devices present and follows their events,
/// or once the console listens; a script can wait for the same datagram before it plugs a device in.
package enum ServiceReadiness {
    /// Sends `READY=1` when `$NOTIFY_SOCKET` is set (`getenv`, then `send(_:to:)`); nil when it was sent or nobody
    /// asked, else why it could not be sent.
    package static func announce() -> String? {
        guard let raw = getenv("NOTIFY_SOCKET") else { return nil }
        let path = String(cString: raw)
        guard let why = send("READY=1", to: path) else { return nil }
        return "could not tell the service manager this process is ready ($NOTIFY_SOCKET=\(path)): \(why)"
    }

    /// Sends `message` as one datagram to the Unix socket at `path` (`socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC)`,
    /// `sendto`, `close`); nil when it was sent, else the failing call and its errno.
    package static func send(_ message: String, to path: String) -> String? {
        guard path.hasPrefix("/") || path.hasPrefix("@") else { return "not a socket path (it must start with / or @)" }
        guard let address = UnixSocketAddress(path) else { return "socket path too long" }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return "socket: \(Errno.describe(errno))" }
        defer { close(fd) }
        let bytes = Array(message.utf8)
        while true {
            let sent = bytes.withUnsafeBytes { body in
                address.withSockaddr { sendto(fd, body.baseAddress, body.count, Int32(MSG_NOSIGNAL), $0, $1) }
            }
            if sent == bytes.count { return nil }
            if sent < 0 && errno == EINTR { continue }
            return sent < 0 ? "sendto: \(Errno.describe(errno))" : "sendto sent \(sent) of \(bytes.count) bytes"
        }
    }
}
