import ALSA
import DeviceFixtures
import FoundationEssentials

extension Fixtures {
    /// libasound as a fixture machine's sound cards would answer it (its nodes with `subsystem: "sound"`).
    package static func alsa(json: String) throws -> any ALSAPort {
        FakeALSAPort(cards: try JSONDecoder().decode(FakeSystemSpec.self, from: Data(json.utf8)).nodes)
    }
}
