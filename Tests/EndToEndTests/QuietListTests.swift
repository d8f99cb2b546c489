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

    /// Two saved profiles with one ID (vivid saved as a webcam and by default: `platform-vivid-000` both) are two
    /// rows a selector by ID cannot tell apart: `list` says so once, after the table, and the JSON carries it.
    @Test func rowsSharingAnIDAreSaid() throws {
        let profiles = ["webcam", "default"].flatMap { ["--profile", ProfileCommandEndToEndTests.root + "/Profiles/vivid-\($0).json"] }
        let r = try CLI.run(["list"] + profiles)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("rows 0 and 1 share the ID platform-vivid-000"), "\(r.stderr)")
        #expect(!r.stderr.contains("camprobe doctor"), "not a problem of this machine: \(r.stderr)")
        let json = try CLI.run(["list", "--json"] + profiles)
        #expect(json.stdout.contains(#""kind" : "duplicate""#), "\(json.stdout.suffix(400))")
        let one = try CLI.run(["list", "--profile", ProfileCommandEndToEndTests.root + "/Profiles/vivid-webcam.json"])
        #expect(!one.stderr.contains("share the ID"))
    }
}
