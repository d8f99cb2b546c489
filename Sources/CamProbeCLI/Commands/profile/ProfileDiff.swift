import ArgumentParser
import CamProbe
import Fleet
import ProfileFormat

/// `camprobe profile diff A B [C…]`: what differs between profiles; over many, the odd ones out.
struct ProfileDiff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare the capabilities of profiles: two side by side, or many grouped by fingerprint with the odd ones out.",
        discussion: """
            Only capabilities are compared (formats, sizes, frame rates, controls' ranges, defaults and menus, \
            sensor modes, microphone ranges), never which unit or where (ID, serial, paths) or current values; \
            that is what the capability fingerprint hashes (camprobe_camera_info in 'monitor --textfile'). \
            With two files: each differing fact, A then B. With more, or a folder: profiles of one model grouped \
            by fingerprint, the largest group taken as the usual one, and each other group's differences from it. \
            Exit status 0 when all profiles of each model agree, 3 when some differ, 1 when a file cannot be read.
            """)

    @Argument(help: ArgumentHelp("Profile files (\(ProfileCodecs.displayNames())), or folders of them.", valueName: "profile"))
    var profiles: [String]

    @Flag(name: .long, help: "One JSON document (schema Profiles/schema/camprobe-profile-diff.schema.json).")
    var json = false

    func validate() throws {
        if profiles.isEmpty { throw ValidationError("name two profiles (or a folder of them) to compare") }
    }

    func run() throws {
        let set = ProfileSet(paths: profiles)
        for f in set.ignored { Terminal.note("skipped \(f.file): \(f.reason)") }
        for s in set.skipped { Terminal.error("\(s.file): \(s.reason)") }
        guard set.members.count >= 2 else {
            throw CLIError(
                message:
                    "profile diff needs at least two profiles; \(set.members.count == 0 ? "none" : "only \(set.members[0].file)") could be read"
                    + (set.skipped.isEmpty ? "" : " (see the errors above)"))
        }
        let report = ProfileDiffReport(set)
        // Two profiles: their differences, found once (for the listing and the exit status).
        let pair = set.members.count == 2 ? CapabilityDifference.between(set.members[0].device, set.members[1].device) : []
        if json {
            try JSONOutput.print(report)
        } else if set.members.count == 2 {
            printPair(set.members[0], set.members[1], pair)
        } else {
            printGroups(report)
        }
        if !set.skipped.isEmpty {
            throw CLIError(
                message:
                    "\(set.skipped.count) of \(set.members.count + set.skipped.count) profiles could not be read and were not compared (see above); fix or remove them and run again"
            )
        }
        if report.differs || !pair.isEmpty { throw CLIError(message: "", status: 3) }
    }

    func printPair(_ a: ProfileSet.Member, _ b: ProfileSet.Member, _ diffs: [CapabilityDifference]) {
        print("A  \(a.file)  \(a.device.id)  fingerprint \(a.fingerprint.value)\(a.fingerprint.isComplete ? "" : " (incomplete)")")
        print("B  \(b.file)  \(b.device.id)  fingerprint \(b.fingerprint.value)\(b.fingerprint.isComplete ? "" : " (incomplete)")")
        if diffs.isEmpty {
            print(
                a.fingerprint == b.fingerprint
                    ? "Same capabilities." : "No listed fact differs, but the fingerprints do (an order or field 'diff' does not show).")
            return
        }
        print("\(diffs.count) difference\(diffs.count == 1 ? "" : "s"):")
        printDifferences(diffs, "A", "B", indent: "  ")
        for m in [a, b] where !m.fingerprint.isComplete {
            Terminal.note(
                "\(m.file) was read only in part (\(m.fingerprint.incompleteBecause.prefix(2).joined(separator: "; "))): some differences may be gaps, not the camera"
            )
        }
    }

    func printGroups(_ report: ProfileDiffReport) {
        for model in report.models {
            let n = model.groups.reduce(0) { $0 + $1.files.count }
            print(
                Terminal.bold(model.model) + ": \(n) profile\(n == 1 ? "" : "s"), "
                    + (model.groups.count == 1
                        ? "all alike"
                        : "\(model.groups.count) fingerprints" + (model.hasUsual ? "" : ", none more common than the others: no outlier")))
            for g in model.groups {
                let files = g.files.count <= 5 ? g.files.joined(separator: ", ") : g.files.prefix(5).joined(separator: ", ") + ", …"
                print(
                    "  \(g.fingerprint)  \(g.files.count) profile\(g.files.count == 1 ? "" : "s")\(g.usual ? " (the usual one)" : ""): \(files)"
                )
                if let diffs = g.differences, !diffs.isEmpty {
                    print("    differs from the usual one (\(model.groups[0].files[0])) in:")
                    printDifferences(
                        diffs.map { CapabilityDifference(fact: $0.fact, a: $0.usual, b: $0.this) }, "usual", "this", indent: "      ")
                }
            }
        }
        let outliers = report.models.filter(\.hasUsual).flatMap { $0.groups.filter { !$0.usual }.flatMap(\.files) }
        print(outliers.isEmpty ? "No outliers." : "Outliers: \(outliers.joined(separator: ", "))")
    }

    func printDifferences(_ diffs: [CapabilityDifference], _ a: String, _ b: String, indent: String) {
        let limit = 40
        for d in diffs.prefix(limit) {
            print("\(indent)\(d.fact)")
            print("\(indent)  \(a): \(d.a ?? "(absent)")")
            print("\(indent)  \(b): \(d.b ?? "(absent)")")
        }
        if diffs.count > limit { print("\(indent)… and \(diffs.count - limit) more (--json lists them all)") }
    }
}

