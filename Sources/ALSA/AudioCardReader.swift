import CaptureModel

/// Bounds on what a card may report.
package enum AudioLimits {
    /// PCM devices walked per card (`snd_ctl_pcm_next_device`); real cards have a handful.
    package static let maxPCMDevices = 64
    /// Plugin-like ranges above these are clamped and reported.
    package static let maxChannels: UInt32 = 256
    package static let maxRate: UInt32 = 768_000
}

/// Reads one ALSA card's capture side into an `AudioCaptureCard`.
package enum AudioCardReader {
    /// The card number of a control node: `/dev/snd/controlC2` → 2.
    package static func cardNumber(controlPath: String) -> Int32? {
        guard let name = controlPath.split(separator: "/").last, name.hasPrefix("controlC") else { return nil }
        return Int32(name.dropFirst("controlC".count))
    }

    /// The card with its capture PCMs and their ranges; nil when the card has
    /// no capture PCM (a playback-only card is not a microphone). A card that
    /// cannot be read at all is returned with its problem, so a permission
    /// error is explained instead of the microphone silently missing.
    package static func read(controlPath: String, port: any ALSAPort) -> AudioCaptureCard? {
        guard let card = cardNumber(controlPath: controlPath) else { return nil }
        let info: ALSACardInfo
        let pcms: [ALSAPCMInfo]
        do throws(ALSAError) {
            info = try port.cardInfo(card)
            pcms = try port.capturePCMs(card)
        } catch {
            if error.problem.kind == .deviceGone { return nil }
            return AudioCaptureCard(
                card: card, cardID: "", name: "ALSA card \(card)", longName: "", driver: "",
                controlPath: controlPath, problems: [error.problem])
        }
        guard !pcms.isEmpty else { return nil }
        var out = AudioCaptureCard(
            card: card, cardID: info.id, name: info.name, longName: info.longName, driver: info.driver,
            controlPath: controlPath)
        for p in pcms {
            var pcm = AudioCapturePCM(
                device: p.device, alsaName: "hw:CARD=\(info.id),DEV=\(p.device)", name: p.name, subdevices: p.subdevices)
            do throws(ALSAError) {
                let r = try port.hardwareRanges(card: card, device: p.device)
                pcm.formats = r.formats
                pcm.minChannels = r.minChannels
                pcm.maxChannels = min(r.maxChannels, AudioLimits.maxChannels)
                pcm.minRate = r.minRate
                pcm.maxRate = min(r.maxRate, AudioLimits.maxRate)
                pcm.rates = r.rates
                if r.maxChannels > AudioLimits.maxChannels || r.maxRate > AudioLimits.maxRate {
                    pcm.problems.append(
                        Problem(
                            kind: "invalid-value", call: "snd_pcm_hw_params_get_rate_max",
                            message: "hw:\(card),\(p.device) reports up to \(r.maxChannels) channels and \(r.maxRate) Hz; clamped"))
                }
            } catch {
                pcm.problems.append(error.problem)
            }
            out.pcms.append(pcm)
        }
        return out
    }
}

extension AudioCapturePCM {
    /// "S16_LE 1-2 ch 5500-48000 Hz", or why it is unknown.
    public var summary: String {
        guard let cmin = minChannels, let cmax = maxChannels, let rmin = minRate, let rmax = maxRate else {
            return problems.first.map { "(\($0.kind))" } ?? "(unknown)"
        }
        let ch = cmin == cmax ? "\(cmin) ch" : "\(cmin)-\(cmax) ch"
        let hz = rmin == rmax ? "\(rmin) Hz" : "\(rmin)-\(rmax) Hz"
        let fmt = formats.first(where: { $0 == "S16_LE" }) ?? formats.first ?? "?"
        return "\(fmt) \(ch) \(hz)"
    }
}
