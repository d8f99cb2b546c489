import CamProbe
import HostSystem
import ProfileFormat

#if canImport(Glibc)
    import Glibc
#endif

/// The Prometheus textfile: written with `AtomicFile` (a temporary file next to
/// it, `fsync`, `rename(2)`), so node_exporter sees the old contents or the new,
/// never a part, and always readable by others (exactly 0644: node_exporter runs
/// as its own user). The temporary name starts with a dot and does not end in
/// `.prom`, so the textfile collector never reads it.
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
        /// What `AtomicFile` said: the C call that failed and its errno, or why it refused.
        package var cause: FileWriteError
        package var description: String {
            guard let call = cause.call, let errno = cause.errno else { return "cannot write \(path): \(cause.message)" }
            let reason = "\(call): \(Errno.message(errno))"
            switch errno {
            case EACCES, EPERM, EROFS:
                return
                    "cannot write \(path) (\(reason)); run camprobe as a user who may write the directory (Debian's /var/lib/prometheus/node-exporter belongs to root), or name another with --textfile"
            case ENOENT, ENOTDIR:
                return "cannot write \(path) (\(reason)); the directory must exist (node_exporter's --collector.textfile.directory)"
            default:
                return "cannot write \(path) (\(reason))"
            }
        }
    }

    /// Replaces the file with `contents`. On failure the old file is left as it was and no temporary file remains.
    /// The corresponding C calls are `open`, `write`, `fchmod`, `fsync`, `close` and `rename` (through `AtomicFile`).
    package func write(_ contents: String) throws(WriteError) {
        do throws(FileWriteError) {
            try AtomicFile.write(bytes: Array(contents.utf8), to: path, mode: 0o644, exactMode: true)
        } catch {
            throw WriteError(path: path, cause: error)
        }
    }
}
