import CamProbe
import CamProbeTesting
import CaptureModel
import Foundation
import Testing

/// The real-camera fixtures in `Tests/Fixtures` are what `camprobe-fixture` (the Swift v4l2-ctl importer, then the
/// fake machine's own `Codable` types) makes of the dumps in `Tests/Fixtures/v4l2-ctl`: regenerating them with
/// `scripts/fixtures/make_fixtures.sh` gives the committed files back byte for byte.
@Suite("Fixtures are written from the dumps by the importer")
struct FixtureWriterTests {
    static let cameras = [
        "arducam-0c45-6366.json", "camlink-4k.json", "c525.json", "pixpro-4k.json", "emeet-s800.json", "mission-control-4k.json",
    ]

    @Test func makeFixturesRegeneratesTheCommittedCameraFixtures() throws {
        let root = ProfileCommandEndToEndTests.root
        let out = CLI.scratch + "/regenerated-fixtures-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let run = try CLI.run(
            "/bin/sh", [root + "/scripts/fixtures/make_fixtures.sh", out],
            environment: ["CAMPROBE_FIXTURE": CLI.locate("camprobe-fixture"), "FIXTURES_CAMERAS_ONLY": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(written == Self.cameras.sorted())
        for name in Self.cameras {
            let made = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))
            let committed = try Data(contentsOf: URL(fileURLWithPath: root + "/Tests/Fixtures/" + name))
            #expect(made == committed, "\(name) differs from the committed fixture")
        }
    }

    /// What no committed dump has: another driver (intervals as the importer reads them, not in uvcvideo's units), a
    /// stepwise size, a card name outside ASCII (written as UTF-8). The fixture is one the fake machine reads.
    @Test func otherDriversStepwiseSizesAndNonASCIINamesMakeAFixtureTheFakeReads() throws {
        let all = """
            Driver Info:
            \tDriver name      : vivid
            \tCard type        : Caméra ü
            \tBus info         : platform:vivid-000
            \tDriver version   : 6.8.12
            \tCapabilities     : 0x85200001
            \tDevice Caps      : 0x04200001
            """
        let formats = """
            ioctl: VIDIOC_ENUM_FMT
            \tType: Video Capture

            \t[0]: 'YUYV' (YUYV 4:2:2)
            \t\tSize: Stepwise 16x16 - 1920x1080 with step 2/2
            \t\t\tInterval: Discrete 0.033s (30.000 fps)
            \t[1]: 'MJPG' (Motion-JPEG, compressed)
            \t\tSize: Discrete 640x480
            \t\t\tInterval: Discrete 0.033s (29.970 fps)
            """
        let dir = CLI.scratch + "/fixture-writer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try all.write(toFile: dir + "/all.txt", atomically: true, encoding: .utf8)
        try formats.write(toFile: dir + "/list-formats-ext.txt", atomically: true, encoding: .utf8)
        let run = try CLI.run(
            CLI.locate("camprobe-fixture"),
            [
                "--node", "/dev/video3", "--all", dir + "/all.txt", "--formats", dir + "/list-formats-ext.txt", "--description",
                "a vivid node", "-o", dir + "/vivid.json",
            ], environment: [:])
        #expect(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOfFile: dir + "/vivid.json", encoding: .utf8)
        #expect(text.contains(#""card" : "Caméra ü""#), "\(text)")
        #expect(text.contains(#""1001/30000""#) && !text.contains("10000000"), "\(text)")
        let capture = try #require(try FakeDeviceSystem(fixtures: [dir + "/vivid.json"]).discoverAll().devices.first?.captures.first)
        #expect(capture.identity.card == "Caméra ü" && capture.identity.driver == "vivid")
        let yuyv = try #require(capture.format("YUYV"))
        #expect(yuyv.sizes.first?.kind == .stepwise && yuyv.sizes.first?.largest == Dimensions(width: 1920, height: 1080))
        let mjpg = try #require(capture.format("MJPG"))
        #expect(mjpg.sizes == [.discrete(Dimensions(width: 640, height: 480), intervals: .discrete([FrameDuration(1001, 30000)]))])
    }
}
