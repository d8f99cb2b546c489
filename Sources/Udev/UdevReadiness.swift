internal import CUdev
import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// Which video, media and sound-card control nodes udev has finished, read from sysfs and udev's database.
package enum UdevReadiness {
    /// The nodes sysfs lists, those udev has not finished, and the physical parents that are
    /// not complete yet; nil when no udev daemon runs (`/run/udev/control` is absent), since
    /// then nothing is ever "finished".
    ///
    /// The corresponding C calls are `udev_enumerate_scan_devices`, `udev_device_get_is_initialized`
    /// (udev's database entry `/run/udev/data/c<major>:<minor>` exists) and `access(2)` on the node;
    /// USB devices' interfaces are read from sysfs (`bInterfaceClass`, `bInterfaceSubClass`).
    package static func read() -> (presentNodes: Set<String>, unfinishedNodes: Set<String>, incompleteParents: Set<String>)? {
        guard access("/run/udev/control", F_OK) == 0 else { return nil }
        guard let udev = udev_new() else { return nil }
        defer { udev_unref(udev) }
        guard let en = udev_enumerate_new(udev) else { return nil }
        defer { udev_enumerate_unref(en) }
        for s in UdevNodeSource.subsystems { udev_enumerate_add_match_subsystem(en, s) }
        udev_enumerate_scan_devices(en)
        var present = Set<String>()
        var unfinished = Set<String>()
        var incomplete = Set<String>()
        var usbDevices = Set<String>()
        var entry = udev_enumerate_get_list_entry(en)
        var count = 0
        while let e = entry, count < 4096 {
            count += 1
            entry = udev_list_entry_get_next(e)
            // Only nodes that make devices are read (a card's PCM and timer nodes are many and slow to read).
            guard let sp = udev_list_entry_get_name(e), UdevNodeSource.isListed(sysPath: sp),
                let dev = udev_device_new_from_syspath(udev, sp)
            else { continue }
            defer { udev_device_unref(dev) }
            guard let dn = udev_device_get_devnode(dev) else { continue }
            let devnode = String(cString: dn)
            present.insert(devnode)
            let parent = UdevNodeSource.physicalParent(of: dev)
            if parent?.bus == "usb", let p = parent?.sysPath { usbDevices.insert(p) }
            if udev_device_get_is_initialized(dev) == 0 || access(devnode, F_OK) != 0 {
                unfinished.insert(devnode)
                if let p = parent?.sysPath { incomplete.insert(p) }
            }
        }
        for d in usbDevices where UsbInterfaces.awaitNodes(device: d) { incomplete.insert(d) }
        return (present, unfinished, incomplete)
    }

    /// The same, from nodes listed a moment ago (`UdevNodeSource.nodes()`) instead of a second enumeration:
    /// each node's `/dev` entry is stat'ed for its number and udev's database entry for that number looked up
    /// (`stat(2)`, `access(2)`: two calls a node, where libudev walks every path component of every device and
    /// its parents). nil when no udev daemon runs.
    package static func read(listed: [NodeRecord]) -> (
        presentNodes: Set<String>, unfinishedNodes: Set<String>, incompleteParents: Set<String>
    )? {
        guard access("/run/udev/control", F_OK) == 0 else { return nil }
        var present = Set<String>()
        var unfinished = Set<String>()
        var incomplete = Set<String>()
        var usbDevices = Set<String>()
        for r in listed.prefix(4096) {
            let name = r.devnode.split(separator: "/").last.map(String.init) ?? r.devnode
            guard name.hasPrefix("video") || name.hasPrefix("media") || name.hasPrefix("controlC") else { continue }
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
        return (present, unfinished, incomplete)
    }

    /// "major:minor" of a `dev_t`, as glibc's `major`/`minor` macros split it.
    static func devNumber(_ dev: dev_t) -> String {
        let d = UInt64(dev)
        let major = ((d & 0x0000_0000_000f_ff00) >> 8) | ((d & 0xffff_f000_0000_0000) >> 32)
        let minor = (d & 0x0000_0000_0000_00ff) | ((d & 0x0000_0fff_fff0_0000) >> 12)
        return "\(major):\(minor)"
    }
}
