import ArgumentParser
import CamProbe
import HostSystem
import ProfileFormat

/// `camprobe profile`: write profiles, or check them against their schemas.
struct Profile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Write device profiles (\(ProfileCodecs.displayNames())), or validate profile files against their schemas.",
        discussion: """
            A profile is everything 'show' knows about a device, as a schema'd document: \
            \(ProfileCodecs.sentence(ProfileCodecs.all.map { "\($0.displayName) (\($0.schemaFile))" })). \
            Any read-only command answers for it with --profile FILE, touching no hardware.
            """,
        subcommands: [ProfileWrite.self, ProfileValidate.self, ProfileSchema.self, ProfileDiff.self],
        defaultSubcommand: ProfileWrite.self
    ).underCamprobe
}

struct ProfileWrite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write the profile of one device, or of every device with --all.",
        discussion: """
            The file is named after the device's stable ID, with characters other filesystems refuse as _ (usb-046d_0826-8E4B3C60.json), in the current \
            directory, or in the directory -o names; '-o -' prints the document instead.
            """)

    @Argument(help: "Index, stable ID, node path, by-id link or a unique part of the name.")
    var device: String?

    @Flag(name: .long, help: "Every device.")
    var all = false

    @Option(name: .long, help: ArgumentHelp(ProfileCodecArgument.help(" (--json is the same as --format json).")))
    var format: ProfileCodecArgument = .standard

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file, directory, or - for standard output.", valueName: "path"))
    var output: String?

    @OptionGroup var source: DeviceSourceOptions
    @OptionGroup var pipeWire: PipeWireOptions

    func validate() throws {
        if all && device != nil { throw ValidationError("name one DEVICE or --all, not both") }
        // With --profile the DEVICE may be left out when the profiles hold one device (checked in run).
        if !all && device == nil && source.profile.isEmpty { throw ValidationError("name one DEVICE, or --all") }
        if source.json && !(format.codec is JSONProfileCodec) {
            throw ValidationError("--json and --format \(format.codec.name) disagree: give one of them (--json is --format json)")
        }
    }

    func run() throws {
        // A live system's profile carries the device's PipeWire view (read beside it, bounded); a saved profile
        // written again keeps the view it carries.
        let reading = source.profile.isEmpty ? pipeWire.start(formats: true) : nil
        let (result, saved) = try source.read(DiscoveryOptions(emulated: source.emulated))
        let report = reading?.finish(devices: result.devices)
        var chosen = Array(result.devices.indices)
        if let device {
            do throws(DeviceSelector.SelectionError) {
                chosen = [try DeviceSelector(device).resolve(in: result.devices)]
            } catch {
                throw SelectionErrors.error(error, selector: device)
            }
        } else if !all && chosen.count > 1 {
            throw CLIError(
                message:
                    "the profiles hold \(chosen.count) devices (\(result.devices.map(\.id.rawValue).joined(separator: ", "))): name one DEVICE, or --all"
            )
        } else if chosen.isEmpty {
            throw CLIError(message: SelectionErrors.noCameras(nil))
        }
        if output == "-" && chosen.count > 1 {
            throw CLIError(message: "-o - writes one document; name one DEVICE or give a directory", status: 2)
        }
        for i in chosen {
            let d = result.devices[i]
            let doc = DeviceDocument(
                generator: "camprobe \(CamProbeCommand.version)", device: d,
                pipewire: report?.scoped(to: d.id) ?? (pipeWire.off ? nil : saved[d.id]))
            guard let path = try ProfileOutput.write(doc, format: format.codec, output: output) else { continue }
            Terminal.writeErr("camprobe: wrote \(path) (\(d.name), \(format.codec.name))\n")
        }
    }
}

struct ProfileValidate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract:
            "Check profile files against their schema (\(ProfileCodecs.sentence(ProfileCodecs.all.map(\.schemaLanguage)))) and say exactly what is wrong.",
        discussion: """
            A valid file is reported on standard output. Every problem goes to standard error as \
            'camprobe: error: FILE: problem', then 'camprobe: error: FILE: N problems'; exit status 1 when any file \
            did not validate.
            """)

    @Argument(help: ArgumentHelp("Profile files (\(ProfileCodecs.displayNames()))."))
    var files: [String]

    func validate() throws { if files.isEmpty { throw ValidationError("name at least one profile file") } }

    func run() throws {
        var bad = 0
        for f in files {
            let bytes: [UInt8]
            do throws(FileReadError) { bytes = try ReadFile.bytes(f, limit: ProfileFile.maximumSize) } catch {
                Terminal.error(error.description)
                bad += 1
                continue
            }
            guard let codec = ProfileCodecs.detect(bytes) else {
                Terminal.error(
                    "\(f): not a profile: it \(ProfileCodecs.startsWithNone()); "
                        + "write one with 'camprobe profile DEVICE' or 'camprobe import FILE'")
                bad += 1
                continue
            }
            let issues = codec.validate(bytes)
            if issues.isEmpty {
                print("\(f): valid \(codec.displayName) profile (schemaVersion \(CaptureModelSchema.version))")
            } else {
                bad += 1
                for i in issues.prefix(50) { Terminal.error("\(f): " + i.description) }
                if issues.count > 50 { Terminal.error("\(f): … and \(issues.count - 50) more") }
                Terminal.error(
                    "\(f): invalid \(codec.displayName) profile, \(issues.count) problem\(issues.count == 1 ? "" : "s") "
                        + "(the schema: 'camprobe profile schema --format \(codec.name)')")
            }
        }
        if bad > 0 {
            throw CLIError(
                message: "\(bad) of \(files.count) file\(files.count == 1 ? "" : "s") did not validate; fix the problems listed above")
        }
    }
}

struct ProfileSchema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the schema profiles are validated against (the same text as Profiles/schema/).")

    @Option(name: .long, help: ArgumentHelp(ProfileCodecs.sentence(ProfileCodecs.all.map { "\($0.name) (\($0.schemaLanguage))" }) + "."))
    var format: ProfileCodecArgument = .standard

    func run() { print(format.codec.schemaText, terminator: "") }
}
