#if canImport(Glibc)
    import Glibc
#endif

/// The sysfs devices of the listed nodes, found by reading the directories that name them: each
/// entry of `/sys/class/video4linux`, `/sys/bus/media/devices` and `/sys/class/sound` is a symlink
/// to the device (`../../devices/platform/vivid.0/video4linux/video0`).
///
/// This replaces `udev_enumerate_scan_devices` over the three subsystems, which builds a libudev
/// device for every member (each path component opened, the `uevent` file read) and then filters:
/// a sound card's PCM and timer devices, a camera's subdevices. Here only the names are read, one
/// `readlink(2)` per listed node; libudev then reads each listed device as before. In the guest that
/// halves a listing (Reports/benchmarks.md §18), which is most of a hotplug connect's latency.
enum ClassDirectories {
    static let directories = ["/sys/class/video4linux", "/sys/bus/media/devices", "/sys/class/sound"]

    /// The resolved sysfs paths of the entries named `video*`, `media*` or `controlC*`, at most 4096 per directory.
    /// The C calls are `opendir(3)`, `readdir(3)` and `readlink(2)`.
    static func listedDevices() -> [String] {
        var out: [String] = []
        for dir in directories {
            guard let d = opendir(dir) else { continue }  // the subsystem's module is not loaded
            defer { closedir(d) }
            var n = 0
            while let e = readdir(d), n < 4096 {
                n += 1
                let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard UdevNodeSource.isListed(name: name), let target = link(dir + "/" + name) else { continue }
                out.append(resolve(target, from: dir))
            }
        }
        return out
    }

    /// The target of the symlink at `path`, or nil when it is not one (or vanished).
    static func link(_ path: String) -> String? {
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX))
        let n = readlink(path, &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `target` (absolute, or relative to `dir`) with `.` and `..` components removed. sysfs class and bus
    /// entries link to real directories, so removing `..` textually gives the path `realpath(3)` would.
    static func resolve(_ target: String, from dir: String) -> String {
        var parts: [Substring] = target.hasPrefix("/") ? [] : dir.split(separator: "/")
        for c in target.split(separator: "/") {
            if c == "." { continue }
            if c == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else {
                parts.append(c)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
