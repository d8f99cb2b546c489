import ArgumentParser
import CamProbe
import ProfileFormat
import TextImport

/// `camprobe import v4l2-ctl FILE…`: a user's pasted v4l2-ctl output as a profile.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn other tools' output into a camprobe profile.",
        discussion: "'camprobe import FILE…' tells each file's kind from its content; the subcommands read one kind.",
        subcommands: [ImportAny.self, ImportV4L2Ctl.self, ImportMediaCtl.self], defaultSubcommand: ImportAny.self
    ).underCamprobe
}

struct ImportV4L2Ctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "v4l2-ctl",
        abstract: "Read v4l2-ctl text (--list-formats-ext, --list-ctrls[-menus], -L, --all/-D/--info, --list-devices) into a profile.",
        discussion: """
            Give the files of one camera (or '-' for standard input); together they make one profile. \
            What the text cannot tell (USB IDs, serial, speed, values it did not print) is left out and listed. \
            The profile then answers 'show --profile FILE' like a live device. \
            Text as forums, mail and chat pass it on is read too: CRLF line ends, added indentation, \
            '> ' quoting, Markdown fences, shell prompts and colour escapes.
            """)

    @Argument(help: "Text files written by v4l2-ctl, or - for standard input.")
    var files: [String]

    @Flag(name: .long, help: "On malformed or truncated text, keep what could be read (with a problem noted) instead of failing.")
    var partial = false

    @Flag(name: .long, help: "Replace a profile file that already exists.")
    var force = false

    @Option(name: .long, help: ArgumentHelp(ProfileCodecArgument.help()))
    var format: ProfileCodecArgument = .standard

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Output file, directory, or - for standard output (default: a file named after the ID).", valueName: "path"))
    var output: String?

    func validate() throws { if files.isEmpty { throw ValidationError("name at least one v4l2-ctl text file (or -)") } }

    func run() throws {
        let inputs = try ImportInputs.read(files, kinds: [.v4l2ctl])
        let result: V4L2CtlImportResult
        do throws(TextImportError) {
            result = try V4L2CtlImporter.importText(inputs, partial: partial)
        } catch {
            let hint = ImportHints.otherKind(files, reads: [.v4l2ctl])
            throw CLIError(message: "\(error)" + (hint.isEmpty && !partial ? " (use --partial to keep what could be read)" : hint))
        }
        var device = result.device
        if device.id.rawValue == "imported-unknown" {
            // No bus info in the text: the camera's name, else the first file's name or folder, keeps two pastes apart.
            device.id = DeviceID("imported-" + ImportNames.stem(name: device.name, file: files.first))
        }
        var placement = ImportPlacement(format: format.codec, output: output, force: force)
        if let moved = placement.place(&device) { Terminal.note(moved) }
        let doc = DeviceDocument(generator: "camprobe \(CamProbeCommand.version) import v4l2-ctl", device: device)
        for n in result.notes { Terminal.note(n) }
        // What --partial skipped is said now, not only inside the profile.
        for p in device.allProblems where p.kind == .skipped { Terminal.warning(p.message) }
        guard let path = try ProfileOutput.write(doc, format: format.codec, output: output, overwrite: force) else { return }
        Terminal.writeErr("camprobe: wrote \(path) (\(result.device.name); read \(result.recognized.joined(separator: ", ")))\n")
    }
}
