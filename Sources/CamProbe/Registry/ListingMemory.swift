import CaptureModel

/// What the registry remembers between re-reads about the nodes it listed, so that an early re-read lists and
/// opens only what udev sent events for: a plain value, changed by raw events and by re-reads.
struct ListingMemory: Sendable {
    /// How many nodes each set keeps (a monitor may run for weeks): past it, the memory is dropped, not grown.
    let limit: Int
    /// The node records the last early re-read listed (nil: list everything, as after lost events or a full re-read).
    private(set) var lastListing: [NodeRecord]?
    /// The nodes udev sent events for since `lastListing`: the next early re-read reads only those again.
    private(set) var changedSinceListing: Set<String> = []
    /// Finished nodes an early re-read read that made no device (a codec or output-only node, a UVC gadget's own
    /// node, a playback-only sound card): left out of the next re-reads' focus until udev sends an event for them.
    /// Without this, one such node on the machine made every early re-read open it, and made "every new node is
    /// still arriving" untrue, so each node of an arriving camera opened the camera's nodes too (Reports/benchmarks.md §24).
    private(set) var inertNodes: Set<String> = []
    /// Nodes whose udev `remove` was seen and whose `add` was not yet (see `DeviceRegistry.readinessNow`).
    private(set) var awaitingAdd: Set<String> = []
    /// udev's latest `add` or `change` event per sysfs path of a node still there: a listing takes the node's udev
    /// properties from it instead of reading udev's database (`DeviceSystem.nodeRecords(reusing:except:told:)`).
    private(set) var told: [String: HotplugEvent] = [:]
    /// The unfinished nodes of the cameras the latest re-read found still arriving: udev's `add` for one of them
    /// starts no re-read while others remain (nothing could be announced before the last one), so the `add` of the
    /// last one is not kept waiting behind a re-read that could not announce. Empty after any other re-read.
    var awaited: Set<String> = []

    /// An empty memory keeping at most `limit` nodes per set.
    init(limit: Int) { self.limit = limit }

    /// A raw udev event (`action`: "add", "remove", ...); `lost`: events were dropped before it, so what was listed
    /// or told can no longer be trusted and everything is listed again. Returns false when the event is udev's `add`
    /// of an awaited node and other awaited nodes remain: no re-read is needed for it.
    @discardableResult
    mutating func noteEvent(_ event: HotplugEvent, lost: Bool) -> Bool {
        if lost || changedSinceListing.count >= limit {
            lastListing = nil  // events were lost (or never looked at): the next re-read lists everything
            changedSinceListing = []
            inertNodes = []
            told = [:]
            awaited = []
        }
        var rereadNeeded = true
        if event.action == "add", let node = event.devnode, awaited.remove(node) != nil, !awaited.isEmpty {
            rereadNeeded = false
        }
        if event.devnode != nil, !event.sysPath.isEmpty {
            if event.action == "add" || event.action == "change" {
                if told.count < limit || told[event.sysPath] != nil { told[event.sysPath] = event }
            } else if event.action == "remove" {
                told[event.sysPath] = nil
            }
        }
        noteEvent(devnode: event.devnode, action: event.action)
        return rereadNeeded
    }

    /// The listing side of a raw event for `devnode`.
    private mutating func noteEvent(devnode: String?, action: String) {
        guard let node = devnode else { return }
        inertNodes.remove(node)
        if lastListing != nil { changedSinceListing.insert(node) }
        if action == "remove" {
            if awaitingAdd.count < limit { awaitingAdd.insert(node) }
        } else if action == "add" {
            awaitingAdd.remove(node)
        }
    }

    /// An early re-read listed `nodes`: the next one starts from them.
    mutating func listed(_ nodes: [NodeRecord]) {
        lastListing = nodes
        changedSinceListing = []
    }

    /// A full re-read: the next early one lists everything.
    mutating func forgetListing() {
        lastListing = nil
        changedSinceListing = []
    }

    /// Remembers the nodes of `read` that made none of `made` while finished and present (`inertNodes`, bounded).
    mutating func noteInert(read: Set<String>, made: [Device], _ r: HotplugReadiness) {
        let inDevices = Set(made.flatMap { $0.nodes.map(\.path) })
        for n in read where !inDevices.contains(n) && r.presentNodes.contains(n) && !r.unfinishedNodes.contains(n) {
            guard inertNodes.count < limit else { return }
            inertNodes.insert(n)
        }
    }
}
