#if canImport(Glibc)
    import Glibc
#endif

/// A file that could not be read.
package struct FileReadError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var message: String
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    package var description: String { "\(path): \(message)" }
}

/// A file that could not be written; nothing was left half-written.
package struct FileWriteError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var message: String
    /// The C call that failed and its errno, when one did (callers give advice by errno, not by text).
    package var call: String?
    package var errno: Int32?
    package init(path: String, message: String, call: String? = nil, errno: Int32? = nil) {
        self.path = path
        self.message = message
        self.call = call
        self.errno = errno
    }
    package var description: String { "cannot write \(path): \(message)" }
}

/// Bounded whole-file reads (`open(2)`, `read(2)`).
package enum ReadFile {
    /// The file's bytes; refuses files over `limit` bytes without reading them all.
    package static func bytes(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(path: path, message: "cannot open: \(Errno.message(errno))") }
        defer { close(fd) }
        return try drain(fd, name: path, limit: limit)
    }

    /// Standard input, bounded the same way.
    package static func standardInput(limit: Int) throws(FileReadError) -> [UInt8] { try drain(0, name: "<stdin>", limit: limit) }

    static func drain(_ fd: Int32, name: String, limit: Int) throws(FileReadError) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: name, message: "read failed: \(Errno.message(errno))")
            }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
            if out.count > limit { throw FileReadError(path: name, message: "larger than \(limit / 1024 / 1024) MiB; refusing to read it") }
        }
    }
}

/// Writes a file atomically: a temporary file in the same directory, `fsync(2)`,
/// then `rename(2)` over the target, so a reader never sees half a profile.
///
/// - Only regular files are replaced. A target that exists and is anything
///   else — a character or block device (`/dev/null`, `/dev/sda`), a FIFO, a
///   socket, `/dev/stdout` — is refused with a clear error, never replaced by
///   a regular file (which, as root, would delete a device node). Standard
///   output is `-o -`. A symbolic link to a regular file is replaced by the
///   file, as before.
/// - An existing file keeps its permission bits (and, when we may, its owner);
///   a new one gets `mode` (less the umask), or exactly `mode` with `exactMode`.
/// - The temporary file has a random name next to the target and is opened
///   with `O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC`, so a planted file or
///   link is never written through; it is closed and removed on every failure.
package enum AtomicFile {
    /// Creates the missing directories above `path` (`mkdir(2)` with `mode`, one level at a time);
    /// existing ones are left as they are. `path`'s last component is not created.
    package static func makeParentDirectories(for path: String, mode: mode_t = 0o755) throws(FileWriteError) {
        var dir = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/").dropLast() {
            dir += "/" + part
            if mkdir(dir, mode) != 0 && errno != EEXIST {
                throw FileWriteError(path: path, message: "cannot create \(dir): \(Errno.message(errno))")
            }
        }
    }

    /// Writes `text` (plus a final newline when it has none) to `path`.
    package static func write(_ text: String, to path: String, mode: mode_t = 0o644, exactMode: Bool = false) throws(FileWriteError) {
        var bytes = Array(text.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        try write(bytes, to: path, mode: mode, exactMode: exactMode, sync: { fsync($0) })
    }

    /// Writes `bytes` as they are (a PNG, a JPEG, a textfile) to `path`, the same way.
    package static func write(bytes: [UInt8], to path: String, mode: mode_t = 0o644, exactMode: Bool = false) throws(FileWriteError) {
        try write(bytes, to: path, mode: mode, exactMode: exactMode, sync: { fsync($0) })
    }

    /// `write` with the `fsync(2)` to use (a seam for tests that make it fail).
    static func write(
        _ bytes: [UInt8], to path: String, mode: mode_t, exactMode: Bool,
        sync: (Int32) -> Int32
    ) throws(FileWriteError) {
        func failure(_ e: Int32, _ call: String) -> FileWriteError {
            FileWriteError(path: path, message: Errno.message(e), call: call, errno: e)
        }
        var st = stat()
        var finalMode = mode
        var owner: (uid_t, gid_t)?
        if stat(path, &st) == 0 {
            let type = st.st_mode & S_IFMT
            guard type == S_IFREG else {
                throw FileWriteError(
                    path: path,
                    message: "it is \(FileType.name(type)), not a regular file; camprobe replaces only regular files"
                        + (type == S_IFCHR || type == S_IFIFO ? " (use '-o -' for standard output)" : ""))
            }
            if !exactMode { finalMode = st.st_mode & 0o7777 & ~mode_t(S_ISUID | S_ISGID) }
            owner = (st.st_uid, st.st_gid)
        } else if errno != ENOENT {
            throw failure(errno, "stat")
        } else if !exactMode {
            let mask = umask(0o022)
            umask(mask)
            finalMode = mode & ~mask
        }
        let (fd, tmp) = try createTemporary(next: path)
        var closed = false
        func abandon(_ e: Int32, _ call: String) -> FileWriteError {
            if !closed { close(fd) }
            unlink(tmp)
            return failure(e, call)
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw abandon(errno, "write")
            }
            offset += n
        }
        if let (uid, gid) = owner, geteuid() == 0 { _ = fchown(fd, uid, gid) }
        if fchmod(fd, finalMode) != 0 { throw abandon(errno, "fchmod") }
        if sync(fd) != 0 { throw abandon(errno, "fsync") }
        closed = true
        if close(fd) != 0 { throw abandon(errno, "close") }
        if rename(tmp, path) != 0 { throw abandon(errno, "rename") }
        syncDirectory(of: path)
    }

    /// A new, empty temporary file next to `path` (`.NAME.tmp-RANDOM`), and its name.
    static func createTemporary(next path: String) throws(FileWriteError) -> (Int32, String) {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var g = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let tmp = dir + "." + base + ".tmp-" + String(UInt64.random(in: 0...UInt64.max, using: &g), radix: 36)
            let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, tmp) }
            if errno != EEXIST && errno != EINTR {
                throw FileWriteError(path: path, message: Errno.message(errno), call: "open", errno: errno)
            }
        }
        throw FileWriteError(path: path, message: "cannot create a temporary file next to it")
    }

    /// Makes the rename durable (best effort).
    static func syncDirectory(of path: String) {
        let dir = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "."
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}

/// Names of file types for messages.
enum FileType {
    static func name(_ type: mode_t) -> String {
        switch type {
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a directory"
        default: "a special file"
        }
    }
}
