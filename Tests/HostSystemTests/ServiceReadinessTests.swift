import HostSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `ServiceReadiness.send`: the datagram a service manager (or a test harness) waits for arrives whole, on a path
/// socket and on an abstract one; a socket nobody listens on or a path that is not one is an error, never a hang.
@Suite("Service readiness (sd_notify)")
struct ServiceReadinessTests {
    /// A bound datagram socket: the listening end of `$NOTIFY_SOCKET`.
    struct Listener {
        let fd: Int32

        init(_ name: String) throws {
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            try #require(fd >= 0)
            let address = try #require(UnixSocketAddress(name))
            let rc = address.withSockaddr { bind(fd, $0, $1) }
            try #require(rc == 0, "bind \(name): errno \(errno)")
        }

        /// The next datagram within a second, or nil.
        func receive() -> String? {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 1000) == 1 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            return n < 0 ? nil : String(decoding: buffer[0..<n], as: UTF8.self)
        }
    }

    static func temporaryPath() -> String { "/tmp/camprobe-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))" }

    @Test func anAddressIsThePathWithItsNulOrTheAbstractNameWithout() throws {
        let path = try #require(UnixSocketAddress("/run/x"))
        let abstract = try #require(UnixSocketAddress("@run/x"))
        #expect(path.length == 2 + 6 + 1)  // sun_family, the path, its NUL (unix(7))
        #expect(abstract.length == 2 + 6)  // sun_family, a NUL, the name
        abstract.withSockaddr { address, _ in
            let bytes = UnsafeRawPointer(address).load(fromByteOffset: 2, as: UInt8.self)
            #expect(bytes == 0)
        }
        #expect(UnixSocketAddress("") == nil)
        #expect(UnixSocketAddress("/" + String(repeating: "x", count: 107)) == nil)
        #expect(UnixSocketAddress("/" + String(repeating: "x", count: 106)) != nil)
    }

    @Test func readyArrivesOnAPathSocket() throws {
        let path = Self.temporaryPath()
        let listener = try Listener(path)
        defer {
            close(listener.fd)
            unlink(path)
        }
        #expect(ServiceReadiness.send("READY=1", to: path) == nil)
        #expect(listener.receive() == "READY=1")
    }

    @Test func readyArrivesOnAnAbstractSocket() throws {
        let name = "@" + Self.temporaryPath()
        let listener = try Listener(name)
        defer { close(listener.fd) }
        #expect(ServiceReadiness.send("READY=1", to: name) == nil)
        #expect(listener.receive() == "READY=1")
    }

    @Test func aSocketNobodyListensOnIsAnError() {
        let why = ServiceReadiness.send("READY=1", to: Self.temporaryPath())
        #expect(why?.hasPrefix("sendto: ENOENT") == true, "\(why ?? "nil")")
    }

    @Test func aRelativeOrEmptyPathIsRefused() {
        #expect(ServiceReadiness.send("READY=1", to: "notify.sock")?.contains("must start with / or @") == true)
        #expect(ServiceReadiness.send("READY=1", to: "")?.contains("must start with / or @") == true)
        let long = "/tmp/" + String(repeating: "x", count: 200)
        #expect(ServiceReadiness.send("READY=1", to: long) == "socket path too long")
    }
}
