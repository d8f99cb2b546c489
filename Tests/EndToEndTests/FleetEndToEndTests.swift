import Foundation
import Testing

/// `monitor --textfile`, `profile diff` and the Prometheus rules, as a user runs them.
/// promtool (Debian's `prometheus` package) is the referee; CI installs it, and
/// where it is missing (and CAMPROBE_REQUIRE_VM is unset) those checks say so and skip.
@Suite(.serialized) struct FleetEndToEndTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let fixtures = CLI.fixtures

    static func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "camprobe-fleet-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static var promtool: String? {
        for d in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: d + "/promtool") {
            return d + "/promtool"
        }
        if ProcessInfo.processInfo.environment["CAMPROBE_REQUIRE_VM"] != nil {
            Issue.record("promtool is required here (apt-get install prometheus)")
        } else {
            print("skip: promtool is not installed (apt-get install prometheus); textfile and rules are not checked by it")
        }
        return nil
    }

    static func promtool(_ args: [String], stdin: String? = nil) throws -> Run? {
        guard let tool = promtool else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    @Test func theTextfileIsWrittenAndPromtoolAcceptsIt() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.run([
            "--fixture", "\(Self.fixtures)/c525.json", "--fixture", "\(Self.fixtures)/arducam-0c45-6366.json", "monitor", "--textfile", dir,
            "--timeout", "0.5",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["camprobe.prom"], "no temporary file is left")
        let text = try String(contentsOfFile: dir + "/camprobe.prom", encoding: .utf8)
        #expect(
            text.contains(
                #"camprobe_camera_present{id="usb-046d:0826-8E4B3C60",name="HD Webcam C525",vidpid="046d:0826",serial="8E4B3C60",bus="usb"} 1"#
            ))
        #expect(text.contains(#"camprobe_camera_info{id="usb-046d:0826-8E4B3C60",model="046d:0826 HD Webcam C525",vidpid="046d:0826""#))
        #expect(text.contains(#"fingerprint=""#) && text.contains("camprobe_tracked_devices 2"))
        if let check = try Self.promtool(["check", "metrics"], stdin: text) {
            #expect(check.status == 0 && check.stdout.isEmpty && check.stderr.isEmpty, "promtool: \(check.stdout) \(check.stderr)")
        }
    }

    @Test func aDirectoryThatCannotBeWrittenIsSaidAtOnce() throws {
        let r = try CLI.run([
            "--fixture", "\(Self.fixtures)/c525.json", "monitor", "--textfile", "/nonexistent/node-exporter", "--timeout", "5",
        ])
        #expect(r.status == 1)
        #expect(
            r.stderr.hasPrefix(
                "camprobe: error: --textfile /nonexistent/node-exporter: cannot write /nonexistent/node-exporter/camprobe.prom"))
        #expect(r.stderr.contains("the directory must exist"))
    }

    @Test(arguments: [
        (["--verify-every", "5s", "--textfile", "/tmp"], "at least 10 s"),
        (["--verify-every", "soon", "--textfile", "/tmp"], "'soon'"),
        (["--verify-every", "1m"], "needs --textfile"),
        (["--textfile", "/var/lib/prometheus/node-exporter/camprobe.prom"], "did you mean --textfile /var/lib/prometheus/node-exporter?"),
    ])
    func verifyEveryIsChecked(_ args: [String], _ message: String) throws {
        let r = try CLI.run(["--fixture", "\(Self.fixtures)/c525.json", "monitor"] + args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    /// A C525 profile with another serial, a narrower brightness range and no MJPG.
    static func oddC525(in dir: String) throws -> String {
        var text = try String(contentsOfFile: repo + "/Profiles/c525.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "8E4B3C60", with: "0DD0DD00")
        let data = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        var device = data["device"] as! [String: Any]
        var captures = device["captures"] as! [[String: Any]]
        var controls = captures[0]["controls"] as! [[String: Any]]
        for i in controls.indices where controls[i]["key"] as? String == "brightness" { controls[i]["maximum"] = 200 }
        captures[0]["controls"] = controls
        device["captures"] = captures
        var doc = data
        doc["device"] = device
        let path = dir + "/odd.json"
        try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func twoProfilesDiffFactByFact() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let odd = try Self.oddC525(in: dir)
        let same = try CLI.run(["profile", "diff", Self.repo + "/Profiles/c525.json", Self.repo + "/Profiles/c525.json"])
        #expect(same.status == 0 && same.stdout.contains("Same capabilities."), "\(same.stdout)\(same.stderr)")
        let r = try CLI.run(["profile", "diff", Self.repo + "/Profiles/c525.json", odd])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stdout.contains("1 difference:\n  control brightness range\n    A: 0…255\n    B: 0…200\n"), "\(r.stdout)")
        #expect(!r.stdout.contains("serial") && !r.stdout.contains("0DD0DD00\n"), "which unit is not a capability")
    }

    @Test func aFolderOfProfilesNamesTheOutlier() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for n in 1...3 { try FileManager.default.copyItem(atPath: Self.repo + "/Profiles/c525.json", toPath: dir + "/host\(n).json") }
        let odd = try Self.oddC525(in: dir)
        try "not a profile".write(toFile: dir + "/README.txt", atomically: true, encoding: .utf8)
        let r = try CLI.run(["profile", "diff", dir])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stdout.contains("046d:0826 HD Webcam C525: 4 profiles, 2 fingerprints"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("Outliers: \(odd)\n"), "\(r.stdout)")
        #expect(r.stderr.contains("camprobe: note: skipped \(dir)/README.txt: not a .json or .xml file"))
        let json = try CLI.run(["profile", "diff", dir, "--json"])
        #expect(json.status == 3)
        #expect(try OutputSchemaTests.issues("camprobe-profile-diff.schema.json", json.stdout) == [])
        #expect(
            try OutputSchemaTests.issues("camprobe-profile-diff.schema.json", #"{"schemaVersion":1}"#) != [],
            "the schema rejects a broken document")
    }

    @Test func aBrokenProfileIsNamedAndFailsTheRun() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "{\"device\": ".write(toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["profile", "diff", Self.repo + "/Profiles/c525.json", Self.repo + "/Profiles/c525.json", dir + "/broken.json"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("camprobe: error: \(dir)/broken.json:"), "\(r.stderr)")
        #expect(r.stderr.contains("1 of 3 profiles could not be read"), "\(r.stderr)")
    }

    @Test func theAlertRulesAreValidAndBehaveAsTheirTestsSay() throws {
        let rules = Self.repo + "/scripts/prometheus/camprobe.rules.yml"
        if let r = try Self.promtool(["check", "rules", rules]) {
            #expect(r.status == 0 && r.stdout.contains("SUCCESS: 10 rules found"), "\(r.stdout)\(r.stderr)")
        }
        if let r = try Self.promtool(["test", "rules", Self.repo + "/scripts/prometheus/camprobe.rules.test.yml"]) {
            #expect(r.status == 0 && r.stdout.contains("SUCCESS"), "\(r.stdout)\(r.stderr)")
        }
    }
}
