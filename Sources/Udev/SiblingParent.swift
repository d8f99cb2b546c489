import CaptureModel

/// A node's physical parent told from one already read for a sibling node, by sysfs path alone: reading a USB
/// parent through libudev (`udev_device_get_parent_with_subsystem_devtype`, then its attributes) was two thirds of
/// a hotplug re-read's listing in the guest (Reports/benchmarks.md §21), and a USB camera's capture, metadata and
/// media nodes share one parent.
enum SiblingParent {
    /// The parent in `known` that `nodeSysPath` sits directly under: in one of the parent's own USB interfaces
    /// (`…/1-1/1-1:1.0/video4linux/video2` under `…/1-1`), or as the parent's own class child
    /// (`…/vivid.0/video4linux/video0`, `…/vivid.0/media0`). A node further down (under a hub's port, under a
    /// USB device below a PCI controller) is not matched: its nearest physical parent may be another device.
    static func find(for nodeSysPath: String, among known: [PhysicalParent]) -> PhysicalParent? {
        for p in known {
            let prefix = p.sysPath + "/"
            guard nodeSysPath.hasPrefix(prefix) else { continue }
            let rest = nodeSysPath.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
            let sysname = p.sysPath.split(separator: "/").last.map(String.init) ?? p.sysPath
            if p.bus == "usb", let first = rest.first, first.hasPrefix(sysname + ":") { return p }
            if rest.count == 1 || (rest.count == 2 && rest[0] == "video4linux") { return p }
        }
        return nil
    }
}
