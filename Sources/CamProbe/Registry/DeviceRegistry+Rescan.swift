import CaptureModel
import HostSystem
import Logging
import V4L2

/// The diff: the device set re-read, compared by stable ID with what is known, and every difference announced.
extension DeviceRegistry {
    /// Re-reads the device set and publishes every difference.
    package func rescan() { rescan(early: false) }

    /// Re-reads the device set and publishes the differences; `early`: only those of complete
    /// devices (nothing when the system cannot tell). Returns false when `early` and the system cannot tell.
    @discardableResult
    func rescan(early: Bool) -> Bool {
        collector.rescans += 1
        memory.awaited = []  // set again below when this re-read finds a camera still arriving
        if !early { memory.forgetListing() }  // a full re-read lists everything; so does the next early one
        var events: [DeviceEvent] = []
        var waitingForAccess = false
        var unreadable = 0
        var waiting = 0
        let known = self.known
        let system = makeSystem()
        // A hotplug re-read keeps the video nodes it opened until the connects are announced (`OpenNodes`).
        let opened = early ? OpenNodes() : nil
        // Early: only the physical devices with nodes not known yet are listed and read; a
        // known device is gone when sysfs has none of its nodes any more.
        var focus: Set<String>?
        var listed: (nodes: [NodeRecord], note: String?)?
        if early {
            // Listed once: the nodes not known yet are the focus, and discovery reads them from this listing.
            // Nodes udev sent no event for since the last early re-read keep their records.
            // Nodes udev told about in an event since take their udev properties from it. With a listing to start
            // from (events watched since it), a node neither kept nor told is unfinished until its event comes.
            let listing = system.nodeRecords(
                reusing: memory.lastListing ?? [], except: memory.changedSinceListing, told: memory.told,
                awaitingEvents: memory.lastListing != nil)
            memory.listed(listing.nodes)
            listed = listing
            focus = newNodes(in: listing.nodes)
        }
        // Readiness is read after the nodes are listed (every node seen is in it, finished or
        // not) and before capabilities are read: an incomplete device is not read in full only
        // to be set aside.
        var readiness: HotplugReadiness?
        if early, let f = focus, !f.isEmpty, let nodes = listed?.nodes {
            readiness = readinessNow(system, listed: nodes)  // read once: discovery's choice below reuses it
        }
        if let f = focus, let nodes = listed?.nodes, let r = readiness, let parents = stillArriving(f, nodes, r) {
            memory.awaited = f.intersection(r.unfinishedNodes)
            deferArrival(parents)
            return true
        }
        func discover(_ scope: Set<String>?) -> DeviceDiscovery.Result {
            let scoped: any DeviceSystem = scope.map { ScopedSystem(base: system, focus: $0, listing: listed) } ?? system
            return DeviceDiscovery(system: scoped, logger: discoveryLogger, keeping: opened).discover(options) { devices in
                if early && readiness == nil { readiness = self.readinessNow(system, listed: listed?.nodes ?? []) }
                // A new device is announced with identity and nodes only (its capabilities are read after,
                // off this thread); a known device whose nodes changed is read whole.
                return Set(
                    devices.indices.filter { i in
                        if early && readiness?.isComplete(devices[i]) != true { return false }
                        guard let old = known[devices[i].id] else { return false }
                        return old.nodes.map(\.path) != devices[i].nodes.map(\.path)
                    })
            }
        }
        var result = focus?.isEmpty == true ? DeviceDiscovery.Result(devices: [], problems: [], note: nil) : discover(focus)
        if focus != nil && result.devices.contains(where: { sharesIdentity($0, known) }) {
            focus = nil  // stable IDs of look-alike devices are told apart over the whole machine
            result = discover(nil)
        }
        if early && readiness == nil { readiness = readinessNow(system, listed: listed?.nodes ?? []) }
        if early, let f = focus, let r = readiness { memory.noteInert(read: f, made: result.devices, r) }
        if early {
            window.systemTellsReadiness = readiness != nil
            if readiness == nil { return false }  // nothing can be told complete: the settle window decides
        }
        var present = Set<DeviceID>()
        for d in result.devices {
            if d.allProblems.contains(where: { $0.kind == .deviceGone }) {
                if readiness != nil { waiting += 1 }  // vanished mid-read: no half device; the settle window looks again
                continue
            }
            present.insert(d.id)
            if let old = self.known[d.id] {
                if old.nodes.map(\.path) != d.nodes.map(\.path) {
                    if let r = readiness, !r.isComplete(d) || !Set(d.nodes.map(\.path)).isSuperset(of: old.nodes.map(\.path)) {
                        waiting += 1  // still arriving, or losing some nodes: maybe all of them
                        continue
                    }
                    self.known[d.id] = d
                    endPending(d.id)  // read whole just now
                    events.append(.changed(d))
                }
                continue
            }
            if let r = readiness, !r.isComplete(d) {
                waiting += 1
                continue
            }
            if d.captures.isEmpty && d.problems.contains(where: { $0.kind == .access }) && window.retries < maxRetries {
                waitingForAccess = true  // udev may not have set permissions yet
                present.remove(d.id)
                continue
            }
            self.known[d.id] = d
            self.order.append(d.id)
            self.gone.remove(d.id)
            events.append(.connected(d))
        }
        for id in order where !present.contains(id) {
            guard let d = self.known[id] else { continue }
            if waitingForAccess && d.captures.isEmpty { continue }
            if readiness == nil, window.retries < maxRetries, !d.nodes.isEmpty,
                result.listedNodes.isSuperset(of: d.nodes.map(\.path))
            {
                // Not read this time, but udev still lists every node of it: a read that failed (a card busy
                // between two ioctls while another card came and went), not a device gone. Look again soon; its
                // own `remove` events, if it is going, start a re-read of their own.
                unreadable += 1
                continue
            }
            if let r = readiness, !r.areGone(d.nodes.map(\.path)) {
                // Outside the listed scope with every node still there: untouched, not gone.
                if focus != nil && r.presentNodes.isSuperset(of: d.nodes.map(\.path)) { continue }
                waiting += 1  // some of its nodes are still going
                continue
            }
            self.known[id] = nil
            endPending(id)
            markGone(id)
            events.append(.disconnected(id, name: d.name))
        }
        order.removeAll { self.known[$0] == nil }
        if !events.isEmpty, let start = window.batchStartedAt {
            let connected = events.contains { if case .connected = $0 { true } else { false } }
            collector.delivered(start: start, last: window.batchLastAt, now: monotonicNanoseconds(), connected: connected)
        }
        window.deferred = waiting
        // A rescan that leaves nothing waiting ends the batch: later events belong to a new one.
        if waiting == 0 { window.endBatch() }
        if early { collector.announcedEarly += events.count }
        if !events.isEmpty || waiting > 0 {
            logger.debug(
                "\(early ? "early" : "settled") re-read",
                metadata: [
                    "events": "\(events.map { "\($0.kind) \($0.deviceID?.rawValue ?? "-")" }.joined(separator: ", "))",
                    "incomplete": "\(waiting)",
                ])
        }
        for e in events { publish(e) }
        for case .connected(let d) in events where d.awaitsCapabilities {
            // Its nodes stay open until its capabilities are in; the others close now, after the announcements.
            if let opened { heldOpen[d.id] = opened.take(d.nodes.map(\.path)) }
            readCapabilities(of: d)
        }
        opened?.release()
        if unreadable > 0 {
            logger.debug("re-read: devices still listed but not read; looking again", metadata: ["devices": "\(unreadable)"])
        }
        if waitingForAccess || unreadable > 0 {
            window.retries += 1
            scheduleRescan(after: retryDelay)
        } else {
            window.retries = 0
        }
        return true
    }

