import ArgumentParser
import CamProbe
import HostSystem

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

    /// Watches for devices, prints those present, then follows their events until the monitor ends (see
    /// `runUntilEnd`), and stops what it started.
    func run() async throws {
        let environment = CLIEnvironment.current
        let events = try hotplugEvents(environment)
        let factory = environment.makeSystem
        let registry = DeviceRegistry(makeSystem: factory, settle: .milliseconds(settle), logger: CLILogging.logger("camprobe.registry"))
        let stream = await registry.events()
        await registry.start(events: events)
        let printer = EventPrinter(json: json)
        let present = await registry.devices
        // Control events are followed before the devices are listed: once a device's
        // line is out, every later change of its controls is reported.
        let watchers = try await stoppingOnFailure(registry) { try controlWatchers(printer) }
        if let watchers { for d in present { await watchers.watch(d) } }
        let fleet = try await stoppingOnFailure(registry) { try await startFleet(present: present, registry: registry, factory: factory) }
        // ^C is caught before the first line is out: a user who stops the monitor as soon as it
        // prints gets the clean stop (status 0), never the default handler's 130.
        let stop = StopSignal.install()
        for d in present { printer.present(d) }
        if present.isEmpty && !json && environment.isLive { Terminal.note("no cameras present yet; waiting for devices (Ctrl-C to stop)") }
        // Every device present is out and every later change will be an event: a service manager (Type=notify) or a
        // script waiting on $NOTIFY_SOCKET may go on.
        if let why = ServiceReadiness.announce() { Terminal.note(why) }
        if !environment.isLive && count == nil && timeout == nil { return }
        printer.prepare()  // before waiting: the first device is announced as fast as the others

        let held = try await stoppingOnFailure(registry) { try await holdDevice(in: present, registry: registry) }
        let reassertOn = reassert
        let keeper = restore.map { ControlKeeper(name: $0, reassert: reassertOn, factory: factory, printer: printer, watchers: watchers) }
        if let keeper { for d in present { await keeper.restore(d) } }
        let loop = MonitorEventLoop(
            printer: printer, fleet: fleet, keeper: keeper, watchers: watchers,
            meters: levels ? LevelMeters(port: factory().alsa, printer: printer) : nil, perDevice: TaskSet(), limit: count)
        await runUntilEnd(loop, stream: stream, stop: stop, held: held, registry: registry, present: present)
        await shutdown(loop, registry: registry)
    }
}
