import CaptureModel

/// An audio choice as command lines for other tools. The PCM is named by the
/// card's id (`hw:CARD=Loopback,DEV=1`): ALSA numbers cards in probe order, so
/// `hw:1,1` can name another card after a reboot or a replug; the id does not change.
package enum AudioEmitters {
    /// ffmpeg's raw PCM codec for an ALSA sample format: given before `-i`, it sets the format
    /// ffmpeg's alsa input opens the device with.
    static let ffmpegCodecs: [String: String] = [
        "S8": "pcm_s8", "U8": "pcm_u8", "S16_LE": "pcm_s16le", "S16_BE": "pcm_s16be", "U16_LE": "pcm_u16le", "U16_BE": "pcm_u16be",
        "S24_3LE": "pcm_s24le", "S24_3BE": "pcm_s24be", "S32_LE": "pcm_s32le", "S32_BE": "pcm_s32be", "U32_LE": "pcm_u32le",
        "FLOAT_LE": "pcm_f32le", "FLOAT_BE": "pcm_f32be", "FLOAT64_LE": "pcm_f64le", "FLOAT64_BE": "pcm_f64be",
    ]
    /// GStreamer's `audio/x-raw` format names for ALSA sample formats (`S24LE` is 3 bytes packed,
    /// ALSA's `S24_3LE`; ALSA's `S24_LE` in 4 bytes is GStreamer's `S24_32LE`).
    static let gstFormats: [String: String] = [
        "S8": "S8", "U8": "U8", "S16_LE": "S16LE", "S16_BE": "S16BE", "U16_LE": "U16LE", "U16_BE": "U16BE", "S24_3LE": "S24LE",
        "S24_3BE": "S24BE", "S24_LE": "S24_32LE", "S24_BE": "S24_32BE", "S32_LE": "S32LE", "S32_BE": "S32BE", "U32_LE": "U32LE",
        "FLOAT_LE": "F32LE", "FLOAT_BE": "F32BE", "FLOAT64_LE": "F64LE", "FLOAT64_BE": "F64BE",
    ]

    /// Why the commands name the card by id.
    package static func pcmNote(_ c: AudioChoice) -> String? {
        guard !c.cardID.isEmpty else { return "the card has no id: hw:\(c.card),\(c.device) may name another card after a reboot" }
        return "\(c.pcm) names the card by its id, which stays the same across reboots (hw:\(c.card),\(c.device) may not)"
    }

    /// `ffmpeg -f alsa -c:a pcm_s16le -sample_rate 48000 -channels 2 -i hw:CARD=Loopback,DEV=1 -c:a copy out.wav`,
    /// or nil with the reason when ffmpeg has no codec for the sample format.
    package static func ffmpeg(_ c: AudioChoice) -> (command: String?, note: String?) {
        guard let codec = ffmpegCodecs[c.sampleFormat] else {
            return (nil, "ffmpeg's alsa input cannot open \(c.sampleFormat) (it has no raw PCM codec for it); use --emit gst")
        }
        let line = [
            "ffmpeg", "-f", "alsa", "-c:a", codec, "-sample_rate", "\(c.rate)", "-channels", "\(c.channels)", "-i",
            Emitters.shellWord(c.pcm), "-c:a", "copy", "out.wav",
        ]
        return (line.joined(separator: " "), nil)
    }

    /// `audio/x-raw,format=S16LE,rate=48000,channels=2,layout=interleaved`, or nil with the reason.
    package static func gstCapsString(_ c: AudioChoice) -> (caps: String?, note: String?) {
        guard let f = gstFormats[c.sampleFormat] else {
            return (nil, "GStreamer has no audio/x-raw format camprobe knows for \(c.sampleFormat)")
        }
        return ("audio/x-raw,format=\(f),rate=\(c.rate),channels=\(c.channels),layout=interleaved", nil)
    }

    /// `gst-launch-1.0 alsasrc device=hw:CARD=Loopback,DEV=1 ! audio/x-raw,… ! audioconvert ! wavenc ! filesink location=out.wav`.
    package static func gstLaunch(_ c: AudioChoice) -> (command: String?, note: String?) {
        let (caps, note) = gstCapsString(c)
        guard let caps else { return (nil, note) }
        return (
            "gst-launch-1.0 alsasrc device=\(Emitters.shellWord(c.pcm)) ! \(caps) ! audioconvert ! wavenc ! filesink location=out.wav",
            nil
        )
    }
}
