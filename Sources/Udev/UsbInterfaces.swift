#if canImport(Glibc)
    import Glibc
#endif

/// A USB device's interfaces as sysfs lists them (`/sys/bus/usb/devices/1-2/1-2:1.0/…`): which
/// ones announce nodes their drivers will add.
enum UsbInterfaces {
    /// True when an interface promises a node that is not in sysfs yet: a video control
    /// interface (`bInterfaceClass` 0e, subclass 01) without a `video4linux/` child, or audio
    /// control interfaces (class 01, subclass 01) none of which has a `sound/card*` child.
    /// Entries are matched on their bytes (no `String` per entry: a USB device's folder has dozens of attribute files,
    /// and this runs at each hotplug re-read, Reports/benchmarks.md §37).
    static func awaitNodes(device: String) -> Bool {
        guard let d = opendir(device) else { return false }
        defer { closedir(d) }
        // Interfaces are named "<device>:<config>.<number>".
        let interfacePrefix = Array((device.split(separator: "/").last.map(String.init) ?? device).utf8) + [UInt8(ascii: ":")]
        var audioControl = 0
        var audioCards = 0
        var n = 0
        while let e = readdir(d), n < 1024 {
            n += 1
            guard let entry = name(e, ifStartingWith: interfacePrefix) else { continue }
            let path = device + "/" + entry
            let cls = attribute(path + "/bInterfaceClass")
            let sub = attribute(path + "/bInterfaceSubClass")
            if cls == "0e" && sub == "01" && !hasChild(path + "/video4linux", prefix: "video") { return true }
            if cls == "01" && sub == "01" {
                audioControl += 1
                if hasChild(path + "/sound", prefix: "card") { audioCards += 1 }
            }
        }
        return audioControl > 0 && audioCards == 0
    }

    /// The name of directory entry `e` when it starts with `prefix` (bytes), else nil without making a `String`.
    static func name(_ e: UnsafeMutablePointer<dirent>, ifStartingWith prefix: [UInt8]) -> String? {
        withUnsafeBytes(of: e.pointee.d_name) { raw -> String? in
            let bytes = raw.prefix { $0 != 0 }
            guard bytes.starts(with: prefix) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The first 64 bytes of a small sysfs attribute, spaces, tabs and newlines trimmed at both ends (read into a
    /// stack buffer).
    static func attribute(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buf -> String? in
            let got = read(fd, buf.baseAddress, 64)
            guard got > 0 else { return nil }
            let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }
            var (lo, hi) = (0, got)
            while lo < hi && blank(buf[lo]) { lo += 1 }
            while hi > lo && blank(buf[hi - 1]) { hi -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: buf[lo..<hi]), as: UTF8.self)
        }
    }

    /// True when directory `dir` has an entry starting with `prefix`.
    static func hasChild(_ dir: String, prefix: String) -> Bool {
        guard let d = opendir(dir) else { return false }
        defer { closedir(d) }
        let bytes = Array(prefix.utf8)
        var n = 0
        while let e = readdir(d), n < 1024 {
            n += 1
            if name(e, ifStartingWith: bytes) != nil { return true }
        }
        return false
    }
}
