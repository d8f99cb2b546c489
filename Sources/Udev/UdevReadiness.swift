import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// Which video, media and sound-card control nodes udev has finished, told from nodes just listed.
package enum UdevReadiness {
    /// The nodes `UdevNodeSource.nodes()` listed a moment ago, those udev has not finished, and the physical
    /// parents that are not complete yet; nil when no udev daemon runs (`/run/udev/control` is absent), since
    /// then nothing is ever "finished".
    ///
    /// A node is finished when its `/dev` entry exists and udev's database entry for its number does
    /// (`/run/udev/data/c<major>:<minor>`, written when udev has processed the node): `stat(2)` and `access(2)`,
    /// two calls a node. USB devices' interfaces are read from sysfs (`bInterfaceClass`, `bInterfaceSubClass`).
    /// `busy`: udev has events queued or running (`/run/udev/queue` exists, as `udevadm settle` reads it).
    package static func read(listed: [NodeRecord]) -> (
        presentNodes: Set<String>, unfinishedNodes: Set<String>, incompleteParents: Set<String>, busy: Bool
    )? {
        guard access("/run/udev/control", F_OK) == 0 else { return nil }
        var present = Set<String>()
        var unfinished = Set<String>()
        var incomplete = Set<String>()
        var usbDevices = Set<String>()
        for r in listed.prefix(4096) {
            present.insert(r.devnode)
            if r.parent?.bus == "usb", let p = r.parent?.sysPath { usbDevices.insert(p) }
            var st = stat()
            let finished = stat(r.devnode, &st) == 0 && access("/run/udev/data/c\(devNumber(st.st_rdev))", F_OK) == 0
            if !finished {
                unfinished.insert(r.devnode)
                if let p = r.parent?.sysPath { incomplete.insert(p) }
            }
        }
        for d in usbDevices where UsbInterfaces.awaitNodes(device: d) { incomplete.insert(d) }
        return (present, unfinished, incomplete, access("/run/udev/queue", F_OK) == 0)
    }

    /// "major:minor" of a `dev_t`, as glibc's `major`/`minor` macros split it.
    static func devNumber(_ dev: dev_t) -> String {
        let d = UInt64(dev)
        let major = ((d & 0x0000_0000_000f_ff00) >> 8) | ((d & 0xffff_f000_0000_0000) >> 32)
        let minor = (d & 0x0000_0000_0000_00ff) | ((d & 0x0000_0fff_fff0_0000) >> 12)
        return "\(major):\(minor)"
    }
}