    /// The listed nodes (video, media, sound-card control) of `nodes` that no known device has and that are not
    /// known to make none.
    func newNodes(in nodes: [NodeRecord]) -> Set<String> {
        let knownNodes = Set(known.values.flatMap { $0.nodes.map(\.path) })
        return Set(nodes.map(\.devnode)).filter(DeviceRegistry.isListedNode).subtracting(knownNodes)
            .subtracting(memory.inertNodes)
    }

    /// The number of physical parents still adding nodes when every node of `focus` is unfinished or under such a
    /// parent and no known device lost a node: then nothing can be announced. Nil otherwise.
    func stillArriving(_ focus: Set<String>, _ nodes: [NodeRecord], _ r: HotplugReadiness) -> Int? {
        guard let parents = DeviceRegistry.onlyUnfinished(focus, nodes, r),
            known.values.allSatisfy({ r.presentNodes.isSuperset(of: $0.nodes.map(\.path)) })
        else { return nil }
        return parents
    }

    /// Nothing can be announced yet, so nothing is opened (on a USB camera each open and close is a round trip to the
    /// device). The settle window stays armed; the next udev event looks again.
    func deferArrival(_ parents: Int) {
        window.systemTellsReadiness = true
        window.deferred = parents
        logger.debug("early re-read: still arriving", metadata: ["incomplete": "\(parents)"])
    }

