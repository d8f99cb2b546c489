import CaptureModel
import HostSystem

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

/// The real files, through `HostFiles` (bounded reads): no root needed (sysfs's `descriptors` and the attributes
/// read here are 0444).
package struct SystemUSBSysfsFiles: USBSysfsFiles {
    package init() {}
    package func bytes(_ path: String, limit: Int) -> [UInt8]? { try? HostFiles.read(path, limit: limit).get() }
    package func linkTarget(_ path: String) -> String? { HostFiles.link(path) }
    package func resolved(_ path: String) -> String? { HostFiles.resolved(path) }
    package func entries(_ directory: String) -> [String] { HostFiles.entries(directory, limit: 4096).sorted() }
}
