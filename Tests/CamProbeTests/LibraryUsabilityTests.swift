import CamProbe
import CamProbeTesting
import CaptureModel
import Foundation
import Negotiation
import Testing

/// The library as a new user meets it: literals, printable decisions, one call
/// that negotiates across a device's capture nodes, and the examples that build.
@Suite("Library usability")
struct LibraryUsabilityTests {
    // MARK: FourCC literals

    @Test func fourCCLiteral() {
        let mjpeg: FourCC = "MJPG"
        #expect(mjpeg == FourCC("MJPG" as String))
        #expect(FourCC("YUYV").rawValue == 0x5659_5559)
        #expect(FourCC("Y10 ").description == "Y10 ")
        #expect(FourCC("AR24-BE").description == "AR24-BE")
        let request = CaptureRequest(format: .list(["MJPG", "YUYV"]))
        #expect(request.format == .list([FourCC("MJPG" as String)!, FourCC("YUYV" as String)!]))
        // Runtime text still goes through the failable initializer.
        let typed = "H26"
        #expect(FourCC(typed)?.description == "H26 ")
        #expect(FourCC("TOOLONG" as String) == nil)
    }

    @Test func fourCCLiteralOfWrongLengthTraps() async {
        await #expect(processExitsWith: .failure) { _ = FourCC(stringLiteral: "Y10") }
        await #expect(processExitsWith: .failure) { _ = FourCC(stringLiteral: "MJPEG") }
        await #expect(processExitsWith: .failure) { _ = FourCC(stringLiteral: "") }
    }

    // MARK: Descriptions

    static let fullHD = Dimensions(width: 1920, height: 1080)

    @Test func validDecisionReadsAsOneLine() throws {
        let c525 = try Cameras.named("c525")
        let d = Negotiator.decide(
            CaptureRequest(size: .exact(Self.fullHD), rate: .exact(Rational(30, 1)), format: .list(["MJPG"])),
            for: c525.captures[0])
        #expect(d.outcome == .valid)
        #expect("\(d)" == "VALID MJPG 1920x1080 @ 30 fps")
        #expect(d.choice.map { "\($0)" } == "MJPG 1920x1080 @ 30 fps")
    }

    @Test func adjustedDecisionSaysWhatChangedAndWhy() throws {
        let c525 = try Cameras.named("c525")
        let d = Negotiator.decide(
            CaptureRequest(size: .exact(Self.fullHD), rate: .exact(Rational(60, 1)), format: .list(["MJPG"])),
            for: c525.captures[0])
        #expect(d.outcome == .adjusted)
        let rate = try #require(d.changes.first { $0.field == "rate" })
        #expect("\(d)" == "ADJUSTED MJPG 1920x1080 @ 30 fps (rate \(rate.requested) → \(rate.chosen): \(rate.reason))")
        #expect("\(d)".hasPrefix("ADJUSTED MJPG 1920x1080 @ 30 fps (rate 60"))
    }

    @Test func unsupportedDecisionGivesTheReason() throws {
        let c525 = try Cameras.named("c525")
        var r = CaptureRequest(rate: .exact(Rational(240, 1)))
        r.requireRate = true
        let d = Negotiator.decide(r, for: c525.captures[0])
        #expect(d.outcome == .unsupported)
        #expect("\(d)" == "UNSUPPORTED: " + d.reasons.joined(separator: "; "))
        #expect("\(d)".contains("below the required rate"))
    }

    @Test func emulatedChoiceIsMarked() throws {
        var node = try Cameras.named("c525").captures[0]
        for i in node.formats.indices { node.formats[i].flags.insert(.emulated) }
        let choice = try #require(Negotiator.decide(CaptureRequest(size: .exact(Self.fullHD)), for: node).choice)
        #expect("\(choice)".hasSuffix(" (emulated)"))
    }

    // MARK: Negotiating across a device's capture nodes

    /// A camera with two capture nodes: MJPG/YUYV on /dev/video8, H.264 on /dev/video10.
    static func arducam() throws -> Device { try Cameras.profile("imported-arducam-0c45-6366") }

