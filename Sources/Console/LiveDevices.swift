import CamProbe
import CamProbeCLI
import CaptureModel
import Logging
import Udev

/// The devices present and their events, followed for the server's lifetime: the registry `DiscoverySession` and
/// `camprobe monitor` follow (libudev's monitor, or the fake machine's events in tests), its events turned into
/// `monitor --json`'s lines and fanned out to every Server-Sent-Events listener.
///
/// One task reads the registry and one timer task sends a keep-alive; both are kept and ended by `stop()`. A
/// listener's buffer is bounded: one that falls behind by `bufferLimit` events is ended (its browser reconnects,
/// and gets the devices present again), so a stalled client never holds memory.
package actor LiveDevices {
    /// One Server-Sent Event.
    package struct Event: Sendable {
        /// Its `id:`: a sequence number, 0 for the lines a listener gets first (the devices present then).
        package var id: Int
        /// The `monitor --json` line; nil for a keep-alive comment.
        package var line: MonitorLines.Line?
    }

    private let registry: DeviceRegistry
    private var present: [Device] = []
    private var listeners: [Int: AsyncStream<Event>.Continuation] = [:]
    private var nextListener = 0
    private var sequence = 0
    private var tasks: [Task<Void, Never>] = []
    /// How many events may wait for one listener.
    package static let bufferLimit = 512
    /// The keep-alive period.
    package static let keepAlive: Duration = .seconds(15)

    private init(registry: DeviceRegistry) { self.registry = registry }

    /// Starts following the machine of `CLIEnvironment.current`; the error says why no monitor could be started.
    package static func start(settle: Duration = .milliseconds(150)) async throws(ConsoleStartError) -> LiveDevices {
        let environment = CLIEnvironment.current
        let events: AsyncStream<HotplugEvent>
        if let fake = environment.hotplugEvents {
            events = fake()
        } else {
            do { events = try UdevMonitor.start(source: UdevMonitor.preferredSource) } catch {
                throw ConsoleStartError(message: "cannot watch for devices: \(error)")
            }
        }
        let registry = DeviceRegistry(makeSystem: environment.makeSystem, settle: settle, logger: Logger(label: "camprobe.registry"))
        let live = LiveDevices(registry: registry)
        let stream = await registry.events()
        await registry.start(events: events)
        await live.begin(present: await registry.devices, stream: stream)
        return live
    }

    private func begin(present: [Device], stream: AsyncStream<DeviceEvent>) {
        self.present = present
        tasks.append(
            Task { [weak self] in
                for await e in stream { await self?.publish(e) }
            })
        tasks.append(
            Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: LiveDevices.keepAlive)
                    await self?.broadcast(Event(id: 0, line: nil))
                }
            })
    }

    /// The devices present now, in the order they came (a device `connected` but not yet read is here too, with
    /// no capture capabilities: not read yet, not absent).
    package var devices: [Device] { present }

    /// A new listener: the lines for the devices present now, then every event as it comes.
    package func listen() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingOldest(Self.bufferLimit))
        for d in present { continuation.yield(Event(id: 0, line: MonitorLines.present(d))) }
        listeners[nextListener] = continuation
        nextListener += 1
        return stream
    }

    private func publish(_ e: DeviceEvent) {
        switch e {
        case .connected(let d), .capabilitiesRead(let d), .changed(let d):
            if let i = present.firstIndex(where: { $0.id == d.id }) { present[i] = d } else { present.append(d) }
        case .disconnected(let id, _): present.removeAll { $0.id == id }
        case .overflow: break
        }
        sequence += 1
        broadcast(Event(id: sequence, line: MonitorLines.line(e)))
    }

    private func broadcast(_ event: Event) {
        for (id, c) in listeners {
            switch c.yield(event) {
            case .enqueued: continue
            case .dropped:
                c.finish()
                listeners.removeValue(forKey: id)
            case .terminated: listeners.removeValue(forKey: id)
            @unknown default: continue
            }
        }
    }

    /// Ends every listener's stream and the two tasks, and stops the registry.
    package func stop() async {
        for t in tasks { t.cancel() }
        tasks.removeAll()
        for c in listeners.values { c.finish() }
        listeners.removeAll()
        await registry.stop()
    }
}

/// Why the console could not start.
package struct ConsoleStartError: Error, CustomStringConvertible {
    /// The message.
    package var message: String
    /// The message.
    package var description: String { message }
}
