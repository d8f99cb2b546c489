import CamProbe
import CamProbeTesting
import CaptureModel
import FoundationEssentials

/// Devices for the negotiation tests: real cameras' fixtures through the fake
/// ioctl seam, and shipped profiles.
enum Cameras {
    static let repo = Fixtures.repository

    static let fixtureNames = [
        "c525", "arducam-0c45-6366", "camlink-4k", "emeet-s800", "mission-control-4k", "pixpro-4k", "large-synthetic",
    ]
    static let profileNames = ["vivid-webcam", "vivid-multiplanar-hdmi", "vivid-default"]

    static func fixture(_ name: String) throws -> Device {
        let system = try FakeDeviceSystem(fixtures: [repo + "/Tests/Fixtures/\(name).json"])
        guard let d = DeviceDiscovery(system: system).discover().devices.first else { throw TestError("no device in \(name)") }
        return d
    }

    static func profile(_ name: String) throws -> Device { try ProfileFile.load(repo + "/Profiles/\(name).json") }

    static func inline(_ json: String) throws -> Device {
        let system = FakeDeviceSystem(spec: try JSONDecoder().decode(FakeSystemSpec.self, from: Data(json.utf8)))
        guard let d = DeviceDiscovery(system: system).discover().devices.first else { throw TestError("no device") }
        return d
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
