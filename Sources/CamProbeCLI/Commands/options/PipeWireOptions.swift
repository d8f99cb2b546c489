import ArgumentParser
import CamProbe
import PipeWire

/// `--no-pipewire` and `--pipewire-remote`: whether and where `list`, `show` and `monitor` read the PipeWire view.
struct PipeWireOptions: ParsableArguments {
    @Flag(name: .customLong("no-pipewire"), help: "Do not read the PipeWire daemon's camera nodes.")
    var off = false

    @Option(
        name: .customLong("pipewire-remote"),
        help: ArgumentHelp(
            "The PipeWire daemon to read (a socket name in $XDG_RUNTIME_DIR, or a path); default: the session's, pipewire-0.",
            valueName: "name"))
    var remote: String?

    /// Starts reading (on its own thread, bounded) unless turned off. `formats`: also each camera node's EnumFormat
    /// (the daemon enumerates the V4L2 node for it: most of the read's cost).
    func start(formats: Bool) -> PipeWireReading {
        var options = PipeWireReadOptions(remote: remote)
        options.enumFormats = formats
        // A healthy daemon answers in milliseconds; these bound a dead or swamped one (a busy session manager, a
        // slow emulated machine: 400 ms was too little in the test guest with five camera nodes).
        options.timeoutMilliseconds = formats ? 3000 : 1000
        return PipeWireReading(off ? nil : options, port: CLIEnvironment.current.pipeWire)
    }

    /// Follows the daemon's camera nodes (`monitor`), unless turned off.
    func watch() -> AsyncStream<PipeWireNodeEvent>? {
        off ? nil : PipeWireCameras.nodeEvents(remote: remote, port: CLIEnvironment.current.pipeWire)
    }
}
