import ArgumentParser
import CamProbe
import Dispatch
import Fleet
import Synchronization
import Udev

#if canImport(Glibc)
    import Glibc
#endif

struct Monitor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Print the devices present, then one line per connect/disconnect as they happen (and, on request, control changes).",
        discussion: """
            One event per physical camera: its capture, metadata and media nodes are settled into one \
            'connected' (identity and nodes, as soon as they are ready), then one 'capabilities' (its formats and \
            controls, read next), and one 'disconnected'. Stops on Ctrl-C / SIGTERM, after --count events or \
            after --timeout seconds. Where a PipeWire daemon runs, its camera nodes too: those present, then each \
            one added or removed (pw-present, pw-added, pw-removed), joined to the device it stands for \
            (--no-pipewire turns this off).
            """
    ).underCamprobe

    @Flag(name: .long, help: "JSON Lines: one object per line, devices as in 'show --json'.")
    var json = false

    @Option(
        name: .long, parsing: .unconditional,
        help: "Exit after this many connect/disconnect events (a connect's capabilities line is part of it).")
    var count: Int?

    @Option(name: .long, parsing: .unconditional, help: "Exit after this many seconds.")
    var timeout: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help: "Fallback quiet time (ms) after the last udev event before devices are re-read, for devices that cannot be told complete.")
    var settle: Int = 150

    @Flag(name: .long, help: "On exit, print to stderr how fast events were delivered (udev event → device event).")
    var stats = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Hold this device open (as a recorder would) and read its format every 250 ms; report when it stops answering.",
            valueName: "DEVICE"))
    var hold: String?

    @Flag(name: .long, help: "Also print control changes (value, flags, range) as the driver reports them (V4L2 control events).")
    var controls = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "When a device connects, restore the control profile saved under this name for it ('camprobe ctl DEVICE --save NAME').",
            valueName: "name"))
    var restore: String?

    @Flag(
        name: .long,
        help:
            "With --restore: when another program changes a restored control, put the saved value back (at most once per control every 2 s; after 5 times in a minute it gives up, with a warning)."
    )
    var reassert = false

    @Flag(
        name: .long,
        help:
            "Also meter the microphones (present or connected later): a 'levels' line twice a second per microphone (average power and peak hold per channel in dBFS, as 'camprobe levels')."
    )
    var levels = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep DIR/camprobe.prom current for node_exporter's textfile collector: presence, connects, problems and capability fingerprints of every camera and microphone, and each USB camera's bandwidth domain (written atomically on every change and every 30 s).",
            valueName: "DIR"))
    var textfile: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --textfile: every this often (30s, 5m, 1h), stream a few frames from each idle camera in the format it is set to and export the delivered fps. A camera another program holds is skipped.",
            valueName: "duration"))
    var verifyEvery: String?

    @Option(name: .long, help: "Frames per --verify-every check.")
    var verifyFrames: Int = 60

    @OptionGroup var pipeWire: PipeWireOptions

    /// `--verbose`: the raw udev events (at `--log-level trace`), each re-read and what it announced.
    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if let textfile, textfile.hasSuffix(".prom") {
            let dir = textfile.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            throw ValidationError(
                "--textfile '\(textfile)': give the directory node_exporter reads; camprobe writes camprobe.prom in it (did you mean --textfile \(dir.isEmpty ? "." : dir)?)"
            )
        }
        if let verifyEvery {
            guard let s = MonitorFleet.seconds(verifyEvery), s >= 10 else {
                throw ValidationError("--verify-every '\(verifyEvery)': give a duration of at least 10 s, such as 30s, 5m or 1h")
            }
            if textfile == nil { throw ValidationError("--verify-every needs --textfile DIR (the checks are exported there)") }
        }
        if verifyFrames < 2 || verifyFrames > 10_000 {
            throw ValidationError("--verify-frames '\(verifyFrames)': must be between 2 and 10000")
        }
        if let count, count < 1 { throw ValidationError("--count \(count): must be at least 1") }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout \(timeout.asTyped): must be a positive number of seconds") }
        if settle < 0 || settle > 10_000 { throw ValidationError("--settle \(settle): must be between 0 and 10000 ms") }
        if reassert && restore == nil { throw ValidationError("--reassert needs --restore NAME (the values to hold)") }
    }

    func run() async throws {
        let environment = CLIEnvironment.current
        let events: AsyncStream<HotplugEvent>
        if let fake = environment.hotplugEvents {
            events = fake()
        } else {
            let source = UdevMonitor.preferredSource
            do {
                events = try UdevMonitor.start(source: source)
            } catch {
                throw CLIError(message: "cannot watch for devices: \(error)")
            }
            if source == .kernel && !json {
                Terminal.note("no udev daemon is running: following raw kernel events (device links and permissions may lag)")
            }
        }
        let factory = environment.makeSystem
        let registry = DeviceRegistry(makeSystem: factory, settle: .milliseconds(settle), logger: CLILogging.logger("camprobe.registry"))
        let stream = await registry.events()
        await registry.start(events: events)
        let printer = EventPrinter(json: json)
        let present = await registry.devices
        // Control events are followed before the devices are listed: once a device's
        // line is out, every later change of its controls is reported.
        let watchers: ControlWatchers?
        do {
            watchers = controls || reassert ? try ControlWatchers(printer: printer, printControls: controls) : nil
        } catch {
            await registry.stop()
            throw CLIError(message: "\(error)")
        }
        if let watchers { for d in present { await watchers.watch(d) } }
        let fleet: MonitorFleet?
        if let textfile {
            do {
                fleet = try await MonitorFleet.start(
                    directory: textfile, present: present, registry: registry, usbBus: factory().usbBus,
                    verifyEvery: verifyEvery.flatMap(MonitorFleet.seconds),
                    verifyFrames: verifyFrames)
            } catch {
                await registry.stop()
                throw error
            }
        } else {
            fleet = nil
        }
        // ^C is caught before the first line is out: a user who stops the monitor as soon as it
        // prints gets the clean stop (status 0), never the default handler's 130.
        let stop = StopSignal.install()
        for d in present { printer.present(d) }
        if present.isEmpty && !json && environment.isLive { Terminal.note("no cameras present yet; waiting for devices (Ctrl-C to stop)") }
        if !environment.isLive && count == nil && timeout == nil { return }
        printer.prepare()  // before waiting: the first device is announced as fast as the others

        var held: CaptureDevice?
        if let hold {
            do {
                let i = try DeviceSelector(hold).resolve(in: present)
                held = try await registry.open(present[i].id)
            } catch {
                await registry.stop()
                throw CLIError(message: "--hold \(hold): \(error)")
            }
        }
        let limit = count
        let reassertOn = reassert
        let keeper = restore.map { ControlKeeper(name: $0, reassert: reassertOn, factory: factory, printer: printer, watchers: watchers) }
        if let keeper { for d in present { await keeper.restore(d) } }
        let deadline = timeout
        let meters = levels ? LevelMeters(port: factory().alsa, printer: printer) : nil
        let perDevice = DeviceTasks()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var seen = 0
                var awaiting: DeviceID?
                var arriving = Set<DeviceID>()  // connected, capabilities not read yet
                for await e in stream {
                    printer.event(e)
                    if let fleet {
                        if case .overflow = e {
                            await fleet.textfile.resync(await fleet.registry.devices)
                        } else {
                            await fleet.textfile.apply(e)
                        }
                    }
                    // A new device's controls are restored and followed once it is whole: its `capabilities`,
                    // or a `changed` that came first and carried them; a microphone of its own when it connects.
                    var whole: Device?
                    switch e {
                    case .connected(let d) where d.awaitsCapabilities: arriving.insert(d.id)
                    case .connected(let d): whole = d
                    case .capabilitiesRead(let d), .changed(let d): whole = arriving.remove(d.id) != nil ? d : nil
                    case .disconnected(let id, _): arriving.remove(id)
                    case .overflow: break
                    }
                    if let d = whole, keeper != nil || watchers != nil {
                        // Each device on its own task: a device stuck in its restore delays no other's events. The
                        // tasks are kept and cancelled when the monitor stops; a restore that ends after that starts
                        // no watcher (`ControlWatchers.stopAll` has closed them).
                        perDevice.start {
                            await keeper?.restore(d)
                            guard !Task.isCancelled else { return }
                            await watchers?.watch(d)
                        }
                    }
                    if let meters, case .connected(let d) = e { meters.start(d) }
                    // --count counts devices coming, going and changing; a connect's `capabilities` line is
                    // part of it, so the last counted connect is followed until its capabilities are in.
                    switch e {
                    case .overflow: continue
                    case .capabilitiesRead(let d):
                        if d.id == awaiting { return }
                        continue
                    case .disconnected(let id, _) where id == awaiting: return
                    default: break
                    }
                    seen += 1
                    if let limit, seen >= limit {
                        guard case .connected(let d) = e, d.awaitsCapabilities else {
                            return
                        }
                        awaiting = d.id
                    }
                }
            }
            group.addTask { await stop.wait() }
            if let held {
                group.addTask { await Monitor.holdOpen(held, printer: printer) }
            }
            if let deadline {
                group.addTask { try? await Task.sleep(for: .milliseconds(Int(deadline * 1000))) }
            }
            if let nodes = pipeWire.watch() {
                group.addTask {
                    await PipeWireMonitor.follow(nodes, named: pipeWire.remote != nil, registry: registry, printer: printer)
                    // The watch may end (no session to have a daemon); the monitor does not end with it.
                    while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                }
            }
            if let meters { for d in present { meters.start(d) } }
            if let fleet {
                group.addTask { await fleet.refreshLoop() }
                if fleet.verifyEvery != nil { group.addTask { await fleet.verifyLoop() } }
            }
            await group.next()
            group.cancelAll()
        }
        perDevice.cancelAll()
        await watchers?.stopAll()
        meters?.stopAll()
        await registry.stop()
        if stats { await printStats(registry) }
    }

    /// Opens `selector` through the registry and polls it until it fails.
    static func holdOpen(_ device: CaptureDevice, printer: EventPrinter) async {
        while !Task.isCancelled {
            do {
                _ = try await device.activeFormat()
            } catch {
                printer.holderError(error)
                await device.close()
                break
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
        await device.close()
        // Keep following events (the device may come back) until the command ends.
        while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(250)) }
    }

    func printStats(_ registry: DeviceRegistry) async {
        let st = await registry.statistics
        let l = st.latencies.sorted()
        let s = st.spreads.sorted()
        let last = st.lastEventLatencies.sorted()
        let connects = st.connectLatencies.sorted()
        func pct(_ p: Double, _ l: [UInt64]) -> String {
            guard !l.isEmpty else { return "-" }
            let v = Double(l[min(l.count - 1, Int((Double(l.count - 1) * p).rounded()))]) / 1e6
            return "\(Double(Int(v * 10)) / 10) ms"
        }
        Terminal.writeErr(
            "camprobe: stats: \(l.count) batches, latency from first udev event to device event p50 \(pct(0.5, l)), p99 \(pct(0.99, l)), max \(pct(1, l)); from last udev event p50 \(pct(0.5, last)), p99 \(pct(0.99, last)), max \(pct(1, last)), connects only p50 \(pct(0.5, connects)), p99 \(pct(0.99, connects)), max \(pct(1, connects)) (fallback window \(settle) ms); \(st.announcedEarly) events announced complete before it; one batch's raw events spread over p50 \(pct(0.5, s)), p99 \(pct(0.99, s)), max \(pct(1, s)); \(st.rescans) rescans for \(st.rawEvents) raw events\n"
        )
    }
}
