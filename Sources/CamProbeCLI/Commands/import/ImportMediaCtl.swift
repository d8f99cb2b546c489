import ArgumentParser
import CamProbe
import ProfileFormat
import TextImport

/// `camprobe import media-ctl FILE…`: a media-controller system's pasted text as profiles, one device per sensor.
struct ImportMediaCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media-ctl",
        abstract: "Read media-ctl -p and v4l2-ctl text of one media device into a profile with one camera per sensor.",
        discussion: """
            Give 'media-ctl -p' output and, for each sensor, 'v4l2-ctl -d /dev/v4l-subdevN' with \
            --list-subdev-mbus-codes pad=P, --list-subdev-framesizes pad=P,code=0x…, -L (and optionally \
            --list-subdev-frameintervals, and --all / --list-formats-ext of the capture nodes). Paste each \
            command line above its output, or add a line '# /dev/v4l-subdevN pad=P', so camprobe knows which \
            subdevice and pad a listing is about (prompts such as 'pi@raspberrypi:~ $' or 'root@host:~#' are \
            understood; quoting, indentation, Markdown fences and colour escapes are undone). What the text does not say stays unknown and is listed. \
            One sensor: a device profile; several: a device list (with -o -), or one profile per sensor.
            """)

    @Argument(help: "Text files written by media-ctl and v4l2-ctl, or - for standard input.")
    var files: [String]

    @Option(name: .long, help: ArgumentHelp(ProfileCodecArgument.help()))
    var format: ProfileCodecArgument = .standard

    @Flag(name: .long, help: "Replace profile files that already exist.")
    var force = false

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Output file, directory, or - for standard output (default: files named after the IDs).", valueName: "path"))
    var output: String?

    func validate() throws { if files.isEmpty { throw ValidationError("name at least one media-ctl or v4l2-ctl text file (or -)") } }

    func run() throws {
        let inputs = try ImportInputs.read(files, kinds: [.mediactl, .v4l2ctl])
        let result: MediaCtlImportResult
        do throws(TextImportError) {
            result = try MediaCtlImporter.importText(inputs)
        } catch {
            throw CLIError(message: "\(error)" + ImportHints.otherKind(files, reads: [.mediactl, .v4l2ctl]))
        }
        for n in result.notes { Terminal.note(n) }
        // What stops streaming is said now, not only inside the profile.
        var said = Set<String>()
        for d in result.devices {
            for p in d.problems where p.kind == .pipelineMismatch && said.insert(p.message).inserted { Terminal.note(p.message) }
        }
        let generator = "camprobe \(CamProbeCommand.version) import media-ctl"
        try ImportWriter.write(
            result.devices, generator: generator, format: format.codec, output: output, force: force,
            read: result.recognized.joined(separator: ", "))
    }
}
