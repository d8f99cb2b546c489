import Foundation
import Testing

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
}
