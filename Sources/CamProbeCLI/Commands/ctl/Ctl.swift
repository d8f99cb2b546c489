import ArgumentParser
import CamProbe
import HostSystem
import KeptControls
import Negotiation
import ProfileFormat
import V4L2

struct Ctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Show or set focus, exposure, white balance, torch, zoom, mirroring and raw controls; save and restore them.",
        discussion: """
            Without assignments: the capture features and every control with its value. Assignments are \
            semantic — focus=continuous|auto|locked|locked:N, exposure=continuous|locked|custom:1/120, \
            wb=continuous|locked|5000K, torch=on|off, zoom=2x, mirror=on|off, vflip=on|off, lowlight=keep-rate|lower-rate — \
            or raw: brightness=140, 0x00980900=140, power_line_frequency="50 Hz". \
            focus-point X,Y and exposure-point X,Y (0,0 top-left to 1,1 bottom-right) set the UVC region of interest: \
            a rectangle centred on the point (the current region's size, else the smallest allowed) with the focus or \
            exposure auto bit added. Auto switches are turned off first \
            (and said so); values are checked before anything is written; all assignments are one transaction, \
            undone together if one fails; every value is read back.
            --save NAME keeps the writable controls under the device's stable ID \
            ($XDG_CONFIG_HOME/camprobe/controls/ID/NAME.json); --restore NAME puts them back (auto switches first). \
            --list-saved shows what is saved (for DEVICE, or for every device when DEVICE is left out); \
            --delete NAME removes a saved profile. For both, DEVICE may be a stable ID of a camera that is not plugged in.
            --dry-run checks the assignments the same way and prints what would be set, in order, writing nothing: \
            on a live camera or on a saved profile (--profile FILE), which can only be dry-run.
            """
    ).underCamprobe

    @Argument(help: "Index, stable ID, node path, by-id link or a unique part of the name (optional with a one-device --profile).")
    var device: String?

    @Argument(help: "Assignments, e.g. focus=locked:120 exposure=custom:1/120 wb=5000K brightness=140.")
    var assignments: [String] = []

    @Option(name: .long, help: ArgumentHelp("Save the current writable control values under this name.", valueName: "name"))
    var save: String?

    @Option(name: .long, help: ArgumentHelp("Restore control values saved under this name.", valueName: "name"))
    var restore: String?

    @Flag(name: .customLong("list-saved"), help: "List saved control profiles (of DEVICE, or of every device).")
    var listSaved = false

    @Option(name: .long, help: ArgumentHelp("Delete the control profile saved under this name for DEVICE.", valueName: "name"))
    var delete: String?

    @Flag(
        name: .customLong("dry-run"),
        help: "Check the assignments and print what would be set, in order, without writing (also with --profile).")
    var dryRun = false

    /// `camprobe-serve`'s writes: each node is written under the configuration lock (`flock(2)`, as `apply` and a
    /// recorder's `lockForConfiguration()` take it), so a camera another camprobe handle is configuring is refused
    /// (busy) rather than changed under it.
    @Flag(name: .customLong("under-lock"), help: .hidden)
    var underLock = false

    @OptionGroup var source: DeviceSourceOptions

    func validate() throws {
        if device == nil && source.profile.isEmpty && !listSaved {
            throw ValidationError("name a DEVICE (see 'camprobe list')")
        }
        if [save != nil, restore != nil, !assignments.isEmpty, listSaved, delete != nil].filter({ $0 }).count > 1 {
            throw ValidationError("give assignments, --save, --restore, --list-saved or --delete, one at a time")
        }
        if dryRun && assignments.isEmpty {
            throw ValidationError("--dry-run checks assignments: give some, e.g. 'camprobe ctl DEVICE brightness=140 --dry-run'")
        }
        if listSaved || delete != nil { return }
        if !source.profile.isEmpty && (save != nil || restore != nil) {
            throw ValidationError(
                "a profile is not a live device: its controls cannot be \(save != nil ? "saved" : "restored"); "
                    + "'camprobe ctl --profile FILE DEVICE' shows them")
        }
    }

    /// Resolving the device opens its nodes (`open(2)` and the query ioctls, which a stuck device holds for seconds); setting controls is
    /// `VIDIOC_S_EXT_CTRLS` on it: all on a thread of its own, so the awaiting task holds no thread of the cooperative pool (P23 item 6).
    /// What is printed, and the exit status, are `runOnThisThread()`'s.
    func run() async throws {
        try await DedicatedThread.runThrowing("read \(device ?? "the device")", { try runOnThisThread() })
    }

    /// The command's work on the calling thread: it blocks while devices are read.
    func runOnThisThread() throws {
        if listSaved { return try listSavedProfiles() }
        if let name = delete { return try deleteSaved(name) }
        let d = try source.resolve(device)
        guard let node = d.captures.first, let controls = node.controls else {
            throw CLIError(message: "\(d.name) has no capture node with controls")
        }
        if let name = save {
            let p = ControlProfile(device: d.id, name: name, controls: controls)
            do throws(FileWriteError) {
                let path = try ControlProfileStore.save(p)
                print("Saved \(p.controls.count) controls of \(d.name) (\(d.id)) as '\(name)' in \(path)")
            } catch { throw CLIError(message: error.description) }
            return
        }
        if let name = restore {
            let outcome = try ControlRestorer.restore(name, device: d, system: source.system())
            ControlRestorer.print(outcome, device: d)
            if !outcome.found { throw CLIError(message: "nothing restored") }
            if !outcome.refused.isEmpty { throw CLIError(message: "\(outcome.refused.count) control(s) could not be restored") }
            return
        }
        guard !assignments.isEmpty else {
            if source.json {
                try JSONOutput.print(
                    CtlState(
                        device: d.id, node: node.path, semantics: node.semantics,
                        pointsOfInterest: PointOfInterestSupport.from(controls), controls: controls))
                return
            }
            print(Terminal.bold(d.name) + "  \(d.id)  \(node.path)")
            if let s = node.semantics { SemanticsRenderer.render(s, imported: node.imported) }
            print("  Controls:")
            let w = controls.map { $0.key.count }.max() ?? 0
            for c in controls { ShowRenderer.renderControl(c, keyWidth: w) }
            return
        }
        if !source.profile.isEmpty && !dryRun { throw profileNotWritable() }
        if let (kind, point) = try Ctl.pointRequest(assignments) {
            if dryRun { throw pointDryRunUnsupported(kind) }
            try setPoint(kind, point, device: d, node: node)
            return
        }
        let plan: [ControlWrite]
        do throws(ControlRequestError) { plan = try ControlPlanner.plan(assignments, controls: controls) } catch {
            throw CLIError(message: (dryRun ? "nothing would be set: " : "nothing was changed: ") + "\(error)")
        }
        if dryRun { return try printDryRun(plan, device: d, node: node) }
        let system = source.system()
        // One transaction per node that owns controls (a media-controller camera's sensor and lens sub-devices).
        var owners: [String] = []
        var writes: [String: [ControlWrite]] = [:]
        for w in plan {
            let path = d.controlNode(for: w.id, capture: node.path)
            if writes[path] == nil { owners.append(path) }
            writes[path, default: []].append(w)
        }
        var changes: [ControlChange] = []
        for path in owners {
            let port: any DevicePort
            do throws(V4L2Error) { port = try system.open(path, throughLibV4L2: false) } catch {
                throw CLIError(message: error.description)
            }
            var lock: ConfigurationSession?
            if underLock {
                do throws(V4L2Error) { lock = try ConfigurationSession(port: port, recordPriority: false) } catch {
                    let busy = error.errno == Errno.EBUSY
                    throw CLIError(
                        message: busy
                            ? "\(path) is locked for configuration by another camprobe handle (a recorder or apply); nothing was changed"
                            : "cannot lock \(path) for the writes: \(error.description)",
                        busy: busy)
                }
            }
            defer { lock?.release() }
            do throws(ControlTransactionError) {
                changes += try ControlTransaction.apply(writes[path] ?? [], controls: controls, port: port)
            } catch {
                throw CLIError(
                    message: error.description
                        + (changes.isEmpty ? "" : " (already changed: \(changes.map(\.control).joined(separator: ", ")))"))
            }
        }
        if source.json {
            try JSONOutput.print(CtlResult(device: d.id, node: node.path, changes: changes))
            return
        }
        print(Terminal.bold(d.name) + "  \(d.id)  \(node.path)")
        for c in changes {
            let after = c.after.map(String.init) ?? "(not readable)"
            var line = "  \(c.control): \(c.before.map(String.init) ?? "?") → \(after)"
            if c.reason != "asked" { line += "  (\(c.reason))" }
            if c.adjusted { line += "  " + Terminal.yellow("driver stored \(after), not \(c.requested)") }
            print(line)
        }
    }

    struct CtlState: Encodable {
        var schemaVersion = 1
        var device: DeviceID
        var node: String
        var semantics: CaptureSemantics?
        var pointsOfInterest: PointOfInterestSupport
        var controls: [Control]
    }
    struct CtlResult: Encodable {
        var schemaVersion = 1
        var device: DeviceID
        var node: String
        var changes: [ControlChange]
    }
}

extension ControlRestorer {
    static func print(_ o: Outcome, device d: Device) {
        guard o.found else {
            StandardOutput.line(
                "No control profile '\(o.name)' saved for \(d.name) (\(d.id)); save one with: camprobe ctl \(d.id) --save \(o.name)")
            return
        }
        StandardOutput.line("Restored '\(o.name)' on \(d.name) (\(d.id)): \(o.applied.count) applied, \(o.refused.count) refused")
        for c in o.applied where c.before != c.after {
            StandardOutput.line("  \(c.control): \(c.before.map(String.init) ?? "?") → \(c.after.map(String.init) ?? "?")")
        }
        if !o.keptAutomatic.isEmpty {
            StandardOutput.line("  left to the camera (its auto switch is on): " + o.keptAutomatic.joined(separator: ", "))
        }
        for r in o.refused { StandardOutput.line("  " + Terminal.yellow("refused: ") + r) }
    }
}
