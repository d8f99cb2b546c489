internal import CUdev
import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// Lists V4L2, media-controller and ALSA card control nodes with their identity, from libudev.
///
/// libudev reads sysfs directly, so this works without a udev daemon (as in
/// containers); only udev's own properties (`ID_PATH`, `DEVLINKS`) need the
/// daemon's database, and when they are absent the `/dev/v4l/by-id` and
/// `by-path` directories are read instead.
package enum UdevNodeSource {
    /// Subsystems whose nodes belong to cameras: the hotplug monitor's filter (`UdevMonitor.start`); a listing
    /// reads their class directories (`ClassDirectories`).
    package static let subsystems = ["video4linux", "media", "sound"]

    /// Enumerates `/dev/video*`, `/dev/media*` and `/dev/snd/controlC*` nodes, sorted by subsystem and number.
    ///
    /// The devices are found by name in their class directories (`ClassDirectories`: `readdir(3)` and
    /// `readlink(2)`); each is then read by `udev_device_new_from_syspath`. A physical parent is read once for the
    /// nodes directly under it (`SiblingParent`), and not at all when a kept node under it is still present.
    ///
    /// - Parameters:
    ///   - previous: records of an earlier listing; a node still present whose devnode is not in `changed` keeps
    ///     its record without being read again (the registry passes its last listing and the nodes udev sent
    ///     events for since, so a hotplug re-read reads only the arriving nodes).
    ///   - changed: devnodes that may have changed since `previous` was listed.
    ///   - told: udev's latest `add` or `change` event per sysfs path. A node not kept whose event is here takes its
    ///     devnode, `ID_PATH` and links from the event (each link checked with `readlink(2)` to point at it) instead of
    ///     being read through libudev: udevd sends the event once it has finished the node, so the record is
    ///     complete. Its parent is a sibling's when one was read, else it is read through libudev.
    ///   - awaitingEvents: udev's events have been watched since `previous` was listed, so a node neither kept nor
    ///     told has its event still to come (udevd sends it once the node is finished; lost events make the registry
    ///     list everything again). Such a node is listed unfinished, with no `ID_PATH` or links, and udev's database
    ///     entry for it is not read (`udev_device_get_is_initialized` parses the whole entry: about 250 000
    ///     instructions a node, Reports/benchmarks.md §37). Its event starts the re-read that reads it.
    package static func nodes(
        reusing previous: [NodeRecord] = [], except changed: Set<String> = [], told: [String: HotplugEvent] = [:],
        awaitingEvents: Bool = false
    ) -> (nodes: [NodeRecord], note: String?) {
        guard let udev = udev_new() else { return ([], "libudev could not be initialised (udev_new failed)") }
        defer { udev_unref(udev) }
        let hasDatabase = access("/run/udev/control", F_OK) == 0
        var kept: [String: NodeRecord] = [:]
        // A record read before udev finished its node is read again, whatever the events said.
        for r in previous where !changed.contains(r.devnode) && r.udevFinished != false {
            if let sp = r.sysPath { kept[sp] = r }
        }
        var links: LinkDirectories?  // read once, when a node is read
        var out: [NodeRecord] = []
        let listed = ClassDirectories.listedDevices()
        // Parents already read: those of kept nodes still present, then each one read below (`SiblingParent`).
        var parents = Array(Set(listed.compactMap { kept[$0]?.parent }))
        for sp in listed {
            if let old = kept[sp] {
                out.append(old)
                continue
            }
            if let e = told[sp], let record = record(told: e, sysPath: sp, parents: &parents, udev: udev) {
                out.append(record)
                continue
            }
            guard let dev = udev_device_new_from_syspath(udev, sp) else { continue }  // vanished since it was listed
            defer { udev_device_unref(dev) }
            guard let dn = udev_device_get_devnode(dev) else { continue }
            let devnode = String(cString: dn)
            let name = devnode.split(separator: "/").last.map(String.init) ?? devnode
            // Only video, media and sound-card control nodes: radio, vbi, swradio, v4l-subdev and
            // v4l-touch are not cameras; a card's pcm/timer nodes are reached through its control node.
            guard name.hasPrefix("video") || name.hasPrefix("media") || name.hasPrefix("controlC") else { continue }
            let subsystem = udev_device_get_subsystem(dev).map { String(cString: $0) } ?? ""
            if hasDatabase && awaitingEvents && told[sp] == nil {
                out.append(
                    NodeRecord(
                        devnode: devnode, subsystem: subsystem, sysPath: sp, udevIDPath: nil, byID: [], byPath: [],
                        parent: parent(of: dev, sysPath: sp, among: &parents), udevFinished: false))
                continue
            }
            // Asked before the properties, which come from the same database entry: a node udev finishes between
            // the two calls is still counted unfinished, never finished with its links missing.
            let finished = hasDatabase ? udev_device_get_is_initialized(dev) != 0 : nil
            let idPath = property(dev, "ID_PATH")
            let found = links ?? LinkDirectories.read()
            links = found
            var byID = found.byID[devnode] ?? []
            var byPath = found.byPath[devnode] ?? []
            if let dl = property(dev, "DEVLINKS") {
                for l in dl.split(separator: " ").map(String.init) where !found.pointsElsewhere(l, than: devnode) {
                    if l.hasPrefix("/dev/v4l/by-id/"), !byID.contains(l) { byID.append(l) }
                    if l.hasPrefix("/dev/v4l/by-path/"), !byPath.contains(l) { byPath.append(l) }
                }
            }
            out.append(
                NodeRecord(
                    devnode: devnode, subsystem: subsystem, sysPath: sp, udevIDPath: idPath,
                    byID: byID.sorted(), byPath: byPath.sorted(), parent: parent(of: dev, sysPath: sp, among: &parents),
                    udevFinished: finished))
        }
        out.sort { a, b in
            a.subsystem != b.subsystem ? a.subsystem > b.subsystem : NodeOrder.less(a.devnode, b.devnode)
        }
        return (out, hasDatabase ? nil : "no udev daemon is running (/run/udev/control is absent): identity comes from sysfs alone")
    }

    /// The physical parent of the node `dev` at `sysPath`: a sibling's already read (`SiblingParent`), else read
    /// through libudev and added to `parents`.
    static func parent(of dev: OpaquePointer, sysPath sp: String, among parents: inout [PhysicalParent]) -> PhysicalParent? {
        if let p = SiblingParent.find(for: sp, among: parents) { return p }
        guard let read = physicalParent(of: dev) else { return nil }
        parents.append(read)
        return read
    }

    /// The record of the node at `sysPath` from udev's event for it, or nil when the event names no listed node or
    /// the node's parent cannot be read (then the node is read through libudev as any other).
    static func record(told e: HotplugEvent, sysPath sp: String, parents: inout [PhysicalParent], udev: OpaquePointer)
        -> NodeRecord?
    {
        guard e.action == "add" || e.action == "change", let devnode = e.devnode else { return nil }
        guard isListed(name: devnode.split(separator: "/").last.map(String.init) ?? devnode) else { return nil }
        // The device is opened through libudev only when no sibling's parent is known already.
        var parent = SiblingParent.find(for: sp, among: parents)
        if parent == nil {
            guard let dev = udev_device_new_from_syspath(udev, sp) else { return nil }
            defer { udev_device_unref(dev) }
            parent = Self.parent(of: dev, sysPath: sp, among: &parents)
        }
        // A link udev made for another node (two identical cameras without a serial ask for the same by-id link)
        // is not this node's.
        let links = NodeRecord.v4l2Links(e.links.filter { LinkDirectories.target(of: $0) == devnode })
        return NodeRecord(
            devnode: devnode, subsystem: e.subsystem, sysPath: sp, udevIDPath: e.udevIDPath, byID: links.byID,
            byPath: links.byPath, parent: parent, udevFinished: true)
    }

    /// True when a sysfs device's name is one of a listed node (`video*`, `media*`, `controlC*`):
    /// the others are skipped before libudev reads them.
    static func isListed(name: String) -> Bool {
        name.hasPrefix("video") || name.hasPrefix("media") || name.hasPrefix("controlC")
    }

    static func property(_ dev: OpaquePointer, _ key: String) -> String? {
        udev_device_get_property_value(dev, key).map { String(cString: $0) }
    }

    static func attribute(_ dev: OpaquePointer, _ key: String) -> String? {
        guard let v = udev_device_get_sysattr_value(dev, key) else { return nil }
        let s = String(cString: v).trimmingCharacters(in: " \n\t")
        return s.isEmpty ? nil : s
    }

    /// The USB device, or else the nearest PCI/platform ancestor.
    ///
    /// The corresponding C call is `udev_device_get_parent_with_subsystem_devtype`.
    static func physicalParent(of dev: OpaquePointer) -> PhysicalParent? {
        if let usb = udev_device_get_parent_with_subsystem_devtype(dev, "usb", "usb_device") {
            let sys = String(cString: udev_device_get_syspath(usb))
            var port: String?
            if let devpath = attribute(usb, "devpath") {
                // The root hub's parent is the host controller (PCI function or platform device).
                var hub: OpaquePointer? = usb
                var hops = 0
                while let h = hub, let p = udev_device_get_parent(h), hops < 32 {
                    hops += 1
                    let sub = udev_device_get_subsystem(p).map { String(cString: $0) } ?? ""
                    if sub != "usb" {
                        let name = udev_device_get_sysname(p).map { String(cString: $0) } ?? "?"
                        port = "\(sub)-\(name)-usb-0:\(devpath)"
                        break
                    }
                    hub = p
                }
                if port == nil { port = "usb-0:\(devpath)" }
            }
            return PhysicalParent(
                sysPath: sys, bus: "usb", vendorID: attribute(usb, "idVendor"), productID: attribute(usb, "idProduct"),
                serial: attribute(usb, "serial"), manufacturer: attribute(usb, "manufacturer"),
                product: attribute(usb, "product"), speedMbps: attribute(usb, "speed").flatMap(Double.init),
                portPath: port)
        }
        var p = udev_device_get_parent(dev)
        var hops = 0
        while let cur = p, hops < 32 {
            hops += 1
            let sub = udev_device_get_subsystem(cur).map { String(cString: $0) } ?? ""
            if ["pci", "platform", "i2c", "spi", "virtio", "sdio"].contains(sub) {
                let name = udev_device_get_sysname(cur).map { String(cString: $0) } ?? "?"
                return PhysicalParent(
                    sysPath: String(cString: udev_device_get_syspath(cur)), bus: sub,
                    vendorID: attribute(cur, "vendor").map { String($0.dropFirst(2)) },
                    productID: attribute(cur, "device").map { String($0.dropFirst(2)) },
                    portPath: "\(sub)-\(name)")
            }
            p = udev_device_get_parent(cur)
        }
        return nil
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
