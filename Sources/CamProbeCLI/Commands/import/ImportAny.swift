import ArgumentParser
import CamProbe
import ProfileFormat
import TextImport

/// `camprobe import FILE…`: whatever was pasted, told apart by content, read by the importer for its kind.
struct ImportAny: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "files",
        abstract: "Read pasted text of any kind camprobe knows (the default: 'camprobe import FILE…').",
        discussion: """
            Each file's kind is told from its content: v4l2-ctl (--all, --list-formats-ext, -l/-L, --info, \
            --list-devices, --list-subdev-*), media-ctl -p (with the sensors' v4l2-ctl listings; one camera per \
            sensor), udevadm info (--query=all or --attribute-walk; a USB device's alone is identity only), arecord -l / -L (in any language), \
            /proc/asound/cards, lsusb -v and plain lsusb (identity only), and for each USB camera's bus lsusb -t, usb-devices and \
            /sys/kernel/debug/usb/devices (attached to the cameras the other files name). Files about the same device are merged into one profile, joined by \
            bus path or USB port, sysfs path, VID:PID and serial, ALSA card id, or a unique USB ID or name; the profile records \
            which file gave which fact, and where files disagree the first is kept and the conflict is a problem. \
            Without --partial, text that cannot be read is an error naming the file and line; with it, the file or \
            line is skipped with the reason and the import goes on.
            """)

    @Argument(help: "Text files, or - for standard input; each file's kind is told from its content.")
    var files: [String]

    @Flag(name: .long, help: "Skip files and lines that cannot be read, saying why, instead of failing.")
    var partial = false

    @Option(name: .long, help: ArgumentHelp(ProfileCodecArgument.help()))
    var format: ProfileCodecArgument = .standard

    @Flag(name: .long, help: "Replace profile files that already exist.")
    var force = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file, directory, or - for standard output.", valueName: "path"))
    var output: String?

    func validate() throws { if files.isEmpty { throw ValidationError("name at least one text file (or -)") } }

    func run() throws {
        if let forgotten = ImportHints.misspeltWord(files) { throw forgotten }
        let inputs = try ImportInputs.read(files)
        let run: TextImportRun
        do throws(TextImportRunError) {
            run = try TextImportRun.read(inputs, partial: partial)
        } catch {
            throw CLIError(message: error.message)
        }
        var warnings = 0
        for why in run.skipped {
            Terminal.warning(why + "; skipped")
            warnings += 1
        }
        let results = run.results
        guard !results.isEmpty else { throw CLIError(message: "nothing to import: no file could be read") }
        for n in results.flatMap(\.notes) { Terminal.note(n) }
        let merged = ImportMerge.merge(results)
        for n in merged.notes { Terminal.note(n) }
        var devices = merged.devices
        for i in devices.indices where devices[i].id.rawValue.hasPrefix("imported-unknown") {
            // No bus info in the text: the camera's name, else its own file's name or folder, keeps two pastes apart.
            let file = devices[i].provenance?.sources.first?.file ?? files.first
            devices[i].id = DeviceID("imported-" + ImportNames.stem(name: devices[i].name, file: file))
        }
        // What --partial skipped, and where files disagree, is said now, not only inside the profile.
        for d in devices {
            for p in d.allProblems where p.kind == .importConflict || p.kind == .skipped {
                Terminal.warning(p.message)
                warnings += 1
            }
        }
        let generator = "camprobe \(CamProbeCommand.version) import"
        try ImportWriter.write(
            devices, generator: generator, format: format.codec, output: output, force: force,
            read: run.recognized.joined(separator: ", "))
        if warnings > 0 { Terminal.writeErr("camprobe: \(warnings) warning\(warnings == 1 ? "" : "s")\n") }
    }
}
