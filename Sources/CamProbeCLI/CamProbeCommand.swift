import ArgumentParser
import CamProbe

#if canImport(Glibc)
    import Glibc
#endif

/// The `camprobe` command line: a thin client of the CamProbe library.
struct CamProbeCommand: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "camprobe",
        abstract: "Know every camera on this Linux machine and what it can do.",
        discussion: """
            Exit status: 0 success, 1 error (device missing, unreadable, …), 2 usage error.
            DEVICE is a list index, a stable ID, a node such as /dev/video0 or a /dev/v4l/by-id link, \
            or a unique part of the device's name.
            """,
        version: version,
        subcommands: [
            List.self, Show.self, Graph.self, Monitor.self, Negotiate.self, Apply.self, Verify.self, Ctl.self, Profile.self, Import.self,
            DoctorCommand.self, Report.self, UdevRuleCommand.self, SnapshotCommand.self, Levels.self, ServeCommand.self,
        ]
    )

    /// Runs the command, mapping ArgumentParser's usage errors to exit status 2.
    static func main(arguments: [String]?) async -> Never {
        // `camprobe --version` alone is answered before ArgumentParser builds the command tree (and looks for a
        // completion-script request), which is most of that command's instructions (Reports/benchmarks.md §16).
        // It prints what ArgumentParser prints for it: the version and a newline.
        if (arguments ?? Array(CommandLine.arguments.dropFirst())) == ["--version"] {
            print(version)
            finish(0)
        }
        do {
            let given = ProfileArguments.spread(arguments ?? Array(CommandLine.arguments.dropFirst()))
            var command = try parseFast(given) ?? parseAsRoot(given)
            if runsAsynchronously(type(of: command)), var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst(7) }
            if code == .success {
                if !message.isEmpty { print(message) }
                finish(0)
            }
            if let e = error as? CLIError {
                // An empty message: the output already said why (e.g. negotiate's ADJUSTED or UNSUPPORTED).
                if !e.message.isEmpty { Terminal.error(e.message) }
                finish(e.status)
            }
            if !message.isEmpty { Terminal.error(message) }
            finish(code == .validationFailure || code.rawValue == 64 ? 2 : 1)
        }
        finish(0)
    }

    /// The subcommand `arguments` name, parsed as a command of its own, when that succeeds; nil otherwise (no
    /// subcommand first, `--help`, a usage error, `--generate-completion-script`…), and the whole tree is parsed
    /// as usual, so help, usage and error texts are ArgumentParser's for `camprobe`. ArgumentParser's parse of
    /// the root looks up protocol conformances for every subcommand's arguments on each run, which was two
    /// thirds of a one-shot command's instructions (Reports/benchmarks.md §17).
    static func parseFast(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first, let sub = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
            let command = try? sub.parseAsRoot(Array(arguments.dropFirst()))
        else { return nil }
        // `--help` parses into ArgumentParser's help command, whose usage would name the subcommand alone.
        return isCommand(type(of: command), in: sub) ? command : nil
    }

    /// True when `type` is `root` or one of its subcommands, at any depth.
    static func isCommand(_ type: any ParsableCommand.Type, in root: any ParsableCommand.Type) -> Bool {
        type == root || root.configuration.subcommands.contains { isCommand(type, in: $0) }
    }

    /// Exits with `status` once standard output is written; a failed write
    /// there turns any status into 1 (or a quiet SIGPIPE end: `StandardOutput`).
    static func finish(_ status: Int32) -> Never {
        StandardOutput.flush()
        Glibc.exit(status)
    }
}

/// The entry point the `camprobe` executable (and the test-only
/// `camprobe-fake`) call: parses `arguments` (the process's own when nil),
/// runs the command against `environment`'s machine and exits with its status.
/// (Not named like its module, which a type of that name would hide.)
package enum CommandLineEntry {
    package static func main(arguments: [String]? = nil, environment: CLIEnvironment = .live) async -> Never {
        CLIEnvironment.install(environment)
        await CamProbeCommand.main(arguments: arguments)
    }
}

/// An error the CLI reports itself: a message for stderr and an exit status.
struct CLIError: Error {
    var message: String
    var status: Int32 = 1
    /// The camera's own error this one reports, when there is one: callers match on its
    /// kind and errno, never on the message's text.
    var cause: CaptureDeviceError? = nil
    /// The device asked for is not here (`SelectionErrors`): `camprobe-serve` answers 404.
    var notFound = false
    /// Another process holds the device (`camprobe-serve` answers 409).
    var busy = false
}
