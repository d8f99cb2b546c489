import ArgumentParser
import CamProbe
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List capture devices, one row per physical camera or microphone.",
        discussion: "Never changes a device's format, frame rate or controls."
    ).underCamprobe

    @OptionGroup var source: DeviceSourceOptions
    @OptionGroup var pipeWire: PipeWireOptions

    /// Discovery opens every node (`open(2)` and the query ioctls, which a stuck device holds for seconds), the PipeWire read is waited
    /// for and sysfs is read: all on a thread of its own, so the awaiting task holds no thread of the cooperative pool (P23 item 6). What
    /// is printed, and the exit status, are `runOnThisThread()`'s.
    func run() async throws {
        try await DedicatedThread.runThrowing("list the devices", { try runOnThisThread() })
    }

    /// The command's work on the calling thread: it blocks while devices are read.
    func runOnThisThread() throws {
        var options = DiscoveryOptions(formats: true, controls: false, emulated: source.emulated)
        // The table shows no bus of a live camera: only the JSON pays for reading it (benchmarks §23).
        options.usbBus = source.json
        // Read beside the V4L2 nodes, on its own thread; saved profiles are not this machine: no PipeWire view.
        // The table names nodes and users only; the JSON carries every node's formats too.
        let reading = source.profile.isEmpty ? pipeWire.start(formats: source.json) : nil
        let result = try source.discover(options)
        let shared = Self.sharedIDs(result.devices)
        let report = reading?.finish(devices: result.devices)
        if source.json {
            try JSONOutput.print(
                DeviceListDocument(
                    generator: "camprobe \(CamProbeCommand.version)", devices: result.devices,
                    problems: result.problems + shared, pipewire: report))
        } else {
            ListRenderer.render(result)
            if let report { PipeWireRenderer.render(report, devices: result.devices, named: pipeWire.remote != nil) }
            // CAMPROBE_BENCH_NO_USB_BUS=1 leaves the bus unread: the benchmark of what reading it costs (benchmarks §23).
            if source.profile.isEmpty && CLIEnvironment.current.isLive && getenv("CAMPROBE_BENCH_NO_USB_BUS") == nil {
                ListUSBDomains.report(result.devices)
            }
        }
        if !source.json { for p in shared { Terminal.note(p.message) } }
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

    /// Rows that carry one ID (saved profiles of one device, or of devices that could not be told apart): said,
    /// since a selector by that ID picks only the first of them.
    static func sharedIDs(_ devices: [Device]) -> [Problem] {
        var rows: [DeviceID: [Int]] = [:]
        for (i, d) in devices.enumerated() { rows[d.id, default: []].append(i) }
        return rows.filter { $0.value.count > 1 }.sorted { $0.value[0] < $1.value[0] }.map { id, at in
            let listed = at.dropLast().map(String.init).joined(separator: ", ") + " and \(at.last!)"
            return Problem(
                kind: .duplicate,
                message:
                    "rows \(listed) share the ID \(id) (one device saved more than once, or devices that cannot be told apart); "
                    + "that ID selects row \(at[0])")
        }
    }
}
