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
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var name = Array(path.utf8)
        guard let first = name.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "@") else {
            return "not a socket path (it must start with / or @)"
        }
        if first == UInt8(ascii: "@") { name[0] = 0 }  // the abstract namespace: a leading NUL, no terminator
        guard name.count < MemoryLayout.size(ofValue: address.sun_path) else { return "socket path too long" }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in name.enumerated() { raw[i] = b }
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + name.count + (first == UInt8(ascii: "/") ? 1 : 0))
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return "socket: \(Errno.describe(errno))" }
        defer { close(fd) }
        let bytes = Array(message.utf8)
        while true {
            let sent = bytes.withUnsafeBytes { body in
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        sendto(fd, body.baseAddress, body.count, Int32(MSG_NOSIGNAL), $0, length)
                    }
                }
            }
            if sent == bytes.count { return nil }
            if sent < 0 && errno == EINTR { continue }
            return sent < 0 ? "sendto: \(Errno.describe(errno))" : "sendto sent \(sent) of \(bytes.count) bytes"
        }
    }
}
