#if canImport(Glibc)
    import Glibc
#endif

/// An AF_UNIX address (`struct sockaddr_un`, unix(7)) as `bind`, `connect` and `sendto` take it: a path, or an
/// abstract name written with a leading `@` (stored with a leading NUL instead).
package struct UnixSocketAddress {
    private var storage = sockaddr_un()
    /// The length to pass with it: up to the path's terminating NUL; an abstract name has none.
    package let length: socklen_t

    /// nil when `path` is empty or longer than `sun_path` holds.
    package init?(_ path: String) {
        var bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: storage.sun_path) else { return nil }
        let abstract = bytes[0] == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count + (abstract ? 0 : 1))
    }

    /// Calls `body` with the address as a `sockaddr` pointer and its length.
    package func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> R) rethrows -> R {
        try withUnsafePointer(to: storage) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { try body($0, length) }
        }
    }
}
