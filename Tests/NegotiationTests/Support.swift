import CaptureModel
import DeviceFixtures
import FoundationEssentials

/// Devices for the negotiation tests, without the façade: the devices discovery made of real cameras' fixtures
/// (`Devices/NAME.json`, checked against discovery by CamProbeTests' `NegotiationDeviceSnapshotTests`), and shipped
/// profiles' devices decoded as plain JSON (checked there against `ProfileFile.load`).
enum Cameras {
    static let repo = Fixtures.repository

    static let fixtureNames = [
        "c525", "arducam-0c45-6366", "camlink-4k", "emeet-s800", "mission-control-4k", "pixpro-4k", "large-synthetic",
    ]
    static let profileNames = ["vivid-webcam", "vivid-multiplanar-hdmi", "vivid-default"]

    /// Every device discovery made of a fixture (or of `vimc-topology+subdevs`: vimc's graph with its sub-devices).
    static func discovered(_ name: String) throws -> [Device] {
        try JSONDecoder().decode(
            [Device].self, from: Data(contentsOf: URL(fileURLWithPath: repo + "/Tests/NegotiationTests/Devices/\(name).json")))
    }

    static func fixture(_ name: String) throws -> Device {
        guard let d = try discovered(name).first else { throw TestError("no device in \(name)") }
        return d
    }

    /// A profile document's device (`Profiles/NAME.json` or any path ending in `.json`).
    static func profile(_ name: String) throws -> Device {
        struct Document: Decodable { var device: Device }
        let path = name.hasSuffix(".json") ? name : repo + "/Profiles/\(name).json"
        return try JSONDecoder().decode(Document.self, from: Data(contentsOf: URL(fileURLWithPath: path))).device
    }

    /// Every camera, read once for the whole test run.
    static let loaded: [String: Device] = {
        var out: [String: Device] = [:]
        for n in fixtureNames { out[n] = try? fixture(n) }
        for n in profileNames { out[n] = try? profile(n) }
        return out
    }()

    static func named(_ n: String) throws -> Device {
        guard let d = loaded[n] else { throw TestError("camera \(n) did not load") }
        return d
    }

    /// The vivid HDMI receiver as if its input had no DV-timings signal: its stepwise ranges are then all on offer.
    static func stepwiseReceiver() throws -> Device {
        var d = try named("vivid-multiplanar-hdmi")
        for i in d.captures[0].inputs.indices { d.captures[0].inputs[i].capabilities = nil }
        return d
    }
}

struct TestError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
