import CaptureModel
#if canImport(Glibc)
import Glibc
#endif

/// A file that could not be read.
public struct FileReadError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, message: String) { self.path = path; self.message = message }
    public var description: String { "\(path): \(message)" }
}

/// A file that could not be written; nothing was left half-written.
public struct FileWriteError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "cannot write \(path): \(message)" }
}

/// Bounded whole-file reads (`open(2)`, `read(2)`).
public enum ReadFile {
    /// The file's bytes; refuses files over `limit` bytes without reading them all.
    public static func bytes(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(path: path, message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        return try drain(fd, name: path, limit: limit)
    }

    /// Standard input, bounded the same way.
    public static func standardInput(limit: Int) throws(FileReadError) -> [UInt8] { try drain(0, name: "<stdin>", limit: limit) }

    static func drain(_ fd: Int32, name: String, limit: Int) throws(FileReadError) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: name, message: "read failed: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
            if out.count > limit { throw FileReadError(path: name, message: "larger than \(limit / 1024 / 1024) MiB; refusing to read it") }
        }
    }
}

/// Writes a file atomically: a temporary file in the same directory, `fsync(2)`,
/// then `rename(2)` over the target, so a reader never sees half a profile.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws(FileWriteError) {
        let tmp = path + ".tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileWriteError(path: path, message: String(cString: strerror(errno))) }
        var bytes = Array(text.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = String(cString: strerror(errno))
                close(fd); unlink(tmp)
                throw FileWriteError(path: path, message: e)
            }
            offset += n
        }
        if fsync(fd) != 0 || close(fd) != 0 {
            let e = String(cString: strerror(errno)); unlink(tmp)
            throw FileWriteError(path: path, message: e)
        }
        if rename(tmp, path) != 0 {
            let e = String(cString: strerror(errno)); unlink(tmp)
            throw FileWriteError(path: path, message: e)
        }
    }
}

/// Where a profile goes.
public enum ProfilePaths {
    /// `output` if it names a file; `output/ID.ext` if it is a directory (or ends in `/`);
    /// `ID.ext` in the current directory when nil. IDs are made safe as file names.
    public static func destination(_ output: String?, id: DeviceID, format: ProfileFormat) -> String {
        let name = fileName(for: id, format: format)
        guard let output, !output.isEmpty else { return name }
        var st = stat()
        if output.hasSuffix("/") || (stat(output, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR) {
            return (output.hasSuffix("/") ? output : output + "/") + name
        }
        return output
    }

    public static func fileName(for id: DeviceID, format: ProfileFormat) -> String {
        String(id.rawValue.map { c -> Character in (c.isLetter || c.isNumber || "-_.:@".contains(c)) && c.isASCII ? c : "_" })
            + "." + format.fileExtension
    }
}
