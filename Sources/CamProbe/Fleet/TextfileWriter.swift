#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file so that a reader sees the old contents or the new, never a
/// part: a temporary file in the same directory (`mkstemp`), written, `fsync`ed,
/// made readable by others (`fchmod` 0644: node_exporter runs as its own user),
/// then `rename(2)`d over the target. The temporary name starts with a dot and
/// does not end in `.prom`, so the textfile collector never reads it.
package struct TextfileWriter: Sendable {
    /// The directory written into.
    package var directory: String
    /// The file's name inside it.
    package var name: String

    package init(directory: String, name: String = "camprobe.prom") {
        self.directory = directory
        self.name = name
    }

    /// `directory/name`.
    package var path: String { directory.hasSuffix("/") ? directory + name : directory + "/" + name }

    /// Why a write failed, with the next step.
    package struct WriteError: Error, Sendable, CustomStringConvertible {
        package var path: String
        package var call: String
        package var errno: Int32
        package var description: String {
            let reason = String(cString: strerror(errno))
            switch errno {
            case EACCES, EPERM, EROFS:
                return
                    "cannot write \(path) (\(call): \(reason)); run camprobe as a user who may write the directory (Debian's /var/lib/prometheus/node-exporter belongs to root), or name another with --textfile"
            case ENOENT, ENOTDIR:
                return
                    "cannot write \(path) (\(call): \(reason)); the directory must exist (node_exporter's --collector.textfile.directory)"
            default:
                return "cannot write \(path) (\(call): \(reason))"
            }
        }
    }

    /// Replaces the file with `contents`. On failure the old file is left as it was and no temporary file remains.
    /// The corresponding C calls are `mkstemp`, `write`, `fchmod`, `fsync`, `close` and `rename`.
    package func write(_ contents: String) throws(WriteError) {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template += Array(".\(name).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: path, call: "mkstemp", errno: Glibc.errno) }
        let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ call: String) -> WriteError {
            let e = WriteError(path: path, call: call, errno: Glibc.errno)
            close(fd)
            unlink(temp)
            return e
        }
        let bytes = Array(contents.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if Glibc.errno == EINTR { continue }
                throw fail("write")
            }
            done += n
        }
        guard fchmod(fd, 0o644) == 0 else { throw fail("fchmod") }
        guard fsync(fd) == 0 else { throw fail("fsync") }
        guard close(fd) == 0 else {
            let e = WriteError(path: path, call: "close", errno: Glibc.errno)
            unlink(temp)
            throw e
        }
        guard rename(temp, path) == 0 else {
            let e = WriteError(path: path, call: "rename", errno: Glibc.errno)
            unlink(temp)
            throw e
        }
    }
}
