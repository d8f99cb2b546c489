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

    private var known: [DeviceID: Device] = [:]
    private var order: [DeviceID] = []
    private var gone: Set<DeviceID> = []
    private var subscribers: [Int: AsyncStream<DeviceEvent>.Continuation] = [:]
    private var pendingOverflow: [Int: Int] = [:]
    private var nextSubscriber = 0
    private var generation = 0
    private var retries = 0
    private var pendingRescans = 0
    private var consumer: Task<Void, Never>?
    /// Rescans done so far (for tests and benchmarks).
    package private(set) var rescans = 0
    /// Raw events seen so far.
    package private(set) var rawEvents = 0
    /// Receive time of the first raw event of the batch being settled (ns).
    private var batchStartedAt: UInt64?
    /// Delivery latencies from a batch's first raw event to its device events (ns), the most recent 4,096.
    package var latencies: [UInt64] { latencyWindow.values }
    private var latencyWindow = SampleWindow(capacity: keptSamples)
    /// Receive time of the latest raw event of the batch being settled (ns).
    private var batchLastAt: UInt64?
    /// How long each announced batch's raw events kept arriving, first to last (ns):
    /// the measured basis for the settle window. The most recent 4,096.
    package var spreads: [UInt64] { spreadWindow.values }
    private var spreadWindow = SampleWindow(capacity: keptSamples)
    /// Delivery latencies from a batch's last raw event to its device events (ns), the most recent 4,096.
    package var lastEventLatencies: [UInt64] { lastLatencyWindow.values }
    private var lastLatencyWindow = SampleWindow(capacity: keptSamples)
    /// The same, for batches that connected a device only (a connect reads full capabilities).
    package var connectLatencies: [UInt64] { connectLatencyWindow.values }
    private var connectLatencyWindow = SampleWindow(capacity: keptSamples)
    /// Device events announced as soon as complete, before the settle window (for tests and benchmarks).
    package private(set) var announcedEarly = 0
    /// Rescans done because the settle window ran out (for tests and benchmarks).
    package private(set) var fallbackRescans = 0
    /// Devices seen but not complete at the latest rescan: the settle window stays armed.
    private var deferred = 0
    /// The generation whose early rescan found every device complete (its fallback is not needed).
    private var completeGeneration = -1
    /// Whether the system tells readiness (learnt at the first early rescan; systems do not change).
    private var systemTellsReadiness: Bool?
    /// IDs seen disconnected, oldest first (bounded, for messages only).
    private var goneOrder: [DeviceID] = []

    /// - Parameters:
    ///   - settle: quiet time after the last raw event before re-reading everything (the fallback
    ///     for devices the system cannot tell complete).
    ///   - debounce: delay after a raw event before the early re-read that announces complete devices.
    ///   - retryDelay / maxRetries: a new node that cannot be opened yet
    ///     (udev has not set its permissions) is retried this often before it
    ///     is announced with its permission problem.
    /// Raw events at `trace`, re-reads and what they announced at `debug`; nothing above `debug`.
    let logger: Logger

    package init(
        makeSystem: @escaping SystemFactory = { SystemDeviceSystem() }, settle: Duration = .milliseconds(150),
        debounce: Duration = .milliseconds(3), options: DiscoveryOptions = DiscoveryOptions(), retryDelay: Duration = .milliseconds(250),
        maxRetries: Int = 8, logger: Logger = Logger(label: "camprobe.registry")
    ) {
        self.logger = logger
        if let own = ThreadExecutor() {
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

    /// True while raw events wait for their quiet window, a rescan is due or a
    /// permission retry is pending.
    package var isSettling: Bool { batchStartedAt != nil || retries > 0 || pendingRescans > 0 || deferred > 0 }

    /// The devices present now, in list order.
    package var devices: [Device] { order.compactMap { known[$0] } }

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
    package func open(_ id: DeviceID, node: String? = nil) throws(CaptureDeviceError) -> CaptureDevice {
        guard let d = known[id] else {
            let gone = gone.contains(id)
            throw CaptureDeviceError(
                kind: gone ? .disconnected : .failed, id: id, message: gone ? "\(id) was disconnected" : "no device \(id)")
        }
        if let node { return try CaptureDevice(device: d, node: node, registry: self, system: makeSystem()) }
        return try CaptureDevice(device: d, registry: self, system: makeSystem())
    }

    /// A holder found the device gone (ENODEV) without a udev event — vivid's
    /// `disconnect` control, a driver that stops answering: announce it once.
    func holderSawDisconnect(_ id: DeviceID) {
        guard let d = known[id] else { return }
        known[id] = nil
        order.removeAll { $0 == id }
        markGone(id)
        publish(.disconnected(id, name: d.name))
    }

    /// A holder closed its handle: some drivers only finish going away (or
    /// come back) then, so look again.
    func holderReleased(_ id: DeviceID) {
        scheduleRescan(after: settle)
    }

    /// Reads the devices present now and starts following `events`.
    package func start(events: AsyncStream<HotplugEvent>) {
        let initial = DeviceDiscovery(system: makeSystem()).discover(options)
        for d in initial.devices where !d.allProblems.contains(where: { $0.kind == .deviceGone }) {
            known[d.id] = d
            order.append(d.id)
        }
        consumer = Task { [weak self] in
            for await e in events {
                guard let self else { return }
                await self.note(e)
            }
        }
    }

    /// Stops following events and ends every subscriber's stream.
    package func stop() {
        consumer?.cancel()
        for c in subscribers.values { c.finish() }
        subscribers.removeAll()
    }

    /// A stream of device events from now on. Buffering policy: the oldest
    /// `limit` undelivered events are kept; newer ones are dropped, counted,
    /// and announced with `.overflow(dropped:)` before the next delivered event.
    package func events(limit: Int = 1024) -> AsyncStream<DeviceEvent> {
        let (stream, continuation) = AsyncStream<DeviceEvent>.makeStream(bufferingPolicy: .bufferingOldest(limit))
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        return stream
    }

    /// The devices present now and a stream of every event after them, taken in one
    /// step so nothing falls between the two (`DiscoverySession.events()`).
    package func snapshotAndEvents(limit: Int = 1024) -> (devices: [Device], events: AsyncStream<DeviceEvent>) {
        (devices, events(limit: limit))
    }

    private func unsubscribe(_ id: Int) {
        subscribers[id] = nil
        pendingOverflow[id] = nil
    }

    /// Device events published so far (to every subscriber).
    package private(set) var published = 0

    private func publish(_ event: DeviceEvent) {
        published += 1
        for (id, c) in subscribers {
            if let n = pendingOverflow[id], n > 0 {
                if case .enqueued = c.yield(.overflow(dropped: n)) {
                    pendingOverflow[id] = 0
                } else {
                    pendingOverflow[id] = n + 1
                    continue
                }
            }
            if case .dropped = c.yield(event) { pendingOverflow[id, default: 0] += 1 }
        }
    }

    /// Records one raw event, schedules the early rescan and (re)starts the settle window.
    func note(_ event: HotplugEvent) {
        rawEvents += 1
        logger.trace("raw udev event", metadata: ["event": "\(event)"])
        let at = event.receivedAt == 0 ? monotonicNanoseconds() : event.receivedAt
        if batchStartedAt == nil { batchStartedAt = at }
        batchLastAt = at
        scheduleRescan(after: settle)
        if systemTellsReadiness != false { schedule(after: debounce, generation: generation, early: true) }
    }

    private func scheduleRescan(after delay: Duration) {
        generation += 1
        schedule(after: delay, generation: generation, early: false)
    }

    private func schedule(after delay: Duration, generation g: Int, early: Bool) {
        pendingRescans += 1
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            await self?.settled(g, early: early)
        }
    }

    private func settled(_ g: Int, early: Bool) {
        pendingRescans -= 1
        guard g == generation else { return }  // a newer event restarted the window
        if early {
            if rescan(early: true) && deferred == 0 && retries == 0 { completeGeneration = g }
        } else if completeGeneration != g || retries > 0 {
            fallbackRescans += 1
            rescan(early: false)
        } else {
            batchStartedAt = nil  // a quiet window passed with nothing left to announce
            batchLastAt = nil
        }
    }

    /// Re-reads the device set and publishes every difference.
    package func rescan() { rescan(early: false) }

    /// Re-reads the device set and publishes the differences; `early`: only those of complete
    /// devices (nothing when the system cannot tell). Returns false when `early` and the system cannot tell.
    @discardableResult
    private func rescan(early: Bool) -> Bool {
        rescans += 1
        var events: [DeviceEvent] = []
        var waitingForAccess = false
        var waiting = 0
        let known = self.known
        let system = makeSystem()
        // Early: only the physical devices with nodes not known yet are listed and read; a
        // known device is gone when sysfs has none of its nodes any more.
        var focus: Set<String>?
        if early {
            guard let before = system.hotplugReadiness() else {
                systemTellsReadiness = false
                return false  // nothing can be told complete: the settle window decides
            }
            systemTellsReadiness = true
            let knownNodes = Set(known.values.flatMap { $0.nodes.map(\.path) })
            focus = before.presentNodes.filter(DeviceRegistry.isListedNode).subtracting(knownNodes)
        }
        // Readiness is read after the nodes are listed (every node seen is in it, finished or
        // not) and before capabilities are read: an incomplete device is not read in full only
        // to be set aside.
        var readiness: HotplugReadiness?
        func discover(_ scope: Set<String>?) -> DeviceDiscovery.Result {
            let scoped: any DeviceSystem = scope.map { ScopedSystem(base: system, focus: $0) } ?? system
            return DeviceDiscovery(system: scoped).discover(options) { devices in
                if early { readiness = system.hotplugReadiness() }
                return Set(
                    devices.indices.filter { i in
                        if early && readiness?.isComplete(devices[i]) != true { return false }
                        guard let old = known[devices[i].id] else { return true }
                        return old.nodes.map(\.path) != devices[i].nodes.map(\.path)
                    })
            }
        }
        var result = focus?.isEmpty == true ? DeviceDiscovery.Result(devices: [], problems: [], note: nil) : discover(focus)
        if focus != nil && result.devices.contains(where: { sharesIdentity($0, known) }) {
            focus = nil  // stable IDs of look-alike devices are told apart over the whole machine
            result = discover(nil)
        }
        if early && readiness == nil { readiness = system.hotplugReadiness() }
        if early && readiness == nil { return false }
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
                    events.append(.changed(d))
                }
                continue
            }
            if let r = readiness, !r.isComplete(d) {
                waiting += 1
                continue
            }
            if d.captures.isEmpty && d.problems.contains(where: { $0.kind == .access }) && retries < maxRetries {
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
            if let r = readiness, !r.areGone(d.nodes.map(\.path)) {
                // Outside the listed scope with every node still there: untouched, not gone.
                if focus != nil && r.presentNodes.isSuperset(of: d.nodes.map(\.path)) { continue }
                waiting += 1  // some of its nodes are still going
                continue
            }
            self.known[id] = nil
            markGone(id)
            events.append(.disconnected(id, name: d.name))
        }
        order.removeAll { self.known[$0] == nil }
        if !events.isEmpty, let start = batchStartedAt {
            let now = monotonicNanoseconds()
            latencyWindow.append(now > start ? now - start : 0)
            if let last = batchLastAt {
                spreadWindow.append(last > start ? last - start : 0)
                lastLatencyWindow.append(now > last ? now - last : 0)
                if events.contains(where: { if case .connected = $0 { true } else { false } }) {
                    connectLatencyWindow.append(now > last ? now - last : 0)
                }
            }
        }
        deferred = waiting
        // A rescan that leaves nothing waiting ends the batch: later events belong to a new one.
        if waiting == 0 {
            batchStartedAt = nil
            batchLastAt = nil
        }
        if early { announcedEarly += events.count }
        if !events.isEmpty || waiting > 0 {
            logger.debug(
                "\(early ? "early" : "settled") re-read",
                metadata: [
                    "events": "\(events.map { "\($0.kind) \($0.deviceID?.rawValue ?? "-")" }.joined(separator: ", "))",
                    "incomplete": "\(waiting)",
                ])
        }
        for e in events { publish(e) }
        if waitingForAccess {
            retries += 1
            scheduleRescan(after: retryDelay)
        } else {
            retries = 0
        }
        return true
    }

    /// Nodes that make devices (as `UdevNodeSource` lists them): video, media and sound-card control nodes.
    static func isListedNode(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasPrefix("video") || name.hasPrefix("media") || name.hasPrefix("controlC")
    }

    /// True when `d` is new and looks like a known device (same vendor, product and serial):
    /// their stable IDs depend on each other.
    private func sharesIdentity(_ d: Device, _ known: [DeviceID: Device]) -> Bool {
        guard known[d.id] == nil, d.identity.vendorID != nil else { return false }
        return known.values.contains { k in
            k.identity.vendorID == d.identity.vendorID && k.identity.productID == d.identity.productID
                && k.identity.serial == d.identity.serial
        }
    }

    /// Remembers a disconnected ID (bounded: the oldest are forgotten).
    private func markGone(_ id: DeviceID) {
        if gone.insert(id).inserted { goneOrder.append(id) }
        if goneOrder.count > DeviceRegistry.keptSamples { gone.remove(goneOrder.removeFirst()) }
    }
}
