import CaptureModel
import HostSystem
import Logging
import V4L2

/// All capture devices on the machine, kept current from hotplug events, with
/// an `AsyncStream` of connect/disconnect events per physical device.
///
/// The registry is level-triggered: an event only says "look again". A few
/// milliseconds after a raw event it re-reads the set of devices (QUERYCAP per
/// node), diffs it by stable ID, reads full capabilities only for devices that
/// are new or changed, and announces those that are complete: every node sysfs
/// has for the physical device has been processed by udev (`HotplugReadiness`),
/// or, for a disconnect, all its nodes are gone. What it cannot tell complete
/// (no readiness information, a device losing only some nodes) waits for the
/// quiet `settle` window after the last raw event, as a fallback. So duplicate, reordered or dropped raw events cannot produce
/// duplicate or half devices, and a device that vanishes while being read is
/// not announced at all.
package actor DeviceRegistry {
    package typealias SystemFactory = @Sendable () -> any DeviceSystem

    /// Rescans read devices (blocking ioctls): they run on this thread, never the cooperative pool.
    /// Its own thread; the process-wide device thread if the system refuses one.
    private nonisolated let executor: ThreadExecutor
    private nonisolated let ownsExecutor: Bool
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    /// How many delivery samples and gone IDs are kept (a monitor may run for weeks).
    static let keptSamples = 4096

    let makeSystem: SystemFactory
    let settle: Duration
    let debounce: Duration
    let options: DiscoveryOptions
    let retryDelay: Duration
    let maxRetries: Int

    var known: [DeviceID: Device] = [:]
    var order: [DeviceID] = []
    var gone: Set<DeviceID> = []
    var subscribers: [Int: AsyncStream<DeviceEvent>.Continuation] = [:]
    var pendingOverflow: [Int: Int] = [:]
    var nextSubscriber = 0
    var generation = 0
    var retries = 0
    var pendingRescans = 0
    var consumer: Task<Void, Never>?
    /// Rescans done so far (for tests and benchmarks).
    var rescans = 0
    /// Raw events seen so far.
    var rawEvents = 0
    /// Receive time of the first raw event of the batch being settled (ns).
    var batchStartedAt: UInt64?
    /// Delivery latencies from a batch's first raw event to its device events (ns), the most recent 4,096.
    var latencies: [UInt64] { latencyWindow.values }
    var latencyWindow = SampleWindow(capacity: keptSamples)
    /// Receive time of the latest raw event of the batch being settled (ns).
    var batchLastAt: UInt64?
    /// How long each announced batch's raw events kept arriving, first to last (ns):
    /// the measured basis for the settle window. The most recent 4,096.
    var spreads: [UInt64] { spreadWindow.values }
    var spreadWindow = SampleWindow(capacity: keptSamples)
    /// Delivery latencies from a batch's last raw event to its device events (ns), the most recent 4,096.
    var lastEventLatencies: [UInt64] { lastLatencyWindow.values }
    var lastLatencyWindow = SampleWindow(capacity: keptSamples)
    /// The same, for batches that connected a device only (a connect reads full capabilities).
    var connectLatencies: [UInt64] { connectLatencyWindow.values }
    var connectLatencyWindow = SampleWindow(capacity: keptSamples)
    /// Device events announced as soon as complete, before the settle window (for tests and benchmarks).
    var announcedEarly = 0
    /// Rescans done because the settle window ran out (for tests and benchmarks).
    var fallbackRescans = 0
    /// Devices seen but not complete at the latest rescan: the settle window stays armed.
    var deferred = 0
    /// The generation whose early rescan found every device complete (its fallback is not needed).
    var completeGeneration = -1
    /// Whether the system tells readiness (learnt at the first early rescan; systems do not change).
    var systemTellsReadiness: Bool?
    /// Nodes whose udev `remove` was seen and whose `add` was not yet (see `readinessNow`).
    var awaitingAdd: Set<String> = []
    /// The node records the last early re-read listed, and the nodes udev sent events for since: the next
    /// early re-read reads only those again (nil: list everything, as after lost events or a full re-read).
    var lastListing: [NodeRecord]?
    var changedSinceListing: Set<String> = []
    /// Finished nodes an early re-read read that made no device (a codec or output-only node, a UVC gadget's own
    /// node, a playback-only sound card): left out of the next re-reads' focus until udev sends an event for them.
    /// Without this, one such node on the machine made every early re-read open it, and made "every new node is
    /// still arriving" untrue, so each node of an arriving camera opened the camera's nodes too (Reports/benchmarks.md §24).
    var inertNodes: Set<String> = []
    /// How long after the last raw event a device udev has not finished is waited for before the settle
    /// window announces it anyway (a driver that never adds a node it announced).
    let patience = Duration.seconds(2)
    /// Devices announced `connected` whose capabilities are not read yet.
    var pendingCapabilities: Set<DeviceID> = []
    /// Capability reads running on their own threads.
    var capabilityReads = 0
    /// IDs seen disconnected, oldest first (bounded, for messages only).
    var goneOrder: [DeviceID] = []

    /// - Parameters:
    ///   - settle: quiet time after the last raw event before re-reading everything (the fallback
    ///     for devices the system cannot tell complete).
    ///   - debounce: delay after a raw event before the early re-read that announces complete devices. None by
    ///     default: events already received are taken before it runs (a newer one supersedes it), and it reads
    ///     only the nodes udev sent events for, so one per event costs little; 3 ms cost a connect ~10 ms at the
    ///     median in the guest (Reports/benchmarks.md §18).
    ///   - retryDelay / maxRetries: a new node that cannot be opened yet
    ///     (udev has not set its permissions) is retried this often before it
    ///     is announced with its permission problem.
    ///   - ownThread: false for a registry that only lists once (a one-shot `DiscoverySession`): it runs on the
    ///     process-wide device thread instead of starting one.
    /// Raw events at `trace`, re-reads and what they announced at `debug`; nothing above `debug`.
    let logger: Logger
    /// What each listing opened, read and skipped (`DeviceDiscovery.logger`).
    let discoveryLogger: Logger

    package init(
        makeSystem: @escaping SystemFactory = { SystemDeviceSystem() }, settle: Duration = .milliseconds(150),
        debounce: Duration = .zero, options: DiscoveryOptions = DiscoveryOptions(), retryDelay: Duration = .milliseconds(250),
        maxRetries: Int = 8, logger: Logger = Logger(label: "camprobe.registry"),
        discoveryLogger: Logger = Logger(label: "camprobe.discovery"), ownThread: Bool = true
    ) {
        self.logger = logger
        self.discoveryLogger = discoveryLogger
        if ownThread, let own = ThreadExecutor() {
            (executor, ownsExecutor) = (own, true)
        } else if let shared = ThreadExecutor.shared {
            (executor, ownsExecutor) = (shared, false)
        } else {
            fatalError("camprobe: the system refused every thread (pthread_create); cannot watch devices")
        }
        self.makeSystem = makeSystem
        self.settle = settle
        self.debounce = debounce
        self.options = options
        self.retryDelay = retryDelay
        self.maxRetries = maxRetries
    }

    deinit {
        // Subscribers of a registry that is gone must not wait forever.
        consumer?.cancel()
        for c in subscribers.values { c.finish() }
        if ownsExecutor { executor.shutdown() }
    }

    /// What the registry has done so far, for `monitor --stats`, the hotplug bench and tests that must know when
    /// an event was taken (they assert what is announced, not these counts).
    package var statistics: RegistryStatistics {
        RegistryStatistics(
            rawEvents: rawEvents, rescans: rescans, announcedEarly: announcedEarly, fallbackRescans: fallbackRescans,
            published: published, latencies: latencies, spreads: spreads, lastEventLatencies: lastEventLatencies,
            connectLatencies: connectLatencies)
    }

    /// True while raw events wait for their quiet window, a rescan is due, a
    /// permission retry is pending or a new device's capabilities are being read.
    package var isSettling: Bool { batchStartedAt != nil || retries > 0 || pendingRescans > 0 || deferred > 0 || capabilityReads > 0 }

    /// The devices present now, in list order; those just connected have no capabilities yet (see `connected`).
    package var devices: [Device] { order.compactMap { known[$0] } }

    /// The devices present now whose capabilities are read, in list order (what a discovery session offers).
    package var describedDevices: [Device] { order.compactMap { pendingCapabilities.contains($0) ? nil : known[$0] } }

    /// False once a device has been disconnected; stays false even if it comes
    /// back (a replug is a new connection, announced with `connected`).
    package func isConnected(_ id: DeviceID) -> Bool { known[id] != nil }

    /// The current value of a device, or a clear error if it was disconnected.
    package func device(_ id: DeviceID) throws(RegistryError) -> Device {
        if let d = known[id] { return d }
        if gone.contains(id) { throw RegistryError(id: id, message: "\(id) was disconnected") }
        throw RegistryError(id: id, message: "no device \(id)")
    }

    /// Opens a handle on a present device; it reports back here if the device
    /// goes away while held.
    /// The node is opened on the handle's own thread, not this registry's.
    package func open(_ id: DeviceID, node: String? = nil) async throws(CaptureDeviceError) -> CaptureDevice {
        if pendingCapabilities.contains(id) { readCapabilitiesNow(of: id) }
        guard let d = known[id] else {
            let gone = gone.contains(id)
            throw CaptureDeviceError(
                kind: gone ? .disconnected : .failed, id: id, message: gone ? "\(id) was disconnected" : "no device \(id)")
        }
        return try await CaptureDevice.open(device: d, node: node, registry: self, system: makeSystem())
    }

    /// A holder found the device gone (ENODEV) without a udev event — vivid's
    /// `disconnect` control, a driver that stops answering: announce it once.
    func holderSawDisconnect(_ id: DeviceID) {
        guard let d = known[id] else { return }
        known[id] = nil
        pendingCapabilities.remove(id)
        order.removeAll { $0 == id }
        markGone(id)
        publish(.disconnected(id, name: d.name))
    }

    /// A holder closed its handle: some drivers only finish going away (or
    /// come back) then, so look again.
    func holderReleased(_ id: DeviceID) {
        if isFollowing { scheduleRescan(after: settle) }
    }

    /// Reads the devices present now and starts following `events`.
    package func start(events: AsyncStream<HotplugEvent>) {
        list(following: true)
        isFollowing = true
        consumer = Task { [weak self] in
            for await e in events {
                guard let self else { return }
                await self.note(e)
            }
        }
    }

    /// Reads the devices present now, once; nothing is followed after (a one-shot session).
    package func list() { list(following: false) }

    /// `following`: hotplug re-reads will follow, so the nodes that made no device are noted (`inertNodes`) from
    /// udev's readiness; a one-shot listing reads no readiness.
    func list(following: Bool) {
        // Listed once: the first hotplug re-read starts from this listing instead of listing everything again.
        let system = makeSystem()
        let listing = system.nodeRecords()
        lastListing = listing.nodes
        let all = ScopedSystem(base: system, focus: Set(listing.nodes.map(\.devnode)), listing: listing)
        let initial = DeviceDiscovery(system: all, logger: discoveryLogger).discover(options)
        for d in initial.devices where known[d.id] == nil && !d.allProblems.contains(where: { $0.kind == .deviceGone }) {
            known[d.id] = d
            order.append(d.id)
        }
        if following, let r = readinessNow(system, listed: listing.nodes) {
            noteInert(read: Set(listing.nodes.map(\.devnode)).filter(DeviceRegistry.isListedNode), made: initial.devices, r)
        }
    }

    /// Stops following events and ends every subscriber's stream.
    package func stop() {
        consumer?.cancel()
        for c in subscribers.values { c.finish() }
        subscribers.removeAll()
    }

    /// Device events published so far (to every subscriber).
    var published = 0
    /// True once `start(events:)` follows hotplug; false for a registry that only listed (`list()`).
    package private(set) var isFollowing = false

}
