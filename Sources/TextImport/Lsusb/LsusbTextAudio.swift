import CaptureModel

/// One alternate setting of a USB Audio streaming interface: its format and its endpoint's direction.
struct LsusbTextAudioSetting {
    var interfaceNumber: Int
    var alternate: Int
    var line: Int
    /// `wFormatTag`: 1 PCM, 2 PCM8, 3 IEEE float.
    var formatTag: UInt64?
    var channels: UInt32?
    /// Bytes per sample (`bSubframeSize`, or `bSubslotSize` in USB Audio 2.0).
    var subframeSize: UInt64?
    var bitResolution: UInt64?
    var rates: [UInt32] = []
    var lowerRate: UInt32?
    var upperRate: UInt32?
    /// true: an IN endpoint (capture); false: OUT (playback); nil: not seen.
    var isInput: Bool?

    var hasFormat: Bool { channels != nil || subframeSize != nil || !rates.isEmpty }

    /// ALSA's name for the sample format snd-usb-audio would offer.
    var alsaFormat: String? {
        if formatTag == 3 { return subframeSize == 8 ? "FLOAT64_LE" : "FLOAT_LE" }
        switch subframeSize {
        case 1: return formatTag == 2 ? "U8" : "S8"
        case 2: return "S16_LE"
        case 3: return "S24_3LE"
        case 4: return "S32_LE"
        default: return nil
        }
    }
}

/// The capture settings of one device as one ALSA card: what lsusb says, nothing else.
enum LsusbTextAudio {
    static func card(name: String, settings: [LsusbTextAudioSetting]) -> AudioCaptureCard? {
        let capture = settings.filter { $0.hasFormat && $0.isInput != false }
        guard !capture.isEmpty else { return nil }
        var formats: [String] = []
        var rates: [UInt32] = []
        for s in capture {
            if let f = s.alsaFormat, !formats.contains(f) { formats.append(f) }
            for r in s.rates + [s.lowerRate, s.upperRate].compactMap({ $0 }) where !rates.contains(r) { rates.append(r) }
        }
        let channels = capture.compactMap(\.channels)
        let pcm = AudioCapturePCM(
            device: -1, alsaName: "", name: name, subdevices: 1, formats: formats, minChannels: channels.min(),
            maxChannels: channels.max(), minRate: rates.min(), maxRate: rates.max(), rates: rates.sorted())
        return AudioCaptureCard(card: -1, cardID: "", name: name, longName: "", driver: "", controlPath: "", pcms: [pcm])
    }
}
