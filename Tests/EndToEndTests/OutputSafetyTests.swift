import CaptureModel
import Foundation
import Testing

/// Text output never carries raw control characters from devices or profiles,
/// and a failed write to standard output is reported, never ignored.
@Suite("Output safety", .serialized)
struct OutputSafetyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let c525 = root.appendingPathComponent("Profiles/c525.json").path

    /// An OSC title change, BEL, a screen clear, a C1 CSI, DEL and a carriage return.
    static let evil = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31mCam\u{7F}\r"
    static let evilShown = #"Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31mCam\u{7F}\u{0D}"#

    /// c525.json with control characters in the device name, a menu item and a format description.
    static func evilProfile() throws -> String {
        var doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: c525))) as! [String: Any]
        var device = doc["device"] as! [String: Any]
        device["name"] = evil
        var captures = device["captures"] as! [[String: Any]]
        var formats = captures[0]["formats"] as! [[String: Any]]
        formats[0]["description"] = "YUYV\u{1B}[5m blink"
        captures[0]["formats"] = formats
        var controls = captures[0]["controls"] as! [[String: Any]]
        if let i = controls.firstIndex(where: { ($0["menu"] as? [Any])?.isEmpty == false }) {
            var menu = controls[i]["menu"] as! [[String: Any]]
            menu[0]["name"] = "50\u{1B}]52;c;SGVsbG8=\u{07}Hz"
            controls[i]["menu"] = menu
        }
        captures[0]["controls"] = controls
        device["captures"] = captures
        doc["device"] = device
        let data = try JSONSerialization.data(withJSONObject: doc)
        return try CLI.fixture(String(decoding: data, as: UTF8.self))
    }

    /// Whether `s` holds a control character a terminal would act on.
    static func hasRawControls(_ s: String) -> Bool {
        s.unicodeScalars.contains { u in
            (u.value < 0x20 && u != "\n" && u != "\t") || (0x7F...0x9F).contains(u.value)
        }
    }

    @Test func textOutputEscapesControlCharacters() throws {
        let p = try Self.evilProfile()
        for args in [["show", "0"], ["list"], ["negotiate", "0", "--preset", "high", "--explain"], ["ctl", "0"]] {
            let r = try CLI.run(args + ["--profile", p])
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(!Self.hasRawControls(r.stdout), "\(args) printed a raw control character")
            #expect(!Self.hasRawControls(r.stderr), "\(args) printed a raw control character on stderr")
            #expect(r.stdout.contains(Self.evilShown), "\(args): \(r.stdout.prefix(300))")
            #expect(!r.stdout.unicodeScalars.contains { $0.value == 0xFDD0 }, "style marks must never be written")
        }
        let show = try CLI.run(["show", "0", "--profile", p])
        #expect(show.stdout.contains(#"YUYV\u{1B}[5m blink"#))
        #expect(show.stdout.contains(#"50\u{1B}]52;c;SGVsbG8=\u{07}Hz"#))
    }

    @Test func aNewlineInANameCannotForgeALine() throws {
        let text = try String(contentsOfFile: Self.c525, encoding: .utf8)
            .replacingOccurrences(of: "\"name\" : \"HD Webcam C525\"", with: "\"name\" : \"Cam\\n1  forged\\tline\"")
        let p = try CLI.fixture(text)
        let list = try CLI.run(["list", "--profile", p])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains(#"Cam\u{0A}1  forged\u{09}line"#), "\(list.stdout)")
        #expect(list.stdout.split(separator: "\n").count == 2)
        let show = try CLI.run(["show", "0", "--profile", p])
        #expect(show.stdout.hasPrefix(#"Cam\u{0A}1  forged\u{09}line"# + "\n"), "\(show.stdout.prefix(100))")
    }

    @Test func jsonOutputStaysValidAndKeepsTheValue() throws {
        let p = try Self.evilProfile()
        let r = try CLI.run(["show", "0", "--json", "--profile", p])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!Self.hasRawControls(r.stdout))
        let doc = try JSONDecoder().decode(DeviceDocument.self, from: Data(r.stdout.utf8))
        #expect(doc.device.name == Self.evil)
        let w = try CLI.run(["profile", "write", "0", "--profile", p, "-o", "-"])
        #expect(!Self.hasRawControls(w.stdout))
        #expect(try JSONDecoder().decode(DeviceDocument.self, from: Data(w.stdout.utf8)).device.name == Self.evil)
    }

    @Test func errorsOnStderrAreEscapedToo() throws {
        let r = try CLI.run(["show", "nope\u{1B}]0;x\u{07}", "--profile", Self.c525])
        #expect(r.status == 1)
        #expect(!Self.hasRawControls(r.stderr))
        #expect(r.stderr.contains(#"nope\u{1B}]0;x\u{07}"#), "\(r.stderr)")
    }

    @Test func monitorTextEscapesDeviceNames() throws {
        let fixture = CLI.fixtures + "/c525.json"
        let text = try String(contentsOfFile: fixture, encoding: .utf8)
            .replacingOccurrences(of: "\"card\" : \"HD Webcam C525\"", with: "\"card\" : \"Cam\\u001b]0;pwned\\u0007\"")
        #expect(text.contains("pwned"), "the fixture's card was not replaced: its spelling changed")
        let f = try CLI.fixture(text)
        let r = try CLI.run(["monitor", "--fixture", f])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#"Cam\u{1B}]0;pwned\u{07}"#), "\(r.stdout)")
        #expect(!Self.hasRawControls(r.stdout))
    }

    /// Runs `camprobe` with standard output on `path` (e.g. /dev/full).
    static func runTo(_ path: String, _ args: [String]) throws -> (status: Int32, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = args
        p.standardOutput = FileHandle(forWritingAtPath: path)
        let err = Pipe()
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    @Test(arguments: [
        ["show", "0", "--json"], ["show", "0"], ["list"], ["profile", "write", "0", "-o", "-"],
        ["negotiate", "0", "--preset", "high"], ["ctl", "0", "--json"], ["profile", "schema"],
    ])
    func writeFailuresOnStandardOutputAreReported(_ args: [String]) throws {
        let r = try Self.runTo("/dev/full", args + (args.contains("schema") ? [] : ["--profile", Self.c525]))
        #expect(r.status == 1, "\(args)")
        #expect(r.stderr.contains("camprobe: error: cannot write to standard output: No space left on device"), "\(args): \(r.stderr)")
    }

    @Test func helpToAFullDiskIsReported() throws {
        let r = try Self.runTo("/dev/full", ["--help"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot write to standard output"))
    }

    @Test func aClosedPipeEndsQuietly() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["show", "0", "--json", "--profile", Self.root.appendingPathComponent("Profiles/vivid-default.json").path]
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        try out.fileHandleForReading.close()  // the reader went away, like `| head -0`
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(e.isEmpty, "\(String(decoding: e, as: UTF8.self))")
        // Killed by SIGPIPE (the default), or status 141 when SIGPIPE was ignored.
        let bySignal = p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGPIPE
        #expect(bySignal || p.terminationStatus == 141, "\(p.terminationReason) \(p.terminationStatus)")
    }
}

/// Errors that repeat input show its start and its size, never all of it.
@Suite("Long input in error messages", .serialized)
struct LongInputErrorTests {
    static func profile(unknownKeyLength n: Int) throws -> String {
        var doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: OutputSafetyTests.c525))) as! [String: Any]
        var device = doc["device"] as! [String: Any]
        device[String(repeating: "x", count: n)] = 1
        doc["device"] = device
        return try CLI.fixture(String(decoding: try JSONSerialization.data(withJSONObject: doc), as: UTF8.self))
    }

    @Test func aHugeKeyIsClippedInShowAndValidate() throws {
        let p = try Self.profile(unknownKeyLength: 2_000_000)
        let show = try CLI.run(["show", "0", "--profile", p])
        #expect(show.status == 1)
        #expect(show.stderr.utf8.count < 1000, "\(show.stderr.utf8.count) bytes")
        #expect(show.stderr.contains("… (2000007 bytes): unknown property"), "\(show.stderr.prefix(400))")
        let validate = try CLI.run(["profile", "validate", p])
        #expect(validate.status == 1)
        #expect(validate.stderr.utf8.count < 1000, "\(validate.stderr.utf8.count) bytes")
        #expect(validate.stderr.contains("… (2000007 bytes)"))
    }

    @Test func longArgumentsAreClipped() throws {
        let long = String(repeating: "9", count: 100_000)
        let format = try CLI.run(["negotiate", "0", "--profile", OutputSafetyTests.c525, "--format", long])
        #expect(format.status == 2)
        #expect(format.stderr.utf8.count < 1000)
        #expect(format.stderr.contains("… (100001 bytes)': not a four-character code"), "\(format.stderr.prefix(300))")
        let selector = try CLI.run(["show", String(repeating: "z", count: 100_000), "--profile", OutputSafetyTests.c525])
        #expect(selector.status == 1)
        #expect(selector.stderr.utf8.count < 1000)
        let spaced = try CLI.run(["show", String(repeating: "z ", count: 50_000), "--profile", OutputSafetyTests.c525])
        #expect(spaced.stderr.utf8.count < 3000, "\(spaced.stderr.utf8.count) bytes")
    }
}