    @Test func acrossNodesFindsTheNodeThatServesTheRequest() throws {
        let cam = try Self.arducam()
        #expect(cam.captures.map(\.path) == ["/dev/video8", "/dev/video10"])
        let h264 = Negotiator.decide(
            CaptureRequest(size: .exact(Self.fullHD), rate: .exact(Rational(30, 1)), format: .list(["H264"])), across: cam)
        #expect(h264.path == "/dev/video10")
        #expect(h264.decision.outcome == .valid)
        #expect(h264.decision.choice?.path == "/dev/video10")
        #expect(h264.nodes.map(\.outcome) == [.adjusted, .valid])
        #expect("\(h264)" == "/dev/video10: VALID H264 1920x1080 @ 30 fps")
        // The first node alone could only adjust the format.
        #expect(
            Negotiator.decide(CaptureRequest(size: .exact(Self.fullHD), format: .list(["H264"])), for: cam.captures[0]).outcome == .adjusted
        )
    }

    @Test func acrossNodesPrefersTheFirstNodeWhenBothServe() throws {
        let cam = try Self.arducam()
        let preset = Negotiator.decide(preset: .p1280x720, across: cam)
        #expect(preset.path == "/dev/video8")
        #expect(preset.nodes.map(\.outcome) == [.valid, .valid])
        #expect(
            preset.decision
                == Negotiator.decide(preset: .p1280x720, for: cam.captures[0], transport: cam.transport, controls: cam.captures[0].controls)
        )
        let mjpeg = Negotiator.decide(CaptureRequest(size: .exact(Self.fullHD), format: .list(["MJPG"])), across: cam)
        #expect(mjpeg.path == "/dev/video8")
    }

    @Test func acrossNodesMatchesTheSingleNodeCallOnASingleNodeCamera() throws {
        for name in ["c525", "camlink-4k", "vivid-webcam"] {
            let cam = try Cameras.named(name)
            let node = cam.captures[0]
            let request = CaptureRequest(size: .nearest(Dimensions(width: 1280, height: 720)), rate: .atLeast(Rational(30, 1)))
            let across = Negotiator.decide(request, across: cam)
            #expect(across.decision == Negotiator.decide(request, for: node, transport: cam.transport, controls: node.controls))
            #expect(across.path == node.path)
        }
    }

    @Test func acrossNodesUnsupportedListsEveryNode() throws {
        let cam = try Self.arducam()
        var r = CaptureRequest(rate: .exact(Rational(120, 1)))
        r.requireRate = true
        let d = Negotiator.decide(r, across: cam)
        #expect(d.path == nil)
        #expect(d.decision.outcome == .unsupported)
        #expect(d.decision.reasons.contains { $0.hasPrefix("/dev/video8: ") })
        #expect(d.decision.reasons.contains { $0.hasPrefix("/dev/video10: ") })
        #expect("\(d)".hasPrefix("no node: UNSUPPORTED: /dev/video8: "))
    }

    @Test func acrossNodesOfADeviceWithoutCaptureNodes() throws {
        var mic = try Cameras.named("c525")
        mic.captures = []
        let d = Negotiator.decide(preset: .high, across: mic)
        #expect(d.path == nil)
        #expect(d.decision.outcome == .unsupported)
        #expect(d.decision.reasons == ["\(mic.name) (\(mic.id)) has no video capture node"])
    }

    @Test func adjustedOnEveryNodePicksTheNearest() throws {
        // Two nodes that both miss 60 fps: the one whose mode is nearer wins, whatever its place.
        let c525 = try Cameras.named("c525")
        var slow = c525.captures[0]
        slow.path = "/dev/video2"
        for f in slow.formats.indices { slow.formats[f].sizes = slow.formats[f].sizes.filter { $0.largest.area <= 320 * 240 } }
        var cam = c525
        cam.captures = [slow, c525.captures[0]]
        let d = Negotiator.decide(CaptureRequest(size: .exact(Self.fullHD), rate: .exact(Rational(60, 1))), across: cam)
        #expect(d.nodes.map(\.outcome) == [.adjusted, .adjusted])
        #expect(d.path == c525.captures[0].path)
        #expect(d.decision.choice?.size == Self.fullHD)
    }

    // MARK: The examples

    /// The Swift code blocks of the DocC catalog's Getting Started article, joined, are the compiled
    /// `camprobe-readme-example` (Examples/README/main.swift); README.md's "Using the library" shows
    /// a part of it, word for word.
    @Test func readmeLibraryExampleIsTheCompiledOne() throws {
        let compiled = try String(contentsOfFile: Cameras.repo + "/Examples/README/main.swift", encoding: .utf8)
        let article = try String(
            contentsOfFile: Cameras.repo + "/Sources/CamProbe/CamProbe.docc/GettingStarted.md", encoding: .utf8)
        let blocks = Self.swiftBlocks(article)
        #expect(blocks.count >= 3)
        #expect(blocks.joined(separator: "\n") == compiled)

        let readme = try String(contentsOfFile: Cameras.repo + "/README.md", encoding: .utf8)
        let section = try #require(
            readme.components(separatedBy: "\n## Using the library\n").dropFirst().first?
                .components(separatedBy: "\n## ").first)
        let shown = Self.swiftBlocks(section)
        #expect(!shown.isEmpty)
        for block in shown { #expect(compiled.contains(block), "README.md shows code the example does not compile:\n\(block)") }
    }

    static func swiftBlocks(_ text: String) -> [String] {
        text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    /// The recorder example on a profile: it negotiates, prints the decision, then
    /// stops with a clear message, since a profile cannot be configured or streamed.
    @Test func recorderExampleOnAProfile() throws {
        let binary = Self.built("camprobe-recorder-example")
        #expect(FileManager.default.isExecutableFile(atPath: binary), "build it first: swift build --build-tests")
        let run = try Self.run(binary, ["--profile", Cameras.repo + "/Profiles/c525.json", "0", "--preset", "1280x720"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("HD Webcam C525 (usb-046d:0826-8E4B3C60)"))
        #expect(run.stdout.contains("Decision: /dev/video0: VALID "))
        #expect(run.stdout.contains(" 1280x720 @ "))
        #expect(run.stderr.contains("is a profile, not a live camera: it can be negotiated but not configured or streamed"))

        let free = try Self.run(binary, ["--profile", Cameras.repo + "/Profiles/c525.json", "c525", "--size", "1920x1080", "--fps", "60"])
        #expect(free.status == 1)
        #expect(free.stdout.contains("Decision: /dev/video0: ADJUSTED MJPG 1920x1080 @ 30 fps (rate "))

        let bad = try Self.run(binary, ["--profile", Cameras.repo + "/Profiles/c525.json", "nosuchcamera"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("no device matches 'nosuchcamera'"))
    }

    static func built(_ name: String) -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent(name).path
    }

    static func run(_ executable: String, _ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}

/// The cameras a new user would try: real cameras' fixtures through discovery, and shipped profiles.
private enum Cameras {
    static let repo = Fixtures.repository

    static func named(_ name: String) throws -> Device {
        if FileManager.default.fileExists(atPath: Fixtures.path(name + ".json")) {
            return try #require(try Fixtures.system(name + ".json").discoverAll().devices.first)
        }
        return try profile(name)
    }

    static func profile(_ name: String) throws -> Device { try ProfileFile.load(repo + "/Profiles/\(name).json") }
}
