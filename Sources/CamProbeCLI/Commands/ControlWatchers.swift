import CamProbe

/// `monitor --controls`: one control-event watcher per device's capture node.
actor ControlWatchers {
    let printer: EventPrinter
    private var tasks: [DeviceID: Task<Void, Never>] = [:]

    init(printer: EventPrinter) { self.printer = printer }

    func watch(_ d: Device) {
        guard let node = d.captures.first, let controls = node.controls else { return }
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
        tasks[d.id] = Task { for await e in stream { printer.control(d.id, e) } }
    }

    func stopAll() {
        for t in tasks.values { t.cancel() }
        tasks.removeAll()
    }
}
