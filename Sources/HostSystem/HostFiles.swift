#if canImport(Glibc)
    import Glibc
#endif

/// Small, bounded reads of files and directories with `open(2)`/`read(2)`, `opendir(3)` and
/// `readlink(2)`, for `SystemDoctorHost` and the holder scan. Every loop has a limit; nothing here throws past a caller.
package enum HostFiles {
    /// Up to `limit` bytes of `path`; the errno when `open(2)` or `read(2)` fails.
    package static func read(_ path: String, limit: Int = 1 << 20) -> Result<[UInt8], HostErrno> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(HostErrno(errno)) }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while out.count < limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, min($0.count, limit - out.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(HostErrno(errno))
            }
            if n == 0 { break }
            out += chunk[0..<n]
        }
        return .success(out)
    }

    /// The names in directory `path` (no `.` and `..`), at most `limit`; empty when it cannot be read.
    package static func entries(_ path: String, limit: Int) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while names.count < limit, let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Where symlink `path` points (`readlink(2)`), nil when it is not one or cannot be read.
    package static func link(_ path: String) -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` with every symlink resolved (`realpath(3)`), nil when it cannot be.
    package static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}

/// An errno value with its name, for evidence lines.
package struct HostErrno: Error, Sendable {
    package var code: Int32
    package init(_ code: Int32) { self.code = code }
    package var text: String { Errno.describe(code) }
}
