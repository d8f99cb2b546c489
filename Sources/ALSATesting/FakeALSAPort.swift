import ALSA
import CaptureModel
import DeviceFixtures
import FoundationEssentials
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// libasound at the seam, answering from fixture cards (nodes with `subsystem: "sound"`).
package struct FakeALSAPort: ALSAPort {
    let cards: [Int32: FakeAudioSpec]

    /// The sound cards among `nodes` (those with `audio`, at `/dev/snd/controlC<n>`).
    package init(cards nodes: [FakeNodeSpec]) {
        var c: [Int32: FakeAudioSpec] = [:]
        for n in nodes where n.subsystem == "sound" {
            if let a = n.audio, let k = AudioCardReader.cardNumber(controlPath: n.path) { c[k] = a }
        }
        cards = c
    }

    func card(_ k: Int32, _ call: String) throws(ALSAError) -> FakeAudioSpec {
        guard let c = cards[k] else { throw ALSAError(call: call, target: "hw:\(k)", errno: 19, message: "No such device") }
        if let e = c.openError { throw ALSAError(call: call, target: "hw:\(k)", errno: Errno.number(named: e) ?? Errno.EIO, message: e) }
        return c
    }

    package func cardInfo(_ k: Int32) throws(ALSAError) -> ALSACardInfo {
        let c = try card(k, "snd_ctl_open")
        return ALSACardInfo(id: c.id, name: c.name, longName: c.longName ?? c.name, driver: c.driver ?? "")
    }

    package func capturePCMs(_ k: Int32) throws(ALSAError) -> [ALSAPCMInfo] {
        try card(k, "snd_ctl_open").pcms.filter { ($0.stream ?? "capture") == "capture" }
            .map { ALSAPCMInfo(device: $0.device, name: $0.name, subdevices: $0.subdevices ?? 1) }
    }

    package func hardwareRanges(card k: Int32, device: Int32) throws(ALSAError) -> ALSAHardwareRanges {
        let target = "hw:\(k),\(device)"
        guard let p = try card(k, "snd_pcm_open").pcms.first(where: { $0.device == device }) else {
            throw ALSAError(call: "snd_pcm_open", target: target, errno: 2, message: "No such file or directory")
        }
        if let e = p.openError {
            throw ALSAError(call: "snd_pcm_open", target: target, errno: Errno.number(named: e) ?? Errno.EIO, message: e)
        }
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

extension FakeALSAPort {
    /// A capture PCM of the fixture, by name (`hw:N,D`, `hw:ID,D`, `hw:CARD=ID,DEV=D`).
    package func openCapture(_ pcm: String, _ request: PCMCaptureRequest) throws(ALSAError) -> any PCMCaptureSource {
        guard let name = PCMName(pcm) else {
            throw ALSAError(call: "snd_pcm_open", target: pcm, errno: 2, message: "No such file or directory")
        }
        let number = name.card.hasPrefix("card") ? Int32(name.card.dropFirst(4)) : nil
        guard let k = number ?? cards.first(where: { $0.value.id == name.card })?.key else {
            throw ALSAError(call: "snd_pcm_open", target: pcm, errno: 2, message: "No such file or directory")
        }
        guard
            let p = try card(k, "snd_pcm_open").pcms.first(where: {
                $0.device == Int32(name.device) && ($0.stream ?? "capture") == "capture"
            })
        else {
            throw ALSAError(call: "snd_pcm_open", target: pcm, errno: 2, message: "No such file or directory")
        }
        if let e = p.openError {
            throw ALSAError(call: "snd_pcm_open", target: pcm, errno: Errno.number(named: e) ?? Errno.EIO, message: e)
        }
        return FakePCMCapture(
            levels: p.levels ?? [nil, nil], rate: request.rate, goneAfter: p.goneAfterFrames, xrunEvery: p.xrunEveryFrames,
            realTime: p.realTime ?? false)
    }
}

/// Sines at fixed levels, S16_LE, delivered as fast as they are read.
final class FakePCMCapture: PCMCaptureSource {
    let format: PCMStreamFormat
    let amplitudes: [Double]
    var position = 0
    var sinceXrun = 0
    let goneAfter: Int?
    let xrunEvery: Int?
    let realTime: Bool

    init(levels: [Double?], rate: UInt32, goneAfter: Int?, xrunEvery: Int?, realTime: Bool) {
        self.realTime = realTime
        amplitudes = levels.map { $0.map { pow(10, $0 / 20) } ?? 0 }
        format = PCMStreamFormat(
            format: .s16LE, channels: max(1, levels.count), rate: rate, periodFrames: Int(rate / 20), bufferFrames: Int(rate / 5))
        self.goneAfter = goneAfter
        self.xrunEvery = xrunEvery
    }

    func read(into buffer: UnsafeMutableRawPointer, frames: Int, timeoutMilliseconds: Int32) -> Int {
        if let goneAfter, position >= goneAfter { return -19 }
        if let xrunEvery, sinceXrun >= xrunEvery {
            sinceXrun = 0
            return -32
        }
        var n = frames
        if let goneAfter { n = min(n, goneAfter - position) }
        let out = buffer.assumingMemoryBound(to: Int16.self)
        for f in 0..<n {
            let phase = 2 * Double.pi * 1000 * Double(position + f) / Double(format.rate)
            for (c, a) in amplitudes.enumerated() {
                out[f * format.channels + c] = Int16(max(-32768, min(32767, (a * sin(phase) * 32768).rounded()))).littleEndian
            }
        }
        position += n
        sinceXrun += n
        if realTime && n > 0 { usleep(UInt32(Double(n) / Double(format.rate) * 1_000_000)) }
        return n
    }

    func recover(_ code: Int32) -> Int32 { 0 }

    /// When the PCM opened (`CLOCK_MONOTONIC`): frame k is captured at `opened + k / rate`.
    let opened = monotonicNanoseconds()
    /// Frames the fake hardware is always ahead of the reader by.
    static let pendingFrames = 120

    /// A virtual clock (exact, whether or not `realTime`): `pendingFrames` captured past the last read.
    func delay() -> PCMDelay? {
        let captured = UInt64(position + Self.pendingFrames)
        return PCMDelay(frames: Self.pendingFrames, monotonicNanoseconds: opened + captured * 1_000_000_000 / UInt64(format.rate))
    }
}
