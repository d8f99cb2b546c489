import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// The file access the bus reader needs, so tests can point it at fixture directories: whole small files,
/// symbolic links, resolved paths. Every path is absolute.
package protocol USBSysfsFiles: Sendable {
    /// The file's bytes, at most `limit`; nil when it cannot be read.
    func bytes(_ path: String, limit: Int) -> [UInt8]?
    /// The target of a symbolic link; nil when `path` is not one.
    func linkTarget(_ path: String) -> String?
    /// `realpath(3)`; nil when it does not resolve.
    func resolved(_ path: String) -> String?
    /// The names in a directory (without . and ..).
    func entries(_ directory: String) -> [String]
}

extension USBSysfsFiles {
    /// The first line of a small attribute, trimmed; nil when absent or empty.
    package func text(_ path: String) -> String? {
        guard let b = bytes(path, limit: 256) else { return nil }
        var s = Substring(String(decoding: b, as: UTF8.self))
        if let nl = s.firstIndex(of: "\n") { s = s[..<nl] }
        let t = s.drop { $0 == " " || $0 == "\t" }
        let trimmed = String(t.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// The real files, through Glibc: no root needed (sysfs's `descriptors` and the attributes read here are 0444).
package struct SystemUSBSysfsFiles: USBSysfsFiles {
    package init() {}

    package func bytes(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while out.count < limit {
            let want = min(chunk.count, limit - out.count)
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, want) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            out += chunk[..<got]
        }
        return out
    }

    package func linkTarget(_ path: String) -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package func resolved(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    package func entries(_ directory: String) -> [String] {
        guard let d = opendir(directory) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d), out.count < 4096 {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { out.append(name) }
        }
        return out.sorted()
    }
}
