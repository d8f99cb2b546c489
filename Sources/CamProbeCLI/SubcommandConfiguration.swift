import ArgumentParser

extension CommandConfiguration {
    /// This configuration with ArgumentParser's `_superCommandName` set to `camprobe`: every top-level
    /// subcommand's. `CamProbeCommand.parseFast` parses a subcommand as a root of its own; a root without a
    /// super-command first runs two more command parsers looking for `--generate-completion-script`, about
    /// 5 M of `show --json`'s 37 M instructions (Reports/benchmarks.md §19). Marked, the subcommand skips them.
    /// Nothing is lost: a completion-script request fails that fast parse, and the whole tree, whose root
    /// is not marked, answers it. Help and usage read the super-command of the tree's root alone, so their
    /// texts are unchanged (`VersionTests`).
    var underCamprobe: CommandConfiguration {
        var marked = self
        marked._superCommandName = "camprobe"
        return marked
    }
}

extension CamProbeCommand {
    /// The commands that run asynchronously, found by their type before a cast: a cast to
    /// `any AsyncParsableCommand` that fails looks through every protocol conformance in the binary
    /// (0.43 M instructions of `show --json`). `VersionTests` checks this list against the command tree.
    static let asyncCommands: [any AsyncParsableCommand.Type] = [
        CamProbeCommand.self, Monitor.self, Apply.self, Verify.self, Report.self, SnapshotCommand.self, Levels.self, List.self, Show.self,
        Ctl.self, DoctorCommand.self, Graph.self, Negotiate.self,
    ]

    /// Whether commands of `type` are one of `asyncCommands`.
    static func runsAsynchronously(_ type: any ParsableCommand.Type) -> Bool {
        asyncCommands.contains { ObjectIdentifier($0) == ObjectIdentifier(type) }
    }
}
