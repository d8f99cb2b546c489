import CamProbe
import CamProbeTesting
import CaptureModel
import FoundationEssentials
import Testing

/// NegotiationTests read cameras without the façade: the devices discovery makes of the fixtures, saved as JSON in
/// `Tests/NegotiationTests/Devices`, and the shipped profiles' `device` decoded as plain JSON. Both are what the
/// façade makes of them today; `CAMPROBE_WRITE_DEVICE_SNAPSHOTS=1 swift test --filter NegotiationDeviceSnapshot`
/// rewrites the snapshots after a change to discovery (and the golden decisions then show what it changed).
@Suite("The devices NegotiationTests read are the façade's")
struct NegotiationDeviceSnapshotTests {
    static let folder = Fixtures.repository + "/Tests/NegotiationTests/Devices"

    /// Each snapshot by name and the fixture files of its machine: every fixture alone, and vimc's graph with its
    /// sub-devices.
    static let sources: [(name: String, fixtures: [String])] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.directory)) ?? []
        let alone = names.filter { $0.hasSuffix(".json") }.sorted().map { (String($0.dropLast(5)), [$0]) }
        return alone + [("vimc-topology+subdevs", ["vimc-topology.json", "vimc-subdevs.json"])]
    }()

    static func encoded(_ devices: [Device]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(devices)
    }

    @Test(arguments: sources.map(\.name))
    func eachSnapshotIsWhatDiscoveryMakesOfItsFixtures(_ name: String) throws {
        let fixtures = try #require(Self.sources.first { $0.name == name }).fixtures
        let devices = try FakeDeviceSystem(fixtures: fixtures.map(Fixtures.path)).discoverAll().devices
        let path = Self.folder + "/" + name + ".json"
        if ProcessInfo.processInfo.environment["CAMPROBE_WRITE_DEVICE_SNAPSHOTS"] == "1" {
            try Self.encoded(devices).write(to: URL(fileURLWithPath: path))
        }
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(saved == (try Self.encoded(devices)), "\(path) is stale: rewrite it (see this suite's comment)")
        // The JSON loses nothing: NegotiationTests negotiate over the very devices discovery made.
        #expect(try JSONDecoder().decode([Device].self, from: saved) == devices)
    }

    @Test func noSnapshotIsLeftOverFromAFixtureThatIsGone() throws {
        let saved = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".json") }
        #expect(Set(saved) == Set(Self.sources.map { $0.name + ".json" }))
    }

    /// A profile's `device`, decoded as plain JSON (what NegotiationTests do), is the device `ProfileFile.load`
    /// reads after checking the schema.
    @Test func aProfileDecodedAsPlainJSONIsTheLoadedDevice() throws {
        struct Document: Decodable { var device: Device }
        let profiles = try FileManager.default.contentsOfDirectory(atPath: Fixtures.profiles).filter { $0.hasSuffix(".json") }
        #expect(profiles.count > 10)
        for name in profiles {
            let path = Fixtures.profiles + "/" + name
            let plain = try JSONDecoder().decode(Document.self, from: Data(contentsOf: URL(fileURLWithPath: path))).device
            #expect(plain == (try ProfileFile.load(path)), "\(name)")
        }
    }
}
