import Foundation
import Testing

@testable import ProfileFormat

/// `camprobe levels`: argument errors, what it prints (text and JSON Lines that
/// match Profiles/schema/camprobe-levels.schema.json), busy and vanished
/// microphones; and `monitor --levels`. The fake libasound plays sines at fixed levels.
@Suite("camprobe levels", .serialized)
struct LevelsTests {
    static func fixture(_ pcm: String, name: String) throws -> String {
        let json =
            #"{"nodes":[{"path":"/dev/snd/controlC1","subsystem":"sound","driver":"","card":"","busInfo":"","udev":{"parent":{"sysPath":"/sys/devices/platform/snd_aloop.0","bus":"platform","portPath":"platform-snd_aloop.0"}},"audio":{"id":"Loopback","name":"Loopback","driver":"Loopback","pcms":[\#(pcm)]}}]}"#
        let path = CLI.scratch + "/levels-\(name).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let stereo = #"{"device":0,"name":"Loopback PCM","formats":["S16_LE"],"channels":"1-32","rates":"8000-192000","levels":[0,-20]}"#

    static func validator() throws -> JSONSchemaValidator {
        let schema = try OutputSchemaTests.parsed(OutputSchemaTests.schemaDirectory + "/camprobe-levels.schema.json")
        let v = JSONSchemaValidator(schema: schema, files: ["camprobe-levels.schema.json": schema])
        #expect(v.schemaProblems.isEmpty, "\(v.schemaProblems)")
        return v
    }

    @Test(arguments: [
        ["levels"], ["levels", "hw:1,0", "--seconds", "0"], ["levels", "hw:1,0", "--seconds", "-1"],
        ["levels", "hw:1,0", "--channels", "0"], ["levels", "hw:1,0", "--seconds", "many"], ["levels", ""],
    ])
    func argumentErrors(_ args: [String]) throws {
        let r = try CLI.runShipped(args)
        #expect(r.status == 2, "\(args): \(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func missingPCMIsAClearError() throws {
        let r = try CLI.runShipped(["levels", "hw:97,0", "--seconds", "1"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no capture PCM hw:97,0"), "\(r.stderr)")
    }

    @Test func jsonLinesMatchTheSchema() throws {
        let f = try Self.fixture(Self.stereo, name: "json")
        let r = try CLI.run(["levels", "hw:Loopback,0", "--seconds", "0.5", "--json", "--fixture", f])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        let v = try Self.validator()
        for line in lines {
            let issues = v.validate(try JSONValue.parse(Array(line.utf8))).map(\.description)
            #expect(issues.isEmpty, "\(line): \(issues)")
        }
        let first = try #require(lines.first)
        #expect(
            first.contains(
                #""channels":[{"averagePowerLevel":-3.01,"peakHoldLevel":0.0},{"averagePowerLevel":-23.01,"peakHoldLevel":-20.0}]"#),
            "\(first)")
        // A wrong document is rejected: the schema does check.
        let bad = #"{"time":"2026-01-01T00:00:00.000Z","channels":[{"averagePowerLevel":3}]}"#
        #expect(!v.validate(try JSONValue.parse(Array(bad.utf8))).isEmpty)
    }

    @Test func silenceIsNullAndXrunsAreReported() throws {
        let pcm = #"{"device":0,"name":"p","levels":[null,-6],"xrunEveryFrames":4800,"realTime":true}"#
        let r = try CLI.run(["levels", "hw:1,0", "--seconds", "0.3", "--json", "--fixture", try Self.fixture(pcm, name: "silence")])
        #expect(r.status == 0, "\(r.stderr)")
        let last = try #require(r.stdout.split(separator: "\n").last)
        #expect(last.contains(#"{"averagePowerLevel":null,"peakHoldLevel":null}"#))
        #expect(last.contains(#""xruns":2"#), "\(last)")
        let v = try Self.validator()
        #expect(v.validate(try JSONValue.parse(Array(last.utf8))).isEmpty)
    }

    @Test func plainTextOffATerminal() throws {
        let r = try CLI.run(["levels", "Loopback", "--seconds", "0.2", "--fixture", try Self.fixture(Self.stereo, name: "text")])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasSuffix("ch1 avg -3.01 peak 0.0  ch2 avg -23.01 peak -20.0 dBFS") }, "\(r.stdout)")
    }

    @Test func busyAndGoneAreClearErrors() throws {
        let busy = try Self.fixture(#"{"device":0,"name":"p","openError":"EBUSY"}"#, name: "busy")
        let b = try CLI.run(["levels", "hw:1,0", "--seconds", "1", "--fixture", busy])
        #expect(b.status == 1)
        #expect(b.stderr.contains("hw:1,0 is busy"), "\(b.stderr)")
        let gone = try Self.fixture(#"{"device":0,"name":"p","levels":[-6],"goneAfterFrames":9600}"#, name: "gone")
        let g = try CLI.run(["levels", "hw:1,0", "--seconds", "5", "--json", "--fixture", gone])
        #expect(g.status == 1)
        #expect(g.stdout.split(separator: "\n").count == 2)
        #expect(g.stderr.contains("went away while it was read"), "\(g.stderr)")
        #expect(g.stderr.contains("stopped after 2 readings"), "\(g.stderr)")
    }

    @Test func noMicrophoneOnTheDevice() throws {
        let r = try CLI.run([
            "levels", "Loopback", "--fixture", try Self.fixture(#"{"device":0,"name":"p","stream":"playback"}"#, name: "none"),
        ])
        #expect(r.status == 1)
    }

    @Test func monitorShowsLevels() throws {
        let pcm = #"{"device":0,"name":"p","levels":[-6],"realTime":true}"#
        let r = try CLI.run(["monitor", "--levels", "--json", "--timeout", "1.3", "--fixture", try Self.fixture(pcm, name: "monitor")])
        #expect(r.status == 0, "\(r.stderr)")
        let levels = r.stdout.split(separator: "\n").filter { $0.contains(#""event":"levels""#) }
        #expect((1...3).contains(levels.count), "\(r.stdout)")
        let schema = try OutputSchemaTests.parsed(OutputSchemaTests.schemaDirectory + "/camprobe-levels.schema.json")
        let v = JSONSchemaValidator(
            schema: try JSONValue.parse(Array(#"{"$ref":"camprobe-levels.schema.json#/$defs/monitorLevels"}"#.utf8)),
            files: ["camprobe-levels.schema.json": schema])
        for line in levels {
            #expect(v.validate(try JSONValue.parse(Array(line.utf8))).isEmpty, "\(line)")
            #expect(line.contains(#""averagePowerLevel":-9.01"#), "\(line)")
        }
    }
}
