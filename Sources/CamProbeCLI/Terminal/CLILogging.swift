import ArgumentParser
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `--verbose` and `--log-level`: what the library logs (through swift-log) goes to
/// standard error, one line per message, never into the output a command prints.
struct LoggingOptions: ParsableArguments {
    @Flag(name: [.customShort("v"), .long], help: "Say what is opened, read and decided (the same as --log-level debug).")
    var verbose = false

    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp(
            "Log messages at this level and above to standard error (default: warning).",
            valueName: "level"))
    var logLevel: Logger.Level?

    func validate() throws {
        CLILogging.configure(level: logLevel ?? (verbose ? .debug : .warning))
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// The process's logging set-up: swift-log bootstrapped once with `StderrLogHandler`.
enum CLILogging {
    /// The level the first `configure` chose (warning until then).
    private static let chosen = Mutex<Logger.Level?>(nil)

    /// Bootstraps swift-log once; later calls only lower nothing (the first level stands).
    static func configure(level: Logger.Level) {
        let first = chosen.withLock { current -> Bool in
            guard current == nil else { return false }
            current = level
            return true
        }
        if first { LoggingSystem.bootstrap { label in StderrLogHandler(label: label, level: level) } }
    }

    /// A logger for one part of the library (`camprobe.discovery`, `camprobe.registry`).
    static func logger(_ label: String) -> Logger { Logger(label: label) }
}

/// Writes `camprobe: LEVEL: [label] message key=value …` to standard error with one
/// `write(2)` per message, so lines from several threads never interleave. At `--log-level trace` each line
/// ends with `mono=SECONDS`, `clock_gettime(CLOCK_MONOTONIC)` when it was logged: the clock `udevadm monitor`
/// stamps its events with, so a hotplug trace lines up with udev's.
struct StderrLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    init(label: String, level: Logger.Level) {
        self.label = label
        logLevel = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let (level, message, extra) = (event.level, event.message, event.metadata)
        var all = metadata
        if let extra { all.merge(extra) { _, new in new } }
        var line = "camprobe: \(level): [\(label)] \(message)"
        for key in all.keys.sorted() { line += " \(key)=\(all[key]!)" }
        if logLevel == .trace {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let micros = String(now.tv_nsec / 1000)
            line += " mono=\(now.tv_sec).\(String(repeating: "0", count: max(0, 6 - micros.count)) + micros)"
        }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
