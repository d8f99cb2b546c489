import CaptureModel
import Negotiation

/// `--emit gst`: `gst-launch-1.0` with v4l2src for a camera, alsasrc for a microphone, on the caps of
/// `GstCapsCommandEmitter`.
package struct GstLaunchCommandEmitter: CameraCommandEmitter, MicrophoneCommandEmitter, TogetherCommandEmitter {
    package init() {}
    package var name: String { "gst" }
    package var summary: String { "gst-launch-1.0 with v4l2src, or alsasrc" }
    /// `negotiate --json` names the command by its program.
    package var jsonKey: String { "gst-launch" }

    package func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        command(camera.choice, device: camera.node).map { EmittedCommand($0, notes: camera.nodeNote.map { [$0] } ?? []) }
    }

    package func microphone(_ choice: AudioChoice) -> Result<EmittedCommand, EmitRefusal> {
        command(choice).map { EmittedCommand($0, notes: pcmNote(choice).map { [$0] } ?? []) }
    }

    package func together(_ choice: Choice, index: Int) -> Result<String, EmitRefusal> {
        command(choice, device: choice.path)
    }

    /// `gst-launch-1.0 v4l2src device=/dev/video0 ! <caps> ! … ! autovideosink`; `device` as in
    /// `FFmpegCommandEmitter.command(_:device:)`.
    package func command(_ c: Choice, device: String? = nil) -> Result<String, EmitRefusal> {
        GstCapsCommandEmitter().caps(c).map { caps in
            let decode =
                c.isCompressed
                ? (code(c) == "H264" ? " ! h264parse ! avdec_h264" : code(c) == "HEVC" ? " ! h265parse ! avdec_h265" : " ! jpegdec") : ""
            return "gst-launch-1.0 v4l2src device=\(shellWord(device ?? c.path)) ! \(caps)\(decode) ! videoconvert ! autovideosink"
        }
    }

    /// `gst-launch-1.0 alsasrc device=hw:CARD=Loopback,DEV=1 ! audio/x-raw,… ! audioconvert ! wavenc ! filesink location=out.wav`.
    package func command(_ c: AudioChoice) -> Result<String, EmitRefusal> {
        GstCapsCommandEmitter().caps(c).map { caps in
            "gst-launch-1.0 alsasrc device=\(shellWord(c.pcm)) ! \(caps) ! audioconvert ! wavenc ! filesink location=out.wav"
        }
    }
}

/// `--emit gst-caps`: the GStreamer caps alone; they name no node or PCM, so no note goes with them.
package struct GstCapsCommandEmitter: CameraCommandEmitter, MicrophoneCommandEmitter, TogetherCommandEmitter {
    /// GStreamer caps for V4L2 fourccs.
    static let videoCaps: [String: String] = [
        "MJPG": "image/jpeg", "JPEG": "image/jpeg", "H264": "video/x-h264,stream-format=byte-stream",
        "HEVC": "video/x-h265,stream-format=byte-stream",
        "YUYV": "video/x-raw,format=YUY2", "UYVY": "video/x-raw,format=UYVY", "YVYU": "video/x-raw,format=YVYU",
        "NV12": "video/x-raw,format=NV12",
        "NV21": "video/x-raw,format=NV21", "YU12": "video/x-raw,format=I420", "YV12": "video/x-raw,format=YV12",
        "GREY": "video/x-raw,format=GRAY8",
        "Y16": "video/x-raw,format=GRAY16_LE", "RGB3": "video/x-raw,format=RGB", "BGR3": "video/x-raw,format=BGR",
        "BGR4": "video/x-raw,format=BGRx",
    ]
    /// GStreamer's `audio/x-raw` format names for ALSA sample formats (`S24LE` is 3 bytes packed,
    /// ALSA's `S24_3LE`; ALSA's `S24_LE` in 4 bytes is GStreamer's `S24_32LE`).
    static let audioFormats: [String: String] = [
        "S8": "S8", "U8": "U8", "S16_LE": "S16LE", "S16_BE": "S16BE", "U16_LE": "U16LE", "U16_BE": "U16BE", "S24_3LE": "S24LE",
        "S24_3BE": "S24BE", "S24_LE": "S24_32LE", "S24_BE": "S24_32BE", "S32_LE": "S32LE", "S32_BE": "S32BE", "U32_LE": "U32LE",
        "FLOAT_LE": "F32LE", "FLOAT_BE": "F32BE", "FLOAT64_LE": "F64LE", "FLOAT64_BE": "F64BE",
    ]

    package init() {}
    package var name: String { "gst-caps" }
    package var summary: String { "the GStreamer caps alone" }

    package func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        caps(camera.choice).map { EmittedCommand($0) }
    }

    package func microphone(_ choice: AudioChoice) -> Result<EmittedCommand, EmitRefusal> {
        caps(choice).map { EmittedCommand($0) }
    }

    package func together(_ choice: Choice, index: Int) -> Result<String, EmitRefusal> {
        caps(choice)
    }

    /// The caps of a camera's choice, e.g. `image/jpeg,width=1920,height=1080,framerate=30/1`.
    package func caps(_ c: Choice) -> Result<String, EmitRefusal> {
        guard let base = Self.videoCaps[code(c)] else {
            return .failure(EmitRefusal("GStreamer has no caps name camprobe knows for \(c.fourcc)"))
        }
        var caps = "\(base),width=\(c.size.width),height=\(c.size.height)"
        if let r = c.nominalFrameRate { caps += ",framerate=\(r.numerator)/\(r.denominator)" }
        return .success(caps)
    }

    /// The caps of a microphone's choice, e.g. `audio/x-raw,format=S16LE,rate=48000,channels=2,layout=interleaved`.
    package func caps(_ c: AudioChoice) -> Result<String, EmitRefusal> {
        guard let f = Self.audioFormats[c.sampleFormat] else {
            return .failure(EmitRefusal("GStreamer has no audio/x-raw format camprobe knows for \(c.sampleFormat)"))
        }
        return .success("audio/x-raw,format=\(f),rate=\(c.rate),channels=\(c.channels),layout=interleaved")
    }
}
