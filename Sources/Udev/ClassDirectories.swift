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

    /// The target of the symlink at `path`, or nil when it is not one (or vanished). The C call is `readlink(2)`,
    /// into a stack buffer (a listing reads one link per node, on every hotplug re-read).
    static func link(_ path: String) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX)) { buf -> String? in
            guard let base = buf.baseAddress else { return nil }
            let n = readlink(path, base, buf.count - 1)
            guard n > 0 else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: base, count: n), as: UTF8.self)
        }
    }

    /// `target` (absolute, or relative to `dir`) with `.` and `..` components removed. sysfs class and bus
    /// entries link to real directories, so removing `..` textually gives the path `realpath(3)` would.
    ///
    /// Done on the paths' UTF-8 bytes: splitting and joining `String`s cost about 54 000 instructions a link
    /// (callgrind, a hotplug re-read on uvcvideo in the guest), the largest part of listing the class directories.
    static func resolve(_ target: String, from dir: String) -> String {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var out: [UInt8] = []  // "/a/b" (empty: the root)
        out.reserveCapacity(dir.utf8.count + target.utf8.count + 1)
        func add(_ path: String) {
            let bytes = Array(path.utf8)
            var i = 0
            while i < bytes.count {
                while i < bytes.count && bytes[i] == slash { i += 1 }
                let start = i
                while i < bytes.count && bytes[i] != slash { i += 1 }
                switch i - start {
                case 0: continue
                case 1 where bytes[start] == dot: continue
                case 2 where bytes[start] == dot && bytes[start + 1] == dot:
                    if let last = out.lastIndex(of: slash) { out.removeSubrange(last...) }
                default:
                    out.append(slash)
                    out.append(contentsOf: bytes[start..<i])
                }
            }
        }
        if target.utf8.first != slash { add(dir) }
        add(target)
        return out.isEmpty ? "/" : String(decoding: out, as: UTF8.self)
    }
}