    /// What udev has finished, with two corrections:
    /// - a node whose `remove` was seen is not finished again until udev's `add` for it is. A node's number comes
    ///   back when a driver is reloaded, and until udev has processed the old node's removal its database entry is
    ///   still there: it would look finished while its links are not made yet (seen on vivid reloaded within a
    ///   second);
    /// - a node whose listed record was read before udev finished it is not finished for this re-read, even when
    ///   udev has finished it since: the record lacks its links (seen under load in the guest's `hotplug` block, a
    ///   camera announced without its by-path link). udev's `add` for it starts a re-read that lists it again.
    /// `listed`: the nodes this re-read listed.
    func readinessNow(_ system: any DeviceSystem, listed: [NodeRecord]) -> HotplugReadiness? {
        guard var r = system.hotplugReadiness(listed: listed) else { return nil }
        window.udevBusy = r.udevBusy
        r.unfinishedNodes.formUnion(memory.awaitingAdd.intersection(r.presentNodes))
        for n in listed where n.udevFinished == false {
            r.unfinishedNodes.insert(n.devnode)
            if let p = n.parent?.sysPath { r.incompleteParents.insert(p) }
        }
        return r
    }

    /// The number of physical parents the `focus` nodes belong to when every one of them is unfinished or
    /// under an incomplete parent; nil when one may be ready (or has no parent to tell by).
    static func onlyUnfinished(_ focus: Set<String>, _ nodes: [NodeRecord], _ r: HotplugReadiness) -> Int? {
        var parents = Set<String>()
        for n in nodes where focus.contains(n.devnode) {
            guard let p = n.parent?.sysPath else { return nil }
            guard r.unfinishedNodes.contains(n.devnode) || r.incompleteParents.contains(p) else { return nil }
            parents.insert(p)
        }
        return parents.count
    }

    /// Nodes that make devices (as `UdevNodeSource` lists them): video, media and sound-card control nodes.
    static func isListedNode(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasPrefix("video") || name.hasPrefix("media") || name.hasPrefix("controlC")
    }

    /// True when `d` is new and looks like a known device (same vendor, product and serial):
    /// their stable IDs depend on each other.
    func sharesIdentity(_ d: Device, _ known: [DeviceID: Device]) -> Bool {
        guard known[d.id] == nil, d.identity.vendorID != nil else { return false }
        return known.values.contains { k in
            k.identity.vendorID == d.identity.vendorID && k.identity.productID == d.identity.productID
                && k.identity.serial == d.identity.serial
        }
    }

    /// Remembers a disconnected ID (bounded: the oldest are forgotten).
    func markGone(_ id: DeviceID) {
        if gone.insert(id).inserted { goneOrder.append(id) }
        if goneOrder.count > DeviceRegistry.keptSamples { gone.remove(goneOrder.removeFirst()) }
    }
}
