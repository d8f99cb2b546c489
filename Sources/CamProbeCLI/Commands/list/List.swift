import ArgumentParser
import CamProbe

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List capture devices, one row per physical camera or microphone.",
        discussion: "Never changes a device's format, frame rate or controls."
    ).underCamprobe

    @OptionGroup var source: DeviceSourceOptions
    @OptionGroup var pipeWire: PipeWireOptions

    func run() throws {
        let options = DiscoveryOptions(formats: true, controls: false, emulated: source.emulated)
        // Read beside the V4L2 nodes, on its own thread; saved profiles are not this machine: no PipeWire view.
        // The table names nodes and users only; the JSON carries every node's formats too.
        let reading = source.profile.isEmpty ? pipeWire.start(formats: source.json) : nil
        let result = try source.discover(options)
        let report = reading?.finish(devices: result.devices)
        if source.json {
            try JSONOutput.print(
                DeviceListDocument(
                    generator: "camprobe \(CamProbeCommand.version)", devices: result.devices,
                    problems: result.problems, pipewire: report))
        } else {
            ListRenderer.render(result)
            if let report { PipeWireRenderer.render(report, devices: result.devices, named: pipeWire.remote != nil) }
            if source.profile.isEmpty && CLIEnvironment.current.isLive { ListUSBDomains.report(result.devices) }
        }
        let accessProblems = result.devices.flatMap(\.allProblems).filter { $0.kind == .access }
        if !source.json {
            if source.logging.verbose {
                Diagnostics.report(result, devices: result.devices)
            } else {
                Diagnostics.summarize(result, devices: result.devices)
            }
        }
        if !accessProblems.isEmpty { throw ExitCode(1) }
    }
}
