import ArgumentParser
import CamProbe
import Profiles

/// `camprobe import FILE…`: whatever was pasted, told apart by content, read by the importer for its kind.
struct ImportAny: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "files",
        abstract: "Read pasted text of any kind camprobe knows (the default: 'camprobe import FILE…').",
        discussion: """
            Each file's kind is told from its content: media-ctl -p (with the sensors' v4l2-ctl listings) becomes one \
            camera per sensor, v4l2-ctl text one camera. udevadm info, arecord, /proc/asound/cards and lsusb -v are \
            recognised but not read yet: without --partial that is an error naming the file; with it the file is \
            skipped with the reason.
            """)

    @Argument(help: "Text files, or - for standard input (read as v4l2-ctl text).")
    var files: [String]

    @Flag(name: .long, help: "Skip files and lines that cannot be read, saying why, instead of failing.")
    var partial = false

    @Option(name: .long, help: "json or xml.")
    var format: ProfileFormat = .json

    @Flag(name: .long, help: "Replace profile files that already exist.")
    var force = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file, directory, or - for standard output.", valueName: "path"))
    var output: String?

    func validate() throws { if files.isEmpty { throw ValidationError("name at least one text file (or -)") } }

    func run() throws {
        var kinds: [String: PasteKind] = [:]
        for f in files where f != "-" {
            kinds[f] = PasteKind.detect(try ImportInputs.read([f])[0].text)
        }
        var usable: [String] = []
        for f in files {
            let kind = kinds[f] ?? .v4l2ctl
            guard kind.isImportable else {
                let why = "\(f) is \(kind.rawValue) output, which camprobe recognises but cannot import yet"
                if partial {
                    Terminal.warning(why + "; skipped")
                    continue
                }
                throw CLIError(message: why + " (--partial skips it)")
            }
            // --partial: a file no importer can read at all is skipped with its reason, not fatal.
            if partial, f != "-", kind == .v4l2ctl {
                let input = try ImportInputs.read([f])
                do throws(V4L2CtlImportError) {
                    _ = try V4L2CtlImporter.importText(input, partial: true)
                } catch {
                    Terminal.warning("\(error); skipped")
                    continue
                }
            }
            usable.append(f)
        }
        guard !usable.isEmpty else { throw CLIError(message: "nothing to import: no file is v4l2-ctl or media-ctl text") }
        var common = ["--format", format.rawValue]
        if let output { common += ["-o", output] }
        if force { common.append("--force") }
        if usable.contains(where: { kinds[$0] == .mediactl }) {
            var command = try ImportMediaCtl.parse(usable + common)
            try command.run()
        } else {
            var command = try ImportV4L2Ctl.parse(usable + common + (partial ? ["--partial"] : []))
            try command.run()
        }
    }
}
