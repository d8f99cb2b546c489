import ArgumentParser
import CamProbe
import Doctor
import HostSystem

struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Find what keeps cameras from working here, with the evidence and the exact fix for each finding.",
        discussion: """
            \(DoctorHelp.checkList())

            Each finding has a severity (error, warning, info), evidence and a fix. Only reads: changes no device. \
            Formats libv4l2 emulates are always read (--emulated is implied); --profile is refused (doctor checks this machine).
            Exit status: 0 when there is no error finding (warnings and info allowed), 1 when there is one, 2 usage error.
            """
    ).underCamprobe

    @Argument(help: "Check this camera only (index, stable ID, node path, by-id link or a unique part of the name); all when left out.")
    var device: String?

    @Option(name: .customLong("config"), help: ArgumentHelp("A config file to scan for /dev/videoN (repeatable).", valueName: "file"))
    var configs: [String] = []

    @OptionGroup var live: LiveSourceOptions

    /// Discovery opens every node (`open(2)` and the query ioctls, which a stuck device holds for seconds) and the checks read sysfs and
    /// /proc: all on a thread of its own, so the awaiting task holds no thread of the cooperative pool (P23 item 6). What is printed, and
    /// the exit status, are `runOnThisThread()`'s.
    func run() async throws {
        try await DedicatedThread.runThrowing("check the devices", { try runOnThisThread() })
    }

    /// The command's work on the calling thread: it blocks while devices are read.
    func runOnThisThread() throws {
        let source = try live.deviceSource()
        let system = source.system()
        let host = (system as? any DoctorHostProviding)?.doctorHost ?? SystemDoctorHost()
        let selector = DeviceSelector(device)
        var chosen: Int?
        var selectionError: DeviceSelector.SelectionError?
        // Every device is read (neighbours on a USB bus count); only the chosen one is checked.
        let result = DeviceDiscovery(system: system).discover(DiscoveryOptions(emulated: true)) { devices in
            guard device != nil else { return Set(devices.indices) }
            do throws(DeviceSelector.SelectionError) {
                chosen = try selector.resolve(in: devices)
            } catch {
                selectionError = error
            }
            return chosen == nil ? [] : Set(devices.indices)
        }
        if device != nil, chosen == nil, let e = selectionError {
            if case .noDevices = e {} else { throw SelectionErrors.error(e, selector: device) }
        }
        let checked = chosen.map { [result.devices[$0]] } ?? (device == nil ? result.devices : [])
        let report = Checkup(host: host).run(Checkup.Input(devices: checked, allDevices: result.devices, configs: configs))
        if source.json {
            try JSONOutput.print(DoctorDocument(generator: "camprobe \(CamProbeCommand.version)", report: report))
        } else {
            DoctorRenderer.render(report)
        }
        if report.hasErrors { throw CLIError(message: "") }
    }
}

/// The document `camprobe doctor --json` writes.
struct DoctorDocument: Encodable {
    /// Bumped when a field changes meaning or goes away; additions keep it.
    var schemaVersion = 1
    var generator: String
    var devices: [DoctorReport.CheckedDevice]
    var findings: [DoctorFinding]
    init(generator: String, report: DoctorReport) {
        self.generator = generator
        devices = report.devices
        findings = report.findings
    }
}
