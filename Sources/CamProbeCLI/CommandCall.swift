import ArgumentParser
import CamProbe

/// A command whose work runs on the calling thread (which blocks while devices are read): what `camprobe-serve`
/// runs for a request, on a thread of its own, with its output kept (`CommandCall`).
protocol RunsOnThisThread {
    /// The command's work, on the calling thread.
    func runOnThisThread() throws
}

extension List: RunsOnThisThread {}
extension Show: RunsOnThisThread {}
extension Negotiate: RunsOnThisThread {}
extension Ctl: RunsOnThisThread {}
extension DoctorCommand: RunsOnThisThread {}

/// What one command printed and how it ended, as `camprobe ARGS` would have.
package struct CommandOutcome: Sendable {
    /// How it ended, which decides a web answer's status.
    package enum Ending: Sendable, Equatable {
        /// Exit status 0.
        case success
        /// A nonzero status after a complete answer (negotiate's ADJUSTED 3, UNSUPPORTED 4): the output is the answer.
        case answered(status: Int32)
        /// The arguments were refused (exit status 2).
        case usage
        /// The device asked for is not here.
        case notFound
        /// Another process holds the device (`EBUSY`).
        case busy
        /// Any other failure (exit status 1): the message says why.
        case failed(status: Int32)
    }

    /// How it ended.
    package var ending: Ending
    /// What it printed on standard output (a `--json` command's document).
    package var printed: [UInt8]
    /// What it would have printed on standard error as its error, when it failed.
    package var message: String?
}

/// Runs one `camprobe` command in this process, its output kept rather than written: `camprobe-serve`'s way to answer
/// with the very documents the command line prints.
package enum CommandCall {
    /// Runs `arguments` (as after `camprobe`) on the calling thread, which blocks while devices are read. Only the
    /// commands that read or decide and print one document (`list`, `show`, `negotiate`, `ctl`, `doctor`) are
    /// run; any other is refused as a usage error.
    package static func runHere(_ arguments: [String]) -> CommandOutcome {
        let command: any ParsableCommand
        do {
            command = try CamProbeCommand.parseFast(ProfileArguments.spread(arguments)) ?? CamProbeCommand.parseAsRoot(arguments)
        } catch {
            return CommandOutcome(ending: .usage, printed: [], message: CamProbeCommand.fullMessage(for: error))
        }
        guard let work = command as? any RunsOnThisThread else {
            return CommandOutcome(ending: .usage, printed: [], message: "'\(arguments.first ?? "")' is not run by the console")
        }
        let (printed, error) = StandardOutput.capturing { try work.runOnThisThread() }
        guard let error else { return CommandOutcome(ending: .success, printed: printed, message: nil) }
        return outcome(of: error, printed: printed)
    }

    /// How a command that threw `error` after printing `printed` ended.
    static func outcome(of error: any Error, printed: [UInt8]) -> CommandOutcome {
        if let e = error as? CLIError {
            let message = e.message.isEmpty ? nil : e.message
            if e.notFound { return CommandOutcome(ending: .notFound, printed: printed, message: message) }
            if e.cause?.kind == .busy { return CommandOutcome(ending: .busy, printed: printed, message: message) }
            if e.message.isEmpty { return CommandOutcome(ending: .answered(status: e.status), printed: printed, message: nil) }
            return CommandOutcome(ending: .failed(status: e.status), printed: printed, message: message)
        }
        let code = CamProbeCommand.exitCode(for: error)
        if code == .validationFailure || code.rawValue == 64 {
            return CommandOutcome(ending: .usage, printed: printed, message: CamProbeCommand.fullMessage(for: error))
        }
        if !printed.isEmpty && code.rawValue != 1 {
            return CommandOutcome(ending: .answered(status: code.rawValue), printed: printed, message: nil)
        }
        let message = CamProbeCommand.fullMessage(for: error)
        return CommandOutcome(ending: .failed(status: code.rawValue), printed: printed, message: message.isEmpty ? nil : message)
    }
}

/// A command's failure as an error: its outcome (`SnapshotCall`).
package struct CommandOutcomeError: Error, Sendable {
    /// How it ended and why.
    package var outcome: CommandOutcome
}
