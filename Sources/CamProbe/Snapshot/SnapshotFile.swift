#if canImport(Glibc)
    import Glibc
#endif

/// Writes a snapshot file atomically: a new temporary file next to the target
/// (`open(2)` with `O_CREAT | O_EXCL | O_NOFOLLOW`), `write(2)`, `fsync(2)`, then
/// `rename(2)` over the target. On any failure the temporary file is removed
/// and the target is untouched; SIGINT, SIGTERM and SIGHUP are ignored for the few
/// milliseconds between creating the temporary file and the rename, so ^C
/// never leaves a partial file. Only regular files are replaced.
package enum SnapshotFile {
    package static func write(_ bytes: [UInt8], to path: String) throws(SnapshotError) {
        func failure(_ e: Int32, _ what: String) -> SnapshotError {
            SnapshotError(kind: .output, message: "cannot write \(path): \(what)\(String(cString: strerror(e)))")
        }
        var st = stat()
        if stat(path, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
            throw SnapshotError(kind: .output, message: "cannot write \(path): it exists and is not a regular file")
        }
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !base.isEmpty else { throw SnapshotError(kind: .output, message: "cannot write \(path): it names a directory") }

        // Hold ^C off while the temporary file exists (the dispositions are restored on every path).
        let oldHandlers = [SIGINT, SIGTERM, SIGHUP].map { ($0, signal($0, SIG_IGN)) }
        defer { for (s, h) in oldHandlers { signal(s, h) } }

        var fd: Int32 = -1
        var tmp = ""
        for attempt in 0..<16 {
            tmp = "\(dir).\(base).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 || errno != EEXIST || attempt == 15 { break }
        }
        guard fd >= 0 else { throw failure(errno, "") }
        func abandon(_ e: Int32, _ what: String) -> SnapshotError {
            if fd >= 0 { close(fd) }
            unlink(tmp)
            return failure(e, what)
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw abandon(errno, "")
            }
            offset += n
        }
        if fsync(fd) != 0 { throw abandon(errno, "fsync: ") }
        let rc = close(fd)
        fd = -1
        if rc != 0 { throw abandon(errno, "close: ") }
        if rename(tmp, path) != 0 { throw abandon(errno, "") }
    }
}
