import CamProbe
import HostSystem

extension Monitor {
    /// Runs `loop` over `stream` beside what else the options ask for (the held device, the PipeWire watch, the
    /// textfile's refresh and checks), until the first of: the loop ends (`--count`, the stream's end), SIGINT or
    /// SIGTERM, `--timeout`. Then every other task is cancelled.
    func runUntilEnd(
        _ loop: MonitorEventLoop, stream: AsyncStream<DeviceEvent>, stop: StopSignal, held: CaptureDevice?,
        registry: DeviceRegistry, present: [Device]
    ) async {
        let deadline = timeout
        let printer = loop.printer
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await loop.run(stream) }
            group.addTask { await stop.wait() }
            if let held {
                group.addTask { await Monitor.holdOpen(held, printer: printer) }
            }
            if let deadline {
                group.addTask { try? await Task.sleep(for: .milliseconds(Int(deadline * 1000))) }
            }
            if let nodes = pipeWire.watch() {
                let named = pipeWire.remote != nil
                group.addTask {
                    await PipeWireMonitor.follow(nodes, named: named, registry: registry, printer: printer)
                    // The watch may end (no session to have a daemon); the monitor does not end with it.
                    await Monitor.untilCancelled()
                }
            }
            if let meters = loop.meters { for d in present { meters.start(d) } }
            if let fleet = loop.fleet {
                group.addTask { await fleet.refreshLoop() }
                if fleet.verifyEvery != nil { group.addTask { await fleet.verifyLoop() } }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Stops what the monitor started, in order: the per-device tasks, the control watchers, the meters, the
    /// registry; then `--stats`.
    func shutdown(_ loop: MonitorEventLoop, registry: DeviceRegistry) async {
        loop.perDevice.cancelAll()
        await loop.watchers?.stopAll()
        loop.meters?.stopAll()
        await registry.stop()
        if stats { await printStats(registry) }
    }

    /// Returns when the calling task is cancelled (at once if it already is): woken by the cancellation itself.
    static func untilCancelled() async {
        let (cancelled, continuation) = AsyncStream<Never>.makeStream()
        await withTaskCancellationHandler {
            for await _ in cancelled {}
        } onCancel: {
            continuation.finish()
        }
    }
}
