import CamProbe
import Udev

extension Monitor {
    /// The hotplug events to follow: the environment's (tests), or udev's (the kernel's when no udev daemon runs,
    /// said in text).
    func hotplugEvents(_ environment: CLIEnvironment) throws -> AsyncStream<HotplugEvent> {
        if let fake = environment.hotplugEvents { return fake() }
        let source = UdevMonitor.preferredSource
        let events: AsyncStream<HotplugEvent>
        do {
            events = try UdevMonitor.start(source: source)
        } catch {
            throw CLIError(message: "cannot watch for devices: \(error)")
        }
        if source == .kernel && !json {
            Terminal.note("no udev daemon is running: following raw kernel events (device links and permissions may lag)")
        }
        return events
    }

    /// `--controls` or `--reassert`: the control-event watchers; nil without either.
    func controlWatchers(_ printer: EventPrinter) throws -> ControlWatchers? {
        do {
            return controls || reassert ? try ControlWatchers(printer: printer, printControls: controls) : nil
        } catch {
            throw CLIError(message: "\(error)")
        }
    }

    /// `--textfile`: the file written for the devices present, kept current from then on; nil without it.
    func startFleet(present: [Device], registry: DeviceRegistry, factory: DeviceRegistry.SystemFactory) async throws -> MonitorFleet? {
        guard let textfile else { return nil }
        return try await MonitorFleet.start(
            directory: textfile, present: present, registry: registry, usbBus: factory().usbBus,
            verifyEvery: verifyEvery.flatMap(MonitorFleet.seconds),
            verifyFrames: verifyFrames)
    }

    /// `body`'s result; when it throws, the registry is stopped first (the monitor does not start).
    func stoppingOnFailure<T>(_ registry: DeviceRegistry, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            await registry.stop()
            throw error
        }
    }
}
