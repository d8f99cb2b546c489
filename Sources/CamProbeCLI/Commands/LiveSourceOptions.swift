import ArgumentParser
import Logging

/// `DeviceSourceOptions` without `--profile`, for commands that need a live
/// camera (`verify` streams from it, `doctor` checks this machine): their help offers only what they accept.
struct LiveSourceOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document (with schemaVersion) instead of text.")
    var json = false

    @Flag(name: .long, help: "Also open nodes through libv4l2 and show its converted formats, marked emulated.")
    var emulated = false

    @OptionGroup var logging: LoggingOptions

    /// The same choices as the shared options, with no profile.
    func deviceSource() throws -> DeviceSourceOptions {
        var arguments: [String] = []
        if json { arguments.append("--json") }
        if emulated { arguments.append("--emulated") }
        if logging.verbose { arguments.append("--verbose") }
        if let level = logging.logLevel { arguments += ["--log-level", level.rawValue] }
        return try DeviceSourceOptions.parse(arguments)
    }
}
