import ArgumentParser
import CamProbe
import HostSystem

struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one device: identity, nodes, formats → sizes → frame rates, controls, active format.",
        discussion: "Never changes a device's format, frame rate or controls."
    ).underCamprobe

    @Argument(
        help: ArgumentHelp(
            "Index, stable ID, node path, by-id link or a unique part of the name (see 'camprobe list'); "
                + "may be left out when there is one device (a profile of one camera)."))
    var device: String?

    @OptionGroup var source: DeviceSourceOptions
    @OptionGroup var pipeWire: PipeWireOptions

    /// Discovery opens every node (`open(2)` and the query ioctls, which a stuck device holds for seconds) and the PipeWire read is
    /// waited for: all on a thread of its own, so the awaiting task holds no thread of the cooperative pool (P23 item 6). What is
    /// printed, and the exit status, are `runOnThisThread()`'s.
    func run() async throws {
        try await DedicatedThread.runThrowing("read \(device ?? "the device")", { try runOnThisThread() })
    }

    /// The command's work on the calling thread: it blocks while devices are read.
    func runOnThisThread() throws {
        let selector = DeviceSelector(device)
        // The PipeWire node standing for the device (read beside it, bounded): the text's last part, the JSON's
        // `pipewire` (the device's part of the view, or why it is not known). Saved profiles read no daemon.
        let reading = source.profile.isEmpty ? pipeWire.start(formats: true) : nil
        var chosen: Int?
        var selectionError: DeviceSelector.SelectionError?
        // One pass: identities of all devices, capabilities of the chosen one only.
        let (result, saved) = try source.read(DiscoveryOptions(emulated: source.emulated)) { devices in
            do throws(DeviceSelector.SelectionError) {
                chosen = try selector.resolve(in: devices)
            } catch {
                selectionError = error
            }
            return chosen.map { [$0] } ?? []
        }
        guard let index = chosen else {
            let vanished = result.problems.filter { $0.kind == .deviceGone }
            if !vanished.isEmpty {
                throw CLIError(
                    message: "cannot show \(device.map { "'\($0)'" } ?? "the camera"): " + vanished.map(\.message).joined(separator: "; ")
                        + ". The device was unplugged or its driver disconnected it.", notFound: true)
            }
            throw SelectionErrors.error(selectionError, selector: device)
        }
        let d = result.devices[index]
        if source.json {
            // A saved profile: the view it was written with, if any.
            let pipewire =
                reading?.finish(devices: result.devices).scoped(to: d.id)
                ?? (pipeWire.off ? nil : saved[d.id])
            // A live media-controller camera: what a recorder reads of it (a saved profile is reproduced as saved).
            let mediaCamera = source.profile.isEmpty ? d.mediaCamera : nil
            try JSONOutput.print(
                DeviceDocument(generator: "camprobe \(CamProbeCommand.version)", device: d, pipewire: pipewire, mediaCamera: mediaCamera))
        } else {
            ShowRenderer.render(d, index: index)
            if source.profile.isEmpty && CLIEnvironment.current.isLive {
                ShowUSBBus.render(d)
            } else if !source.profile.isEmpty, let u = d.usb {
                ShowUSBBus.render(saved: u)
            }
            if let report = reading?.finish(devices: result.devices) { ShowPipeWire.render(report, device: d) }
        }
        // An imported identity-only device (plain lsusb, a USB device's udevadm walk) reads: its capabilities are
        // unknown, which its problems say; that is what the profile holds, not a failure to read it.
        if d.captures.isEmpty, let p = d.problems.first, p.kind != .imported {
            throw CLIError(message: "cannot read \(d.name): \(p.message)")
        }
        if d.allProblems.contains(where: { $0.kind == .deviceGone }) {
            throw CLIError(message: "\(d.name) went away while it was being read; what is shown is partial", notFound: true)
        }
    }
}
