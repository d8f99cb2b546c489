import Foundation
import Testing

/// `camprobe list` is quiet (P17 item 5): vimc at power-on has mismatched links on both sensors'
/// pipelines, which `list` used to print as multi-line warnings before the table on every run.
/// Now the table marks them and one line says where they are explained; `--verbose` prints them.
@Suite("camprobe list is quiet")
struct QuietListTests {
    static let vimc = ["--fixture", CLI.fixtures + "/vimc-topology.json", "--fixture", CLI.fixtures + "/vimc-subdevs.json"]

    @Test func problemsAreMarkedInTheTableAndNamedInOneLine() throws {
        let r = try CLI.run(["list"] + Self.vimc)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").dropFirst().filter { $0.contains("Sensor A") || $0.contains("Sensor B") }
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.range(of: #"^\d+ !"#, options: .regularExpression) != nil }, "\(rows)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(!r.stderr.contains("warning:"))
        #expect(r.stderr.contains("on 3 devices (marked !)"), "\(r.stderr)")
        #expect(r.stderr.contains("camprobe doctor") && r.stderr.contains("--verbose"))
    }

    @Test func verbosePrintsEveryProblem() throws {
        let r = try CLI.run(["list", "--verbose"] + Self.vimc)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning:"))
        #expect(r.stderr.contains("EPIPE"))
    }

    @Test func jsonIsUnchangedAndStillCarriesTheProblems() throws {
        let r = try CLI.run(["list", "--json"] + Self.vimc)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let devices = try #require(doc["devices"] as? [[String: Any]])
        let withProblems = devices.filter { d in
            ((d["captures"] as? [[String: Any]]) ?? []).contains { !(($0["problems"] as? [Any]) ?? []).isEmpty }
                || !((d["problems"] as? [Any]) ?? []).isEmpty
        }
        #expect(!withProblems.isEmpty)
    }
}
