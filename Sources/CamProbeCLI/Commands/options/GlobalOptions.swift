import ArgumentParser
import CamProbe

/// Options every device command takes.
struct DeviceSourceOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document (with schemaVersion) instead of text.")
    var json = false

    @Flag(name: .long, help: "Also open nodes through libv4l2 and show its converted formats, marked emulated.")
    var emulated = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Answer for saved profiles (from 'camprobe profile' or 'show --json') instead of this machine's devices: the "
                + "profile files that follow (--profile DIR/*.json), or a folder for every profile in it.", valueName: "file"))
    var profile: [String] = []

    @OptionGroup var logging: LoggingOptions

    /// Reads the devices: from profiles when given (no hardware touched),
    /// otherwise by discovery. `choose` as in `DeviceDiscovery.discover`.
    func discover(_ options: DiscoveryOptions, choose: (([Device]) -> Set<Int>)? = nil) throws -> DeviceDiscovery.Result {
        try read(options, choose: choose).result
    }

    /// `discover`, and the PipeWire view each saved profile carries (by device; empty for this machine's devices,
    /// whose view is read from the daemon).
    func read(_ options: DiscoveryOptions, choose: (([Device]) -> Set<Int>)? = nil) throws -> (
        result: DeviceDiscovery.Result, savedPipeWire: [DeviceID: PipeWireReport]
    ) {
        guard !profile.isEmpty else {
            let discovery = DeviceDiscovery(system: system(), logger: CLILogging.logger("camprobe.discovery"))
            return (discovery.discover(options, choose: choose), [:])
        }
        var devices: [Device] = []
        var views: [DeviceID: PipeWireReport] = [:]
        for p in profile {
            for doc in try ProfileFolder.load(p) {
                var d = doc.device
                if !options.controls { for i in d.captures.indices { d.captures[i].controls = nil } }
                devices.append(d)
                if let view = doc.pipewire { views[d.id] = view }
            }
        }
        _ = choose?(devices)
        return (DeviceDiscovery.Result(devices: devices, problems: [], note: nil), views)
    }

    /// The machine to read: the real one (or, in the test-only `camprobe-fake`, its fixtures).
    func system() -> any DeviceSystem {
        CLIEnvironment.current.makeSystem()
    }
}

extension DeviceSourceOptions {
    /// One device, fully read (controls included), chosen by a selector; a clear error otherwise.
    func resolve(_ selectorText: String?) throws -> Device {
        let selector = DeviceSelector(selectorText)
        var chosen: Int?
        var selectionError: DeviceSelector.SelectionError?
        let result = try discover(DiscoveryOptions(emulated: emulated)) { devices in
            do throws(DeviceSelector.SelectionError) { chosen = try selector.resolve(in: devices) } catch { selectionError = error }
            return chosen.map { [$0] } ?? []
        }
        guard let i = chosen else {
            throw SelectionErrors.error(selectionError, selector: selectorText)
        }
        let d = result.devices[i]
        if d.captures.isEmpty, let p = d.problems.first, p.kind != .imported {
            throw CLIError(message: "cannot read \(d.name): \(p.message)")
        }
        return d
    }
}
