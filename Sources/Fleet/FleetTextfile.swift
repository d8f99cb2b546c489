import CamProbe
import CaptureModel
import HostSystem
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps node_exporter's textfile up to date: `FleetInventory` fed the
/// registry's events and streaming checks, written with `TextfileWriter` on
/// every change and by `refresh()` (the monitor calls it at least once a minute, so
/// the file's timestamp shows the monitor is alive).
///
/// Before each write the USB cameras' bandwidth domains are read from sysfs
/// (`FleetBusProbe`), so they are as fresh as the file.
///
/// Writes and reads run on this actor's own thread, never on the cooperative pool. A
/// failed write is logged once (and its recovery once) and retried on the
/// next change or refresh; the previous file stays in place meanwhile.
package actor FleetTextfile {
    private nonisolated let executor: ThreadExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package nonisolated let writer: TextfileWriter
    package private(set) var inventory: FleetInventory
    private let startedAt: Double
    private let version: String
    private let logger: Logger
    /// Reads the USB cameras' bandwidth domains before each write; nil: not read (the families stay empty).
    private let busProbe: FleetBusProbe?
    /// The last write failed (a warning was logged).
    package private(set) var failing = false
    /// Files written since start.
    package private(set) var writes = 0

    /// Prepares the file `directory/name`; nothing is written until `start`. Nil when no thread could be started.
    /// `busProbe` reads the USB bandwidth domains before each write, on this actor's thread.
    package init?(
        writer: TextfileWriter, version: String, maximumDevices: Int = 256, busProbe: FleetBusProbe? = nil,
        logger: Logger = Logger(label: "camprobe.textfile")
    ) {
        guard let executor = ThreadExecutor() else { return nil }
        self.executor = executor
        self.writer = writer
        self.inventory = FleetInventory(maximumDevices: maximumDevices)
        self.startedAt = FleetTextfile.now()
        self.version = version
        self.logger = logger
        self.busProbe = busProbe
    }

    deinit { executor.shutdown() }

    /// Records the devices present at start and writes the first file; its failure is thrown
    /// (a directory that cannot be written is a setup error, better said at once).
    package func start(present: [Device]) throws(TextfileWriter.WriteError) {
        inventory.seed(present)
        readBuses()
        try writer.write(render())
        writes += 1
    }

    /// Applies a registry event; writes the file when something exported changed.
    package func apply(_ event: DeviceEvent) {
        if inventory.apply(event) { write() }
    }

    /// After events were dropped (`DeviceEvent.overflow`): takes `present` as the devices connected now and writes the file.
    package func resync(_ present: [Device]) {
        inventory.resync(present: present)
        write()
    }

    /// Records a streaming check and writes the file.
    package func record(_ id: DeviceID, _ result: Result<FleetInventory.Verification, FleetInventory.VerificationFailure>) {
        inventory.record(id, verified: result)
        write()
    }

    /// Rewrites the file as it is (new timestamp).
    package func refresh() { write() }

    /// IDs of the cameras present now.
    package var presentCameras: [DeviceID] { inventory.sorted.filter { $0.present && $0.hasCamera }.map(\.id) }

    func render() -> String { FleetMetrics.render(inventory, now: FleetTextfile.now(), startedAt: startedAt, version: version) }

    /// Reads the domains of the cameras present now (sysfs reads, on this actor's own thread).
    func readBuses() {
        if let busProbe { inventory.buses = busProbe.read(inventory) }
    }

    func write() {
        readBuses()
        do throws(TextfileWriter.WriteError) {
            try writer.write(render())
            writes += 1
            if failing {
                failing = false
                logger.notice("\(writer.path) is written again")
            }
        } catch {
            if !failing { logger.warning("\(error) (retrying on the next change, at least once a minute)") }
            failing = true
        }
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
