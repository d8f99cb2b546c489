import ArgumentParser
import CamProbe

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List capture devices, one row per physical camera or microphone.",
        discussion: "Never changes a device's format, frame rate or controls."
    ).underCamprobe

    @OptionGroup var source: DeviceSourceOptions

    func run() throws {
        let options = DiscoveryOptions(formats: true, controls: false, emulated: source.emulated)
        let result = try source.discover(options)
        if source.json {
            try JSONOutput.print(
                DeviceListDocument(
                    generator: "camprobe \(CamProbeCommand.version)", devices: result.devices,
                    problems: result.problems))
        } else {
            ListRenderer.render(result)
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
