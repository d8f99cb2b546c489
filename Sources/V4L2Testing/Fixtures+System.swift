import CaptureModel
import DeviceFixtures
import FoundationEssentials
import HostSystem
import V4L2

extension Fixtures {
    package static func system(_ name: String) throws -> FakeDeviceSystem {
        try FakeDeviceSystem(fixtures: [path(name)])
    }

    package static func system(json: String) throws -> FakeDeviceSystem {
        FakeDeviceSystem(spec: try JSONDecoder().decode(FakeSystemSpec.self, from: Data(json.utf8)))
    }
}

/// The streamable webcam of `streamableNode` as a whole fake machine.
package func seamSystem(extra: String = "") throws -> FakeDeviceSystem {
    try Fixtures.system(json: #"{"nodes":["# + streamableNode(extra: extra) + "]}")
}
