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
/// not announced at all. The video nodes the announcing re-read opened stay open until the device's capabilities
/// are read (`OpenNodes`: on uvcvideo their close is a round trip to the camera) and are closed before
/// `capabilitiesRead` is published.
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
    /// IDs seen disconnected, oldest first (bounded, for messages only).
    var goneOrder: [DeviceID] = []
    /// Devices announced `connected` whose capabilities are not read yet.
    var pendingCapabilities: Set<DeviceID> = []
    /// The video nodes of devices in `pendingCapabilities` that the re-read announcing them opened, kept open until
    /// their capabilities are read (`OpenNodes`).
    var heldOpen: [DeviceID: OpenNodes] = [:]
    /// Capability reads running on their own threads.
    var capabilityReads = 0
    /// The tasks awaiting those reads, kept so that `stop()` cancels them (a read already on its thread finishes).
    nonisolated let capabilityTasks = TaskSet()
    /// The task handing raw events to `note`.
    var consumer: Task<Void, Never>?
    /// When the early and fallback re-reads are due, and what is announced when the window runs out.
    var window: SettleWindow
    /// The nodes listed last and those udev sent events for since (what the next early re-read reads).
    var memory = ListingMemory(limit: DeviceRegistry.keptSamples)
    /// What the registry has done so far (`statistics`).
    var collector = StatisticsCollector(kept: DeviceRegistry.keptSamples)
    /// Every subscriber's stream.
    nonisolated let fanOut = SubscriberFanOut()
    /// The one task that waits for the settle window's next deadline (nil: nothing armed), its number (a replaced
    /// timer finds it is not the current one), and the deadline it waits for.
    var timer: Task<Void, Never>?
    var timerNumber = 0
    var timerDeadline: UInt64?
    /// How many timer tasks are waiting for a deadline now, and the most there ever were at once.
    nonisolated let timers = TimerCount()
    /// Set by `stop()`: no timer is armed after it.
    var stopped = false

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
        // How long after the last raw event a device udev has not finished is waited for before the settle
        // window announces it anyway (a driver that never adds a node it announced).
        window = SettleWindow(settle: settle, debounce: debounce, patience: .seconds(2))
    }

    deinit {
        // Subscribers of a registry that is gone must not wait forever.
        consumer?.cancel()
        timer?.cancel()
        capabilityTasks.cancelAll()
        fanOut.finishAll()
        if ownsExecutor { executor.shutdown() }
    }

    /// What the registry has done so far, for `monitor --stats`, the hotplug bench and tests that must know when
    /// an event was taken (they assert what is announced, not these counts).
    package var statistics: RegistryStatistics { collector.snapshot }

    /// True while raw events wait for their quiet window, a rescan is due, a
    /// permission retry is pending or a new device's capabilities are being read.
    package var isSettling: Bool { window.isSettling || capabilityReads > 0 }

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
        endPending(id)
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

    /// `following`: hotplug re-reads will follow, so the nodes that made no device are noted (`ListingMemory.inertNodes`) from
    /// udev's readiness; a one-shot listing reads no readiness.
    func list(following: Bool) {
        // Listed once: the first hotplug re-read starts from this listing instead of listing everything again.
        let system = makeSystem()
        let listing = system.nodeRecords()
        memory.listed(listing.nodes)
        let all = ScopedSystem(base: system, focus: Set(listing.nodes.map(\.devnode)), listing: listing)
        let initial = DeviceDiscovery(system: all, logger: discoveryLogger).discover(options)
        for d in initial.devices where known[d.id] == nil && !d.allProblems.contains(where: { $0.kind == .deviceGone }) {
            known[d.id] = d
            order.append(d.id)
        }
        if following, let r = readinessNow(system, listed: listing.nodes) {
            memory.noteInert(read: Set(listing.nodes.map(\.devnode)).filter(DeviceRegistry.isListedNode), made: initial.devices, r)
        }
    }

    /// Stops following events, cancels the settle timer (nothing is re-read after) and ends every subscriber's stream.
    package func stop() {
        stopped = true
        consumer?.cancel()
        disarmTimer()
        capabilityTasks.cancelAll()
        heldOpen.removeAll()
        fanOut.finishAll()
    }
    /// True once `start(events:)` follows hotplug; false for a registry that only listed (`list()`).
    package private(set) var isFollowing = false

}
