#if canImport(Glibc)
    import Glibc
#endif

/// A USB device's interfaces as sysfs lists them (`/sys/bus/usb/devices/1-2/1-2:1.0/…`): which
/// ones announce nodes their drivers will add.
enum UsbInterfaces {
    /// True when an interface promises a node that is not in sysfs yet: a video control
    /// interface (`bInterfaceClass` 0e, subclass 01) without a `video4linux/` child, or audio
    /// control interfaces (class 01, subclass 01) none of which has a `sound/card*` child.
    static func awaitNodes(device: String) -> Bool {
        guard let d = opendir(device) else { return false }
        defer { closedir(d) }
        let name = device.split(separator: "/").last.map(String.init) ?? device
        var audioControl = 0
        var audioCards = 0
        var n = 0
        while let e = readdir(d), n < 1024 {
            n += 1
            let entry = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard entry.hasPrefix(name + ":") else { continue }  // interfaces are named "<device>:<config>.<number>"
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

    /// The first line of a small sysfs attribute, trimmed.
    static func attribute(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buf = [UInt8](repeating: 0, count: 64)
        let got = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, 64) }
        guard got > 0 else { return nil }
        return String(decoding: buf[..<got], as: UTF8.self).trimmingCharacters(in: " \n\t")
    }

    /// True when directory `dir` has an entry starting with `prefix`.
    static func hasChild(_ dir: String, prefix: String) -> Bool {
        guard let d = opendir(dir) else { return false }
        defer { closedir(d) }
        var n = 0
        while let e = readdir(d), n < 1024 {
            n += 1
            let entry = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if entry.hasPrefix(prefix) { return true }
        }
        return false
    }
}
