import CaptureModel
import DeviceFixtures
import FoundationEssentials
import Negotiation
import Testing

/// What the emitter tests decide on, without the façade: the devices discovery made of real cameras' fixtures, as
/// NegotiationTests reads them (`Tests/NegotiationTests/Devices/NAME.json`), and an ALSA loopback card.
enum EmitFixtures {
    /// Every device discovery made of fixture `name` (`c525`, or `vimc-topology+subdevs`: vimc's graph with its
    /// sub-devices).
    static func discovered(_ name: String) throws -> [Device] {
        let path = Fixtures.repository + "/Tests/NegotiationTests/Devices/\(name).json"
        return try JSONDecoder().decode([Device].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The Logitech C525 as discovered.
    static func c525() throws -> Device { try #require(try discovered("c525").first) }

    /// vimc's cameras, one per sensor.
    static func vimc() throws -> [Device] { try discovered("vimc-topology+subdevs") }

    /// The loopback card's second PCM, named by its card id.
    static let loopback = AudioCaptureCard(
        card: 2, cardID: "Loopback", name: "Loopback", longName: "Loopback 1", driver: "Loopback", controlPath: "/dev/snd/controlC2",
        pcms: [
            AudioCapturePCM(
                device: 1, alsaName: "hw:CARD=Loopback,DEV=1", name: "Loopback PCM", subdevices: 8,
                formats: ["S16_LE", "S16_BE", "S24_LE", "S32_LE", "FLOAT_LE"], minChannels: 1, maxChannels: 32, minRate: 8000,
                maxRate: 192000, rates: AudioNegotiator.commonRates)
        ])
}
