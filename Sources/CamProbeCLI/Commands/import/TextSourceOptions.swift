import ArgumentParser

/// `DeviceSourceOptions` without `--json`, for commands whose output is a file
/// format of its own (`udev-rule` prints a rules file): their help offers only what they accept.
struct TextSourceOptions: ParsableArguments {
    @Flag(name: .long, help: "Also open nodes through libv4l2 and show its converted formats, marked emulated.")
    var emulated = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Answer for a saved profile (from 'camprobe profile' or 'show --json') instead of this machine's devices.", valueName: "file"))
    var profile: [String] = []

    @OptionGroup var logging: LoggingOptions

    /// The same choices as the shared options, with no JSON.
    func deviceSource() throws -> DeviceSourceOptions {
        try DeviceSourceOptions.with(json: false, emulated: emulated, profiles: profile, logging: logging)
    }
}
