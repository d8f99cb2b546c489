import ArgumentParser
import Foundation
import Testing

@testable import CamProbeCLI

/// `camprobe --version` is answered before the command tree is built (a one-shot cost, P17 item 7):
/// it must still print exactly what ArgumentParser printed — the version and a newline — and nothing else.
@Suite("camprobe --version")
struct VersionTests {
    @Test func printsTheVersionAloneAndExitsZero() throws {
        let r = try CLI.runShipped(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(r.stdout.debugDescription)")
        #expect(r.stderr.isEmpty)
    }

    /// With anything beside it, ArgumentParser answers (its version flag wins over the rest): the two must agree.
    @Test func theShortcutPrintsWhatTheParserPrints() throws {
        let fast = try CLI.runShipped(["--version"])
        let parsed = try CLI.runShipped(["--version", "--verbose"])
        #expect(parsed.status == 0 && fast.status == 0)
        #expect(fast.stdout == parsed.stdout, "\(fast.stdout.debugDescription) vs \(parsed.stdout.debugDescription)")
    }

    /// A subcommand is parsed alone when that succeeds (`CamProbeCommand.parseFast`); help is not such a parse:
    /// every subcommand's `--help` names `camprobe`, as ArgumentParser prints it for the whole tree.
    @Test func everySubcommandsHelpNamesCamprobe() throws {
        for sub in [
            "list", "show", "graph", "monitor", "negotiate", "apply", "verify", "ctl", "profile", "import", "doctor", "report",
            "udev-rule", "snapshot", "levels",
        ] {
            let r = try CLI.runShipped([sub, "--help"])
            #expect(r.status == 0, "\(sub): exit \(r.status)")
            #expect(r.stdout.contains("USAGE: camprobe \(sub)"), "\(sub): \(r.stdout.prefix(300))")
        }
        let nested = try CLI.runShipped(["profile", "write", "--help"])
        #expect(nested.stdout.contains("USAGE: camprobe profile write"), "\(nested.stdout.prefix(300))")
    }

    /// Every top-level subcommand is marked as `camprobe`'s (`underCamprobe`), so its fast parse skips the
    /// completion-script parsers; the root and nested subcommands are not, so the tree still answers that request.
    @Test func topLevelSubcommandsAreMarkedAndTheRootIsNot() {
        #expect(CamProbeCommand.configuration._superCommandName == nil)
        for sub in CamProbeCommand.configuration.subcommands {
            #expect(sub.configuration._superCommandName == "camprobe", "\(sub)")
            for nested in sub.configuration.subcommands {
                #expect(nested.configuration._superCommandName == nil, "\(nested)")
            }
        }
    }

    /// The commands run asynchronously are found by type (`CamProbeCommand.asyncCommands`): a command missing
    /// from that list would run its synchronous `run()`, which an asynchronous command does not have.
    @Test func theAsyncListNamesEveryAsyncCommandInTheTree() {
        func walk(_ type: any ParsableCommand.Type) {
            #expect(CamProbeCommand.runsAsynchronously(type) == (type is any AsyncParsableCommand.Type), "\(type)")
            type.configuration.subcommands.forEach(walk)
        }
        walk(CamProbeCommand.self)
    }

    /// `--generate-completion-script` is answered by the whole tree, after the fast parse of a subcommand fails.
    @Test func completionScriptsAreStillWritten() throws {
        for shell in ["bash", "zsh", "fish"] {
            let r = try CLI.runShipped(["--generate-completion-script", shell])
            #expect(r.status == 0, "\(shell): exit \(r.status) \(r.stderr)")
            #expect(r.stdout.contains("camprobe") && r.stdout.contains("negotiate"), "\(shell): \(r.stdout.prefix(200))")
        }
        let sub = try CLI.runShipped(["show", "--generate-completion-script", "bash"])
        let root = try CLI.runShipped(["--generate-completion-script", "bash"])
        #expect(sub.status == root.status && sub.stdout == root.stdout, "\(sub.stderr)")
    }
}
