import ALSA
import CaptureModel

/// One sound card as libasound would describe it.
public struct FakeAudioSpec: Codable, Sendable {
    public var id: String
    public var name: String
    public var longName: String?
    public var driver: String?
    /// errno name `snd_ctl_open` fails with, e.g. "EACCES".
    public var openError: String?
    public var pcms: [FakePCMSpec]

    public struct FakePCMSpec: Codable, Sendable {
        public var device: Int32
        public var name: String
        /// "capture" (default) or "playback".
        public var stream: String?
        public var subdevices: UInt32?
        public var formats: [String]?
        /// "1-2"
        public var channels: String?
        /// "5500-48000"
        public var rates: String?
        /// errno name `snd_pcm_open` fails with, e.g. "EBUSY".
        public var openError: String?
    }
}

/// libasound at the seam, answering from fixture cards (nodes with `subsystem: "sound"`).
struct FakeALSAPort: ALSAPort {
    let cards: [Int32: FakeAudioSpec]

    init(cards nodes: [FakeNodeSpec]) {
        var c: [Int32: FakeAudioSpec] = [:]
        for n in nodes {
            if let a = n.audio, let k = AudioCardReader.cardNumber(controlPath: n.path) { c[k] = a }
        }
        cards = c
    }

    static let errnos: [String: Int32] = ["EPERM": 1, "ENOENT": 2, "EIO": 5, "EACCES": 13, "EBUSY": 16, "ENODEV": 19]

    func card(_ k: Int32, _ call: String) throws(ALSAError) -> FakeAudioSpec {
        guard let c = cards[k] else { throw ALSAError(call: call, target: "hw:\(k)", errno: 19, message: "No such device") }
        if let e = c.openError { throw ALSAError(call: call, target: "hw:\(k)", errno: Self.errnos[e] ?? 5, message: e) }
        return c
    }

    func cardInfo(_ k: Int32) throws(ALSAError) -> ALSACardInfo {
        let c = try card(k, "snd_ctl_open")
        return ALSACardInfo(id: c.id, name: c.name, longName: c.longName ?? c.name, driver: c.driver ?? "")
    }

    func capturePCMs(_ k: Int32) throws(ALSAError) -> [ALSAPCMInfo] {
        try card(k, "snd_ctl_open").pcms.filter { ($0.stream ?? "capture") == "capture" }
            .map { ALSAPCMInfo(device: $0.device, name: $0.name, subdevices: $0.subdevices ?? 1) }
    }

    func hardwareRanges(card k: Int32, device: Int32) throws(ALSAError) -> ALSAHardwareRanges {
        let target = "hw:\(k),\(device)"
        guard let p = try card(k, "snd_pcm_open").pcms.first(where: { $0.device == device }) else {
            throw ALSAError(call: "snd_pcm_open", target: target, errno: 2, message: "No such file or directory")
        }
        if let e = p.openError { throw ALSAError(call: "snd_pcm_open", target: target, errno: Self.errnos[e] ?? 5, message: e) }
        func range(_ s: String?) -> (UInt32, UInt32) {
            let parts = (s ?? "").split(separator: "-").compactMap { UInt32($0) }
            return (parts.first ?? 0, parts.last ?? 0)
        }
        let (cmin, cmax) = range(p.channels)
        let (rmin, rmax) = range(p.rates)
        let rates = [8000, 11025, 16000, 22050, 32000, 44100, 48000, 96000].map(UInt32.init).filter { $0 >= rmin && $0 <= rmax }
        return ALSAHardwareRanges(
            formats: p.formats ?? [], minChannels: cmin, maxChannels: cmax, minRate: rmin, maxRate: rmax, rates: rates)
    }
}