/// `profile diff --json`.
struct ProfileDiffReport: Encodable {
    struct Profile: Encodable {
        var file: String
        var id: String
        var model: String
        var fingerprint: String
        var complete: Bool
    }
    struct Difference: Encodable {
        var fact: String
        var usual: String?
        var this: String?
    }
    struct Group: Encodable {
        var fingerprint: String
        var files: [String]
        var usual: Bool
        /// Against the model's first group (the usual one when there is one); nil for the first group itself.
        var differences: [Difference]?
    }
    struct Model: Encodable {
        var model: String
        /// One group is larger than every other; without it (a tie) no profile is called an outlier.
        var hasUsual: Bool
        var groups: [Group]
    }
    struct Skipped: Encodable {
        var file: String
        var reason: String
    }

    var schemaVersion = 1
    var generator = "camprobe \(CamProbeCommand.version)"
    var profiles: [Profile]
    var models: [Model]
    var skipped: [Skipped]

    var differs: Bool { models.contains { $0.groups.count > 1 } }

    init(_ set: ProfileSet) {
        let grouped = set.byModel
        profiles = grouped.flatMap { model in
            model.groups.flatMap { $0 }.map {
                Profile(
                    file: $0.file, id: $0.device.id.rawValue, model: model.model, fingerprint: $0.fingerprint.value,
                    complete: $0.fingerprint.isComplete)
            }
        }
        models = grouped.map { model in
            let first = model.groups[0][0].device
            // The usual group is the largest only when it is larger than every other (no tie).
            let hasUsual = model.groups.count == 1 || model.groups[0].count > model.groups[1].count
            return Model(
                model: model.model, hasUsual: hasUsual,
                groups: model.groups.enumerated().map { i, g in
                    Group(
                        fingerprint: g[0].fingerprint.value, files: g.map(\.file), usual: i == 0 && hasUsual,
                        differences: i == 0
                            ? nil
                            : CapabilityDifference.between(first, g[0].device).map { Difference(fact: $0.fact, usual: $0.a, this: $0.b) })
                })
        }
        skipped = set.skipped.map { Skipped(file: $0.file, reason: $0.reason) }
    }
}
