import ArgumentParser
import Logging

/// `DeviceSourceOptions` without `--profile`, for commands that need a live
/// camera (`verify` streams from it, `doctor` checks this machine): their help
/// offers only what they accept.
struct LiveSourceOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document (with schemaVersion) instead of text.")
    var json = false

    @Flag(name: .long, help: "Also open nodes through libv4l2 and show its converted formats, marked emulated.")
    var emulated = false

    @OptionGroup var logging: LoggingOptions

    /// The same choices as the shared options; `profiles` only where the command allows them (`apply --dry-run`).
    func deviceSource(profiles: [String] = []) throws -> DeviceSourceOptions {
        try DeviceSourceOptions.with(json: json, emulated: emulated, profiles: profiles, logging: logging)
    }
}

extension DeviceSourceOptions {
    /// The shared options as if these had been given on the command line.
    static func with(json: Bool, emulated: Bool, profiles: [String], logging: LoggingOptions) throws -> DeviceSourceOptions {
        var arguments: [String] = []
        if json { arguments.append("--json") }
        if emulated { arguments.append("--emulated") }
        for p in profiles { arguments += ["--profile", p] }
        if logging.verbose { arguments.append("--verbose") }
        if let level = logging.logLevel { arguments += ["--log-level", level.rawValue] }
        return try DeviceSourceOptions.parse(arguments)
    }
}
