import CamProbe
import CaptureModel
import DeviceFixtures
import HostSystem
import Synchronization
import V4L2Testing

/// A fake machine whose nodes come and go while a registry watches it, and
/// the hotplug events it would emit. Thread-safe: tests plug and unplug from
/// any task while the registry rescans.
package final class FakeMachine: Sendable {
    private let nodes: Mutex<[FakeNodeSpec]>
    private let sequence = Mutex<UInt64>(0)
    private let severed = Mutex<Set<String>>([])
    /// The raw event stream a registry follows.
    package let events: AsyncStream<HotplugEvent>
    private let continuation: AsyncStream<HotplugEvent>.Continuation

    /// Whether the systems it makes tell which nodes udev has finished (`DeviceSystem.hotplugReadiness`).
    package let tellsReadiness: Bool
    /// Nodes in sysfs that udev has not processed yet, and parents whose drivers will add more nodes.
    private let unfinished = Mutex<(nodes: Set<String>, parents: Set<String>)>(([], []))
    /// Nodes that appear in sysfs once the next listing starts and that udev finishes right after it was read
    /// (`arriveDuringNextListing`).
    private let arrivingDuringListing = Mutex<[String]>([])
    private let databaseReads = Mutex(0)
    /// How many nodes hotplug listings read from udev's database: neither kept from the last listing nor told by
    /// udev's event for them.
    package var nodesReadFromDatabase: Int { databaseReads.withLock { $0 } }
    private let handles = Mutex<[String]>([])
    /// Every open and close of a handle on a node by the systems it made, in order: "open /dev/video0",
    /// "close /dev/video0".
    package var handleLog: [String] { handles.withLock { $0 } }
    /// Every node path the systems it made have opened, in order.
    package var opened: [String] { handleLog.compactMap { $0.hasPrefix("open ") ? String($0.dropFirst(5)) : nil } }

    /// - Parameter tellsReadiness: false (the default) makes systems that cannot tell whether a
    ///   device is complete, so a registry waits its settle window.
    package init(nodes: [FakeNodeSpec] = [], tellsReadiness: Bool = false) {
        self.nodes = Mutex(nodes)
        self.tellsReadiness = tellsReadiness
        (events, continuation) = AsyncStream<HotplugEvent>.makeStream()
    }

    /// A system reading the machine as it is now.
    package func makeSystem() -> any DeviceSystem {
        let system = FakeDeviceSystem(spec: FakeSystemSpec(nodes: nodes.withLock { $0 }))
        system.isSevered = { [self] path in self.severed.withLock { $0.contains(path) } }
        if tellsReadiness { system.pending = { [self] in self.unfinished.withLock { $0 } } }
        system.onOpen = { [self] path in self.handles.withLock { $0.append("open \(path)") } }
        system.onClose = { [self] path in self.handles.withLock { $0.append("close \(path)") } }
        system.onDatabaseReads = { [self] n in self.databaseReads.withLock { $0 += n } }
        system.willList = { [self] in
            let late = self.arrivingDuringListing.withLock { $0 }
            self.unfinished.withLock { $0.nodes.formUnion(late) }
        }
        system.onListed = { [self] in
            for path in self.arrivingDuringListing.withLock({ list in
                defer { list = [] }
                return list
            }) { self.process(path) }
        }
        return system
    }

    /// Cuts a node off without any hotplug event, as vivid's `disconnect`
    /// control does: every open and every ioctl on an open handle fails with
    /// ENODEV until `reconnectSilently`.
    package func disconnectSilently(_ path: String) { severed.withLock { _ = $0.insert(path) } }
    package func reconnectSilently(_ path: String) { severed.withLock { _ = $0.remove(path) } }

    /// The kernel registers a node in sysfs; udev has not processed it yet: no event.
    package func register(_ node: FakeNodeSpec) {
        unfinished.withLock { _ = $0.nodes.insert(node.path) }
        plug(node, silent: true)
    }

    /// udev finishes a registered node: it is complete and its `add` event is emitted.
    package func process(_ path: String) {
        unfinished.withLock { _ = $0.nodes.remove(path) }
        guard let node = nodes.withLock({ $0.first { $0.path == path } }) else { return }
        emit("add", node)
    }

    /// udev finishes a registered node, and its `add` event has not reached the registry yet (`process` sends it).
    package func finishSilently(_ path: String) {
        unfinished.withLock { _ = $0.nodes.remove(path) }
    }

    /// The kernel registers `node` in sysfs while the next listing is read, and udev finishes it
    /// just after the listing, before readiness is read: the race where the listed record lacks the node's links while
    /// readiness already says it is finished. No event until udev finishes it.
    package func arriveDuringNextListing(_ node: FakeNodeSpec) {
        arrivingDuringListing.withLock { $0.append(node.path) }
        plug(node, silent: true)
    }

    /// A physical parent (sysfs path) announces nodes its drivers have not added yet (e.g. a
    /// USB video interface without its video4linux child), or no longer does.
    package func awaitNodes(parent: String, _ awaiting: Bool = true) {
        unfinished.withLock { state in
            if awaiting { state.parents.insert(parent) } else { state.parents.remove(parent) }
        }
    }

    /// Adds a node and emits its `add` event (unless `silent`).
    package func plug(_ node: FakeNodeSpec, silent: Bool = false) {
        nodes.withLock { list in
            list.removeAll { $0.path == node.path }
            list.append(node)
        }
        if !silent { emit("add", node) }
    }

    /// Removes a node and emits its `remove` event.
    package func unplug(_ path: String) {
        let removed = nodes.withLock { list -> FakeNodeSpec? in
            guard let i = list.firstIndex(where: { $0.path == path }) else { return nil }
            return list.remove(at: i)
        }
        if let removed {
            emit("remove", removed)
        } else {
            emit("remove", subsystem: "video4linux", devnode: path)
        }
    }

    /// Replaces a node's spec in place (e.g. permissions fixed), no event.
    package func update(_ node: FakeNodeSpec) {
        nodes.withLock { list in if let i = list.firstIndex(where: { $0.path == node.path }) { list[i] = node } }
    }

    /// udev's event for `node`, with the links and `ID_PATH` udev made for it.
    package func emit(_ action: String, _ node: FakeNodeSpec) {
        emit(
            action, subsystem: node.subsystem ?? "video4linux", devnode: node.path,
            links: (node.udev?.byID ?? []) + (node.udev?.byPath ?? []), idPath: node.udev?.idPath)
    }

    package func emit(_ action: String, subsystem: String, devnode: String, links: [String] = [], idPath: String? = nil) {
        let seq = sequence.withLock {
            $0 += 1
            return $0
        }
        continuation.yield(
            HotplugEvent(
                action: action, subsystem: subsystem, devnode: devnode,
                sysPath: "/sys/class/fake" + devnode, sequence: seq, receivedAt: monotonicNanoseconds(), links: links,
                udevIDPath: idPath))
    }

    package func finish() { continuation.finish() }

    /// Raw events emitted so far (tests wait until the registry has seen them all).
    package var emitted: UInt64 { sequence.withLock { $0 } }
}
