import DeviceFixtures
import FoundationEssentials

extension Fixtures {
    /// The fake machine of `Tests/Fixtures/NAME` (e.g. `"c525.json"`).
    package static func system(_ name: String) throws -> FakeDeviceSystem {
        try FakeDeviceSystem(fixtures: [path(name)])
    }

    /// The fake machine of an inline fixture document (`{"nodes":[…]}`).
    package static func system(json: String) throws -> FakeDeviceSystem {
        FakeDeviceSystem(spec: try JSONDecoder().decode(FakeSystemSpec.self, from: Data(json.utf8)))
    }
}

/// The streamable webcam of `streamableNode` as a whole fake machine.
package func seamSystem(extra: String = "") throws -> FakeDeviceSystem {
    try Fixtures.system(json: #"{"nodes":["# + streamableNode(extra: extra) + "]}")
}
