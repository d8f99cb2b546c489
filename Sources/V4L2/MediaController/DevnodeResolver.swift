import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// Turns a character device number (`81:3`) into its node in `/dev`
/// (`/dev/v4l-subdev0`). The media graph names interfaces only by number;
/// the real resolver reads `DEVNAME` from `/sys/dev/char/MAJ:MIN/uevent`,
/// and a fake supplies a table.
package struct DevnodeResolver: Sendable {
    /// The path for a device number, or nil when there is none.
    package var resolve: @Sendable (MediaDevnode) -> String?

    package init(_ resolve: @escaping @Sendable (MediaDevnode) -> String?) { self.resolve = resolve }

    /// Reads `DEVNAME` from `<sysRoot>/dev/char/MAJ:MIN/uevent` and puts it under `devRoot`.
    ///
    /// The corresponding C calls are `open(2)` and `read(2)` on the sysfs file.
    package static func sysfs(sysRoot: String = "/sys", devRoot: String = "/dev") -> DevnodeResolver {
        DevnodeResolver { d in
            guard let text = readSmallFile("\(sysRoot)/dev/char/\(d.major):\(d.minor)/uevent"),
                let name = ueventValue("DEVNAME", in: text), !name.isEmpty
            else { return nil }
            return devRoot + "/" + name
        }
    }

    /// A fixed table (fakes and tests).
    package static func table(_ paths: [MediaDevnode: String]) -> DevnodeResolver { DevnodeResolver { paths[$0] } }

    /// Resolves nothing.
    package static let none = DevnodeResolver { _ in nil }
}

/// `value` of the `KEY=value` line of a uevent file.
func ueventValue(_ key: String, in text: String) -> String? {
    for line in text.split(separator: "\n") where line.hasPrefix(key + "=") {
        return String(line.dropFirst(key.count + 1))
    }
    return nil
}

/// A sysfs attribute's text (at most 4 KiB), or nil when it cannot be read.
func readSmallFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 4096 {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}
