import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// The listed nodes as sysfs alone names them, without libudev: each node's devnode and, under a USB device, that
/// device as its parent. Enough to tell that a camera's nodes are still arriving (`UdevReadiness`), which on a USB
/// camera is most of the re-reads its arrival starts; only a re-read that may announce lists through libudev.
package enum NodeSketch {
    /// The nodes in the class directories now (`ClassDirectories`). A node in `previous` (by sysfs path) keeps its
    /// record; another gets its devnode from `DEVNAME` in its sysfs `uevent` file and its parent from the
    /// nearest ancestor directory with an `idVendor` attribute (a USB device: its interfaces have none), or none.
    /// No udev property is read: a new node's record has no links or `ID_PATH`, and `udevFinished` is nil.
    /// The C calls are `readdir(3)`, `readlink(2)`, `open(2)`/`read(2)` and `access(2)`.
    package static func nodes(reusing previous: [NodeRecord]) -> [NodeRecord] {
        var kept: [String: NodeRecord] = [:]
        for r in previous { if let sp = r.sysPath { kept[sp] = r } }
        var out: [NodeRecord] = []
        for sp in ClassDirectories.listedDevices() {
            if var old = kept[sp] {
                old.udevFinished = nil  // a sketch tells nothing of udev: readiness is read for it
                out.append(old)
                continue
            }
            guard let name = devName(sysPath: sp) else { continue }  // vanished since it was listed
            let subsystem = sp.contains("/video4linux/") ? "video4linux" : name.hasPrefix("snd/") ? "sound" : "media"
            out.append(
                NodeRecord(
                    devnode: "/dev/" + name, subsystem: subsystem, sysPath: sp,
                    parent: usbDevice(above: sp).map { PhysicalParent(sysPath: $0, bus: "usb") }))
        }
        return out
    }

    /// `DEVNAME` from the device's `uevent` file (`video2`, `snd/controlC1`), or nil.
    static func devName(sysPath: String) -> String? {
        let fd = open(sysPath + "/uevent", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buf = [UInt8](repeating: 0, count: 1024)
        let got = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, 1024) }
        guard got > 0 else { return nil }
        for line in String(decoding: buf[..<got], as: UTF8.self).split(separator: "\n") where line.hasPrefix("DEVNAME=") {
            let name = line.dropFirst("DEVNAME=".count)
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }

    /// The nearest ancestor of `sysPath` that is a USB device (has `idVendor`), at most 16 levels up, or nil.
    static func usbDevice(above sysPath: String) -> String? {
        var parts = sysPath.split(separator: "/")
        var hops = 0
        while parts.count > 2, hops < 16 {
            parts.removeLast()
            hops += 1
            let dir = "/" + parts.joined(separator: "/")
            if access(dir + "/idVendor", F_OK) == 0 { return dir }
        }
        return nil
    }
}
