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
}
