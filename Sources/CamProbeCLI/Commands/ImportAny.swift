import ArgumentParser
import CamProbe
import Profiles

/// `camprobe import FILE…`: whatever was pasted, told apart by content, read by the importer for its kind.
struct ImportAny: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "files",
        abstract: "Read pasted text of any kind camprobe knows (the default: 'camprobe import FILE…').",
        discussion: """
            Each file's kind is told from its content: v4l2-ctl (--all, --list-formats-ext, -l/-L, --info, \
            --list-devices, --list-subdev-*), media-ctl -p (with the sensors' v4l2-ctl listings; one camera per \
            sensor), udevadm info (--query=all or --attribute-walk), arecord -l / -L (in any language), \
            /proc/asound/cards and lsusb -v. Files about the same device are merged into one profile, joined by \
            bus path, sysfs path, VID:PID and serial, ALSA card id, or a unique USB ID or name; the profile records \
            which file gave which fact, and where files disagree the first is kept and the conflict is a problem. \
            Without --partial, text that cannot be read is an error naming the file and line; with it, the file or \
            line is skipped with the reason and the import goes on.
            """)

    @Argument(help: "Text files, or - for standard input; each file's kind is told from its content.")
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
        if let forgotten = ImportHints.misspeltWord(files) { throw forgotten }
        let inputs = try ImportInputs.read(files)
        var kinds: [PasteKind] = []
        for input in inputs { kinds.append(PasteKind.detect(input.text)) }
        var results: [TextImportResult] = []
        var read: [String] = []
        var warnings = 0
        func skip(_ why: String) throws {
            guard partial else { throw CLIError(message: why + " (--partial skips it)") }
            Terminal.warning(why + "; skipped")
            warnings += 1
        }
        // v4l2-ctl text belongs to the media-ctl import when there is one (the sensors' listings), else it is one camera.
        let mediaFiles = inputs.indices.filter { kinds[$0] == .mediactl }
        var v4l2Files = inputs.indices.filter { kinds[$0] == .v4l2ctl }
        if !mediaFiles.isEmpty {
            do throws(V4L2CtlImportError) {
                let (result, media) = try TextImporters.mediactl((mediaFiles + v4l2Files).sorted().map { inputs[$0] })
                results.append(result)
                read += media.recognized
                noteMismatches(media.devices)
            } catch {
                try skip("\(error)")
            }
            v4l2Files = []
        }
        if partial {
            // A v4l2-ctl file no line of which can be read is skipped on its own, not with its companions.
            v4l2Files = try v4l2Files.filter { i in
                do throws(V4L2CtlImportError) {
                    _ = try V4L2CtlImporter.importText([inputs[i]], partial: true)
                    return true
                } catch {
                    try skip(Self.unknownKind(error))
                    return false
                }
            }
        }
        if !v4l2Files.isEmpty {
            do throws(V4L2CtlImportError) {
                let (result, recognized) = try TextImporters.v4l2ctl(v4l2Files.map { inputs[$0] }, partial: partial)
                results.append(result)
                read += recognized
            } catch {
                throw CLIError(message: Self.unknownKind(error) + (partial ? "" : " (use --partial to keep what could be read)"))
            }
        }
        for i in inputs.indices where kinds[i] != .v4l2ctl && kinds[i] != .mediactl {
            let read1: Result<TextImportResult?, V4L2CtlImportError> = Result { () throws(V4L2CtlImportError) in
                try TextImporters.single(kinds[i], name: inputs[i].name, text: inputs[i].text, partial: partial)
            }
            switch read1 {
            case .success(let r?):
                results.append(r)
                read.append(kinds[i].rawValue)
            case .success(nil): try skip("\(inputs[i].name) is \(kinds[i].rawValue) output, which camprobe cannot import yet")
            case .failure(let error): try skip("\(error)")
            }
        }
        guard !results.isEmpty else { throw CLIError(message: "nothing to import: no file could be read") }
        for n in results.flatMap(\.notes) { Terminal.note(n) }
        let merged = ImportMerge.merge(results)
        for n in merged.notes { Terminal.note(n) }
        var devices = merged.devices
        for i in devices.indices where devices[i].id.rawValue == "imported-unknown" {
            // No bus info in the text: the camera's name, else the first file's name, keeps two pastes apart.
            devices[i].id = DeviceID("imported-" + ImportNames.stem(name: devices[i].name, file: files.first))
        }
        // What --partial skipped, and where files disagree, is said now, not only inside the profile.
        for d in devices {
            for p in d.allProblems where p.kind == .importConflict || p.message.contains("skipped") {
                Terminal.warning(p.message)
                warnings += 1
            }
        }
        var seen = Set<String>()
        let generator = "camprobe \(CamProbeCommand.version) import"
        try ImportWriter.write(
            devices, generator: generator, format: format, output: output, force: force,
            read: read.filter { seen.insert($0).inserted }.joined(separator: ", "))
        if warnings > 0 { Terminal.writeErr("camprobe: \(warnings) warning\(warnings == 1 ? "" : "s")\n") }
    }

    /// A file no reader recognised went to the v4l2-ctl reader, the fallback: its refusal says the other kinds too.
    static func unknownKind(_ error: V4L2CtlImportError) -> String {
        let text = "\(error)"
        guard text.contains("this is not v4l2-ctl output") else { return text }
        return text + " — nor media-ctl -p, udevadm info, arecord, /proc/asound/cards or lsusb -v text"
    }

    /// What stops streaming is said now, not only inside the profile.
    private func noteMismatches(_ devices: [Device]) {
        var said = Set<String>()
        for d in devices {
            for p in d.problems where p.kind == .pipelineMismatch && said.insert(p.message).inserted { Terminal.note(p.message) }
        }
    }
}
