import CaptureModel
import Negotiation

/// `--emit ffmpeg`: ffmpeg's v4l2 input for a camera, its alsa input for a microphone, each camera its own output
/// file under `--together`.
package struct FFmpegCommandEmitter: CameraCommandEmitter, MicrophoneCommandEmitter, TogetherCommandEmitter {
    /// ffmpeg's `-input_format` names for V4L2 fourccs.
    static let inputFormats: [String: String] = [
        "MJPG": "mjpeg", "JPEG": "mjpeg", "YUYV": "yuyv422", "UYVY": "uyvy422", "YVYU": "yvyu422", "NV12": "nv12", "NV21": "nv21",
        "YU12": "yuv420p", "YV12": "yuv420p", "H264": "h264", "HEVC": "hevc", "GREY": "gray", "Y16": "gray16le",
        "RGB3": "rgb24", "BGR3": "bgr24", "RGB4": "0rgb", "BGR4": "bgr0", "422P": "yuv422p",
    ]
    /// ffmpeg's raw PCM codec for an ALSA sample format: given before `-i`, it sets the format
    /// ffmpeg's alsa input opens the device with.
    static let pcmCodecs: [String: String] = [
        "S8": "pcm_s8", "U8": "pcm_u8", "S16_LE": "pcm_s16le", "S16_BE": "pcm_s16be", "U16_LE": "pcm_u16le", "U16_BE": "pcm_u16be",
        "S24_3LE": "pcm_s24le", "S24_3BE": "pcm_s24be", "S32_LE": "pcm_s32le", "S32_BE": "pcm_s32be", "U32_LE": "pcm_u32le",
        "FLOAT_LE": "pcm_f32le", "FLOAT_BE": "pcm_f32be", "FLOAT64_LE": "pcm_f64le", "FLOAT64_BE": "pcm_f64be",
    ]

    package init() {}
    package var name: String { "ffmpeg" }
    package var summary: String { "ffmpeg -f v4l2, or -f alsa" }

    package func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        command(camera.choice, device: camera.node).map { EmittedCommand($0, notes: camera.nodeNote.map { [$0] } ?? []) }
    }

    package func microphone(_ choice: AudioChoice) -> Result<EmittedCommand, EmitRefusal> {
        command(choice).map { EmittedCommand($0, notes: pcmNote(choice).map { [$0] } ?? []) }
    }

    /// The camera's command writing `out-INDEX.mkv`.
    package func together(_ choice: Choice, index: Int) -> Result<String, EmitRefusal> {
        command(choice, device: choice.path).map { $0.hasSuffix(" out.mkv") ? String($0.dropLast(8)) + " out-\(index).mkv" : $0 }
    }

    /// `device` names the node in the command (default: the choice's `/dev/videoN`); pass the node's
    /// `/dev/v4l/by-id/…` or `by-path` link (`StableNodePath`) for a command that survives reboots.
    ///
    /// `ffmpeg -f v4l2 -input_format mjpeg -video_size 1920x1080 -framerate 30/1 -i /dev/video0 -c copy out.mkv`,
    /// or why not when ffmpeg has no name for the format or cannot read the node.
    package func command(_ c: Choice, device: String? = nil) -> Result<String, EmitRefusal> {
        guard c.bufferType == .videoCapture else {
            // libavdevice's v4l2 input opens V4L2_BUF_TYPE_VIDEO_CAPTURE only.
            return .failure(
                EmitRefusal("ffmpeg's v4l2 input cannot read a multi-planar node (\(c.path)); use --emit gst or --emit v4l2-ctl"))
        }
        guard let name = Self.inputFormats[code(c)] else { return .failure(EmitRefusal("ffmpeg has no v4l2 input format for \(c.fourcc)")) }
        var parts = ["ffmpeg", "-f", "v4l2", "-input_format", name, "-video_size", "\(c.size)"]
        if let r = c.nominalFrameRate { parts += ["-framerate", "\(r.numerator)/\(r.denominator)"] }
        parts += ["-i", shellWord(device ?? c.path), "-c", "copy", "out.mkv"]
        return .success(parts.joined(separator: " "))
    }

    /// `ffmpeg -f alsa -c:a pcm_s16le -sample_rate 48000 -channels 2 -i hw:CARD=Loopback,DEV=1 -c:a copy out.wav`,
    /// or why not when ffmpeg has no codec for the sample format.
    package func command(_ c: AudioChoice) -> Result<String, EmitRefusal> {
        guard let codec = Self.pcmCodecs[c.sampleFormat] else {
            return .failure(
                EmitRefusal("ffmpeg's alsa input cannot open \(c.sampleFormat) (it has no raw PCM codec for it); use --emit gst"))
        }
        let line = [
            "ffmpeg", "-f", "alsa", "-c:a", codec, "-sample_rate", "\(c.rate)", "-channels", "\(c.channels)", "-i", shellWord(c.pcm),
            "-c:a", "copy", "out.wav",
        ]
        return .success(line.joined(separator: " "))
    }
}
