import Doctor
import Testing

/// `camprobe doctor --help` lists exactly the checks doctor runs (`DoctorChecks.all`), in their order, each with what it
/// looks for: a check added, removed or renamed changes the help with it.
@Suite("doctor --help lists the checks it runs")
struct DoctorHelpChecksTests {
    /// The ids the help lists: after the line that starts "Checks", the first word of each indented line, up to the
    /// first blank line.
    static func listedChecks(_ help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Checks") }) else { return [] }
        var ids: [String] = []
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("  "), let word = line.split(separator: " ").first else { break }
            ids.append(String(word))
        }
        return ids
    }

    @Test func theHelpListsEveryCheckInOrderAndNothingElse() throws {
        let help = try CLI.run(["doctor", "--help"]).stdout
        let ids = DoctorChecks.all.map(\.id.rawValue)
        #expect(ids.count >= 10, "doctor runs its checks: \(ids)")
        #expect(Self.listedChecks(help) == ids, "doctor --help:\n\(help)")
    }

    @Test func everyListedCheckSaysWhatItLooksForWithinTheHelpsWidth() throws {
        let help = try CLI.run(["doctor", "--help"]).stdout
        for check in DoctorChecks.all {
            let line = help.split(separator: "\n").first { $0.hasPrefix("  \(check.id.rawValue) ") }
            #expect(line?.hasSuffix(check.summary) == true && !check.summary.isEmpty, "\(check.id): \(String(describing: line))")
            #expect((line?.count ?? 0) <= 80, "wider than the help's 80 columns: \(String(describing: line))")
        }
    }
}
