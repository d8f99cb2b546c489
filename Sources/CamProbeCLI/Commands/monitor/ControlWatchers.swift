import CamProbe
import HostSystem
import KeptControls

/// `monitor --controls` (and `--reassert`): one control-event watcher per device's capture node.
///
/// Starting a watcher opens the node and subscribes to its controls (`VIDIOC_SUBSCRIBE_EVENT`), which can block on
/// a stuck driver, so this actor runs on a thread of its own, never the cooperative pool.
actor ControlWatchers {
    private nonisolated let executor: ThreadExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    let printer: EventPrinter
    /// Print each control event (`--controls`); false when the watcher only feeds `--reassert`.
    let printControls: Bool
    private var tasks: [DeviceID: Task<Void, Never>] = [:]
    private var reasserters: [DeviceID: ControlReasserter] = [:]
    /// Set by `stopAll`: a watch or reasserter that comes later (a restore that outlived the monitor) is not kept.
    private var stopped = false

    init(printer: EventPrinter, printControls: Bool = true) throws(ThreadRefused) {
        guard let executor = ThreadExecutor() else { throw ThreadRefused(purpose: "follow control events") }
        self.executor = executor
        self.printer = printer
        self.printControls = printControls
    }

    /// Hands the device's control events to `reasserter` from now on (replacing an earlier one).
    func reassert(_ id: DeviceID, with reasserter: ControlReasserter) async {
        if stopped {
            await reasserter.close()
            return
        }
        if let old = reasserters[id] { await old.close() }
        reasserters[id] = reasserter
    }

    private func reasserter(_ id: DeviceID) -> ControlReasserter? { reasserters[id] }

    func watch(_ d: Device) {
        guard !stopped, let node = d.captures.first, let controls = node.controls else { return }
        let ids = controls.filter { $0.type != "ctrl_class" }.map { (id: $0.id, key: $0.key) }
        let stream: AsyncStream<ControlEvent>
        do throws(V4L2Error) {
            let port = try CLIEnvironment.current.makeSystem().open(node.path, throughLibV4L2: false)
            stream = try ControlEvents.start(port: port, controls: ids)
        } catch {
            Terminal.warning("cannot follow the controls of \(d.name): \(error)")
            return
        }
        tasks[d.id]?.cancel()
        let printer = self.printer
        let printControls = self.printControls
        let id = d.id
        tasks[d.id] = Task {
            for await e in stream {
                if printControls { printer.control(id, e) }
                if let r = self.reasserter(id) { await r.handle(e) }
            }
        }
    }

    func stopAll() async {
        stopped = true
        for t in tasks.values { t.cancel() }
        tasks.removeAll()
        for r in reasserters.values { await r.close() }
        reasserters.removeAll()
    }

    deinit { executor.shutdown() }
}
