import CaptureModel

/// The capture configuration an audio decision settles on: one PCM and the
/// rate, channels and sample format to open it with.
package struct AudioChoice: Sendable, Hashable, Codable {
    /// ALSA card index (`hw:N`); not stable across reboots.
    package var card: Int32
    /// The card's ALSA id (`Loopback`, `C525`): stable across reboots.
    package var cardID: String
    /// PCM device number on the card.
    package var device: Int32
    /// The PCM by card id, `hw:CARD=Loopback,DEV=1`, for other tools.
    package var pcm: String
    /// The PCM's name (`snd_pcm_info_get_name`).
    package var pcmName: String
    /// Samples per second per channel, in Hz.
    package var rate: UInt32
    package var channels: UInt32
    /// ALSA sample format name, `S16_LE`.
    package var sampleFormat: String

    /// "48000 Hz, 2 channels, S16_LE"
    package var summary: String {
        "\(rate) Hz, \(channels == 1 ? "1 channel" : "\(channels) channels"), \(sampleFormat)"
    }

    /// Uncompressed payload per second: rate × channels × bytes per sample; nil for an unknown format.
    package var bytesPerSecond: UInt64? {
        SampleFormatLayout(sampleFormat).map { UInt64(rate) * UInt64(channels) * UInt64($0.bytes) }
    }
}

/// The audio negotiator's answer, as `Decision` is the video one's: VALID
/// (exactly what was asked), ADJUSTED (the nearest the hardware does, each
/// changed field with the reason) or UNSUPPORTED (why nothing can be opened).
package struct AudioDecision: Sendable, Hashable, Codable {
    package var outcome: Decision.Outcome
    package var choice: AudioChoice?
    /// Fields of the request the choice does not meet exactly; `field` is "rate", "channels" or "sampleFormat".
    package var changes: [Change]
    /// Why nothing could be chosen (unsupported only).
    package var reasons: [String]
    /// Plain words: the hardware's ranges and how each field was settled.
    package var explanation: [String]

    package var isValid: Bool { outcome == .valid }

    package init(outcome: Decision.Outcome, choice: AudioChoice?, changes: [Change], reasons: [String], explanation: [String]) {
        self.outcome = outcome
        self.choice = choice
        self.changes = changes
        self.reasons = reasons
        self.explanation = explanation
    }
}

extension AudioDecision: CustomStringConvertible {
    /// "VALID hw:CARD=Loopback,DEV=1 48000 Hz, 2 channels, S16_LE", "ADJUSTED … (rate 44100 Hz → 48000 Hz: …)"
    /// or "UNSUPPORTED: why".
    package var description: String {
        let mode = choice.map { " \($0.pcm) \($0.summary)" } ?? ""
        switch outcome {
        case .valid: return "VALID" + mode
        case .adjusted:
            return "ADJUSTED" + mode + (changes.isEmpty ? "" : " (" + changes.map(\.description).joined(separator: "; ") + ")")
        case .unsupported:
            return "UNSUPPORTED: " + (reasons.isEmpty ? "no capture PCM fits" : reasons.joined(separator: "; "))
        }
    }
}
