import CaptureModel
import DeviceFixtures
import FoundationEssentials
import HostSystem
import Synchronization
import V4L2

#if canImport(Glibc)
    import Glibc
#endif

/// A whole fake machine built from a fixture: node records as udev would
/// give them, and ports that answer ioctls by filling the real C structs.
/// Here it is the V4L2 layer's machine (`openPort`); CamProbeTesting makes it
/// the façade's `DeviceSystem` (udev readiness, USB bus, sound cards).
package final class FakeDeviceSystem {
    package let spec: FakeSystemSpec
    var states: [String: FakeNodeState] = [:]
    /// Every port opened, in order (for ioctl counting in tests and benchmarks).
    /// (Counts only: a port closes when its user lets go, as a real fd does.)
    package private(set) var openedPorts: [PortTally] = []
    /// Open ports and live mappings, for leak checks.
    package let ledger = FakeLedger()
    /// Nodes cut off without an event (see `FakeMachine.disconnectSilently`).
    package var isSevered: (@Sendable (String) -> Bool)?
    /// What udev has not finished yet (see `FakeMachine(tellsReadiness:)`): nodes registered in
    /// sysfs but not processed, and physical parents (sysfs paths) still waiting for a driver to
    /// add nodes. nil: this system cannot tell, as without a udev daemon.
    package var pending: (@Sendable () -> (nodes: Set<String>, parents: Set<String>))?
    /// Called with each path opened (see `FakeMachine.handleLog`).
    package var onOpen: (@Sendable (String) -> Void)?
    /// Called with a handle's path when it closes (its port's `deinit`).
    package var onClose: (@Sendable (String) -> Void)?
    /// Called when a listing starts, and when it has been read (see `FakeMachine.arriveDuringNextListing`).
    package var willList: (@Sendable () -> Void)?
    package var onListed: (@Sendable () -> Void)?
    /// Called with how many nodes a hotplug listing read from udev's database (neither kept nor told by an event).
    package var onDatabaseReads: (@Sendable (Int) -> Void)?

    /// A sysfs tree for USB cameras' bus model (`USBSysfsFixture`); nil: none (never the host's /sys).
    package var usbSysfsRoot: String?

    package init(spec: FakeSystemSpec) {
        self.spec = spec
        for n in spec.nodes { states[n.path] = FakeNodeState(spec: n, ledger: ledger) }
    }

    /// Loads one fixture file or several (their nodes are merged).
    package convenience init(fixtures paths: [String]) throws {
        var nodes: [FakeNodeSpec] = []
        var descriptions: [String] = []
        for p in paths {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: p)) } catch {
                throw FixtureError(path: p, message: "cannot read the fixture: \(error)")
            }
            do {
                let s = try JSONDecoder().decode(FakeSystemSpec.self, from: data)
                nodes += s.nodes
                if let d = s.description { descriptions.append(d) }
            } catch {
                throw FixtureError(path: p, message: "not a valid fixture: \(error)")
            }
        }
        self.init(spec: FakeSystemSpec(description: descriptions.joined(separator: "\n"), nodes: nodes))
    }

    package func nodeRecords() -> (nodes: [NodeRecord], note: String?) {
        willList?()
        defer { onListed?() }
        let unfinished = pending?().nodes
        // As udev enumeration does: sub-device nodes are reached through their media graph, not listed.
        let records = spec.nodes.filter { !$0.path.hasPrefix("/dev/v4l-subdev") }.map { n in
            // A node udev has not finished has no database entry yet: none of udev's properties or links.
            let finished = unfinished.map { !$0.contains(n.path) }
            let u = finished == false ? FakeUdevSpec(unfinishedUnder: n.udev?.parent) : n.udev
            let parent = u?.parent.map { p in
                PhysicalParent(
                    sysPath: p.sysPath, bus: p.bus, vendorID: p.vendorID, productID: p.productID, serial: p.serial,
                    manufacturer: p.manufacturer, product: p.product, speedMbps: p.speed.flatMap(Double.init),
                    portPath: p.portPath)
            }
            return NodeRecord(
                devnode: n.path, subsystem: n.subsystem ?? "video4linux", sysPath: nil, udevIDPath: u?.idPath,
                byID: u?.byID ?? [], byPath: u?.byPath ?? [], parent: parent, udevFinished: finished)
        }
        return (records, nil)
    }

    /// As the real system: a node still present keeps its `previous` record unless it is in `changed`, so a registry
    /// that forgot to mark a node changed announces the stale record; a node udev told about in an `add` or `change`
    /// event (`told`, matched by devnode: fake records have no sysfs path) takes its udev properties from the event.
    /// The nodes neither kept nor told count as read from udev's database (`onDatabaseReads`), unless
    /// `awaitingEvents`: then, where the machine has a udev database, they are listed unfinished without their udev
    /// properties, and not read.
    package func nodeRecords(
        reusing previous: [NodeRecord], except changed: Set<String>, told: [String: HotplugEvent], awaitingEvents: Bool
    ) -> (nodes: [NodeRecord], note: String?) {
        let kept = Dictionary(previous.map { ($0.devnode, $0) }, uniquingKeysWith: { a, _ in a })
        let events = Dictionary(
            told.values.filter { $0.action == "add" || $0.action == "change" }.compactMap { e in e.devnode.map { ($0, e) } },
            uniquingKeysWith: { _, b in b })
        let (fresh, note) = nodeRecords()
        var read = 0
        let out = fresh.map { r -> NodeRecord in
            // As the real system, a record read before udev finished its node is never kept.
            if !changed.contains(r.devnode), let k = kept[r.devnode], k.udevFinished != false { return k }
            if let e = events[r.devnode] {
                let links = NodeRecord.v4l2Links(e.links)
                return NodeRecord(
                    devnode: r.devnode, subsystem: r.subsystem, sysPath: r.sysPath, udevIDPath: e.udevIDPath,
                    byID: links.byID, byPath: links.byPath, parent: r.parent, udevFinished: true)
            }
            if awaitingEvents && r.udevFinished != nil {
                return NodeRecord(
                    devnode: r.devnode, subsystem: r.subsystem, sysPath: r.sysPath, udevIDPath: nil, byID: [], byPath: [],
                    parent: r.parent, udevFinished: false)
            }
            read += 1
            return r
        }
        onDatabaseReads?(read)
        return (out, note)
    }

    /// Opens a counting port on `path` (what `open` returns), so tests can read its counts.
    package func openPort(_ path: String, throughLibV4L2: Bool = false) throws(V4L2Error) -> CountingPort {
        guard let state = states[path] else { throw V4L2Error(call: "open", path: path, errno: Errno.ENOENT) }
        if state.gone || isSevered?(path) == true { throw V4L2Error(call: "open", path: path, errno: Errno.ENODEV) }
        if let ms = state.spec.ioctlDelays?["open"], ms > 0 { FakeClock.sleep(milliseconds: ms) }
        if let e = state.lock.withLock({ _ in state.fault(for: "open") }) {
            throw V4L2Error(call: throughLibV4L2 ? "v4l2_open" : "open", path: path, errno: e)
        }
        if let e = state.spec.openError {
            let errno = Errno.number(named: e) ?? Errno.EIO
            throw V4L2Error(
                call: throughLibV4L2 ? "v4l2_open" : "open", path: path, errno: errno,
                hint: errno == Errno.EACCES
                    ? "Join the 'video' group (sudo usermod -aG video $USER, then log out and in) or run camprobe with sudo" : nil)
        }
        let port = CountingPort(
            FakeV4L2Port(state: state, throughLibV4L2: throughLibV4L2, ledger: ledger, isSevered: isSevered, onClose: onClose))
        openedPorts.append(port.tally)
        onOpen?(path)
        return port
    }

    /// ioctl counts over every port opened so far, by request name.
    package var ioctlCounts: [String: Int] {
        openedPorts.reduce(into: [:]) { acc, p in for (k, v) in p.counts { acc[k, default: 0] += v } }
    }
}
