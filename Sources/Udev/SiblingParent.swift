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
    /// Compared on the paths' UTF-8 bytes: a hotplug re-read asks for each node it reads (Reports/benchmarks.md §37).
    static func find(for nodeSysPath: String, among known: [PhysicalParent]) -> PhysicalParent? {
        let slash = UInt8(ascii: "/")
        let node = Array(nodeSysPath.utf8)
        for p in known {
            let parent = Array(p.sysPath.utf8)
            guard node.count > parent.count, node.starts(with: parent), node[parent.count] == slash else { continue }
            let rest = node[(parent.count + 1)...].split(separator: slash, omittingEmptySubsequences: false)
            if p.bus == "usb", let first = rest.first, let sysname = parent.split(separator: slash).last,
                first.starts(with: sysname + [UInt8(ascii: ":")])
            {
                return p
            }
            if rest.count == 1 || (rest.count == 2 && rest[0].elementsEqual("video4linux".utf8)) { return p }
        }
        return nil
    }
}
