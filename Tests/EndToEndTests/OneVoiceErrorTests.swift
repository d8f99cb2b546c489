import Foundation
import Testing

/// Every command says an error the same way: on standard error, as
/// `camprobe: error: …`, naming what to do next, with nothing of it on
/// standard output; and one condition has one wording in every command.
@Suite("Errors have one voice")
struct OneVoiceErrorTests {
    static let root = ProfileCommandEndToEndTests.root
    static let profile = root + "/Profiles/c525.json"
    static let fixture = root + "/Tests/Fixtures/c525.json"

    static func noDevices() throws -> String { try CLI.fixture(#"{"nodes":[]}"#) }

    /// Failing invocations across the commands.
    static func failing() throws -> [[String]] {
        let empty = ["--fixture", try noDevices()]
        let notAProfile = try CLI.fixture("Driver Info:")
        var broken = try String(contentsOfFile: profile, encoding: .utf8)
        broken = broken.replacingOccurrences(of: "\"type\" : \"discrete\"", with: "\"type\" : \"ranged\"")
        let invalid = try CLI.fixture(broken)
        return [
            ["show", "0"] + empty,
            ["profile", "0"] + empty,
            ["ctl", "0", "brightness=140"] + empty,
            ["udev-rule", "0"] + empty,
            ["negotiate", "0", "--preset", "high"] + empty,
            ["apply", "0", "--preset", "high"] + empty,
            ["levels", "0"] + empty,
            ["report", "0", "--md"] + empty,
            ["ctl", "--profile", profile, "0", "brightness=140"],
            ["ctl", "--profile", profile, "0", "brightness=300", "--dry-run"],
            ["ctl", "--profile", profile, "0", "brightnes=140", "--dry-run"],
            ["ctl", "0", "zoom=9x", "--fixture", fixture],
            ["apply", "--profile", profile, "0", "--preset", "high"],
            ["apply", "--profile", profile, "0", "--preset", "3840x2160", "--dry-run"],
            ["profile", "validate", notAProfile],
            ["profile", "validate", invalid],
            ["profile", "write", "0", "--profile", profile, "--json", "--format", "xml"],
            ["negotiate", "0", "--profile", profile, "--size", "axb"],
            ["verify", "0", "--frames", "1", "--fixture", fixture],
            ["graph", "/dev/media9", "--fixture", fixture],
        ]
    }

    @Test func everyErrorIsOnStandardErrorWithThePrefix() throws {
        for args in try Self.failing() {
            let r = try CLI.run(args)
            #expect(r.status == 1 || r.status == 2, "\(args): exit \(r.status)")
            #expect(r.stderr.hasPrefix("camprobe: error: "), "\(args): \(r.stderr)")
            #expect(!r.stdout.lowercased().contains("error"), "\(args) printed error text on stdout: \(r.stdout)")
            // Every line of standard error is an error, a note or ArgumentParser's usage lines.
            for line in r.stderr.split(separator: "\n") {
                let ok = ["camprobe: error: ", "camprobe: note: ", "Usage: ", "  See ", "Help: "].contains { line.hasPrefix($0) }
                #expect(ok || line.hasPrefix("  "), "\(args): a stray line on stderr: \(line)")
            }
        }
    }

    @Test func everyErrorNamesTheNextStep() throws {
        let steps = ["camprobe ", "--", "did you mean", "allowed:", "Run ", "give ", "add ", "fix ", "ls /dev"]
        for args in try Self.failing() {
            let r = try CLI.run(args)
            #expect(steps.contains { r.stderr.contains($0) }, "\(args) says no next step: \(r.stderr)")
        }
    }

    @Test func noCamerasIsSaidTheSameWayByEveryCommandThatSelectsOne() throws {
        let empty = ["--fixture", try Self.noDevices()]
        for command in [["show"], ["profile"], ["ctl"], ["udev-rule"], ["negotiate"], ["apply"], ["levels"], ["report"]] {
            let extra = command == ["negotiate"] || command == ["apply"] ? ["--preset", "high"] : command == ["report"] ? ["--md"] : []
            let r = try CLI.run(command + ["0"] + extra + empty)
            #expect(r.status == 1, "\(command): exit \(r.status)")
            #expect(r.stderr.hasPrefix("camprobe: error: no cameras found, so there is no '0'"), "\(command): \(r.stderr)")
            #expect(r.stderr.contains("Run 'camprobe list' to see what is attached."), "\(command): \(r.stderr)")
        }
    }

    @Test func profileValidateReportsEveryProblemOnStandardError() throws {
        var broken = try String(contentsOfFile: Self.profile, encoding: .utf8)
        broken = broken.replacingOccurrences(of: "\"type\" : \"discrete\"", with: "\"type\" : \"ranged\"")
        let invalid = try CLI.fixture(broken)
        let r = try CLI.run(["profile", "validate", Self.profile, invalid])
        #expect(r.status == 1)
        #expect(r.stdout == "\(Self.profile): valid JSON profile (schemaVersion 1)\n", "\(r.stdout)")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix("camprobe: error: ") }, "\(r.stderr)")
        #expect(lines.dropLast(2).allSatisfy { $0.hasPrefix("camprobe: error: \(invalid): device.") }, "\(r.stderr)")
        #expect(lines.dropLast().last?.hasPrefix("camprobe: error: \(invalid): invalid JSON profile, ") == true, "\(r.stderr)")
        #expect(lines.last == "camprobe: error: 1 of 2 files did not validate; fix the problems listed above")
    }

    @Test func profileWriteTakesJSONAsFormatJSON() throws {
        let r = try CLI.run(["profile", "write", "0", "--profile", Self.profile, "--json", "-o", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("{"))
        let clash = try CLI.run(["profile", "write", "0", "--profile", Self.profile, "--json", "--format", "xml", "-o", "-"])
        #expect(clash.status == 2 && clash.stderr.contains("--json and --format xml disagree"), "\(clash.stderr)")
    }
}
