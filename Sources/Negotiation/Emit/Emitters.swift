import CaptureModel

/// The chosen mode as command lines for other tools.
package enum Emitters {
    /// ffmpeg's `-input_format` names for V4L2 fourccs.
    static let ffmpegNames: [String: String] = [
        "MJPG": "mjpeg", "JPEG": "mjpeg", "YUYV": "yuyv422", "UYVY": "uyvy422", "YVYU": "yvyu422", "NV12": "nv12", "NV21": "nv21",
        "YU12": "yuv420p", "YV12": "yuv420p", "H264": "h264", "HEVC": "hevc", "GREY": "gray", "Y16": "gray16le",
        "RGB3": "rgb24", "BGR3": "bgr24", "RGB4": "0rgb", "BGR4": "bgr0", "422P": "yuv422p",
    ]
    /// GStreamer caps for V4L2 fourccs.
    static let gstCaps: [String: String] = [
        "MJPG": "image/jpeg", "JPEG": "image/jpeg", "H264": "video/x-h264,stream-format=byte-stream",
        "HEVC": "video/x-h265,stream-format=byte-stream",
        "YUYV": "video/x-raw,format=YUY2", "UYVY": "video/x-raw,format=UYVY", "YVYU": "video/x-raw,format=YVYU",
        "NV12": "video/x-raw,format=NV12",
        "NV21": "video/x-raw,format=NV21", "YU12": "video/x-raw,format=I420", "YV12": "video/x-raw,format=YV12",
        "GREY": "video/x-raw,format=GRAY8",
        "Y16": "video/x-raw,format=GRAY16_LE", "RGB3": "video/x-raw,format=RGB", "BGR3": "video/x-raw,format=BGR",
        "BGR4": "video/x-raw,format=BGRx",
    ]

    static func key(_ c: Choice) -> String { c.fourcc.description.trimmingCharacters }

    /// `device` as one shell word: as is when it holds only `A-Za-z0-9` and `/._:+,@=-`, else in single quotes.
    /// Callers pass the node's stable name (`/dev/v4l/by-id/…`, `/dev/v4l/by-path/…`) when there is one;
    /// udev's link names are shell-safe, so quoting is only a guard.
    static func shellWord(_ device: String) -> String {
        let safe = device.unicodeScalars.allSatisfy { s in
            s.isASCII
                && (("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || "/._:+,@=-".unicodeScalars.contains(s))
        }
        if safe && !device.isEmpty { return device }
        return "'" + device.replacing("'", with: "'\\''") + "'"
    }

    /// `device` names the node in the command (default: the choice's `/dev/videoN`); pass the node's
    /// `/dev/v4l/by-id/…` or `by-path` link (`StableNodePath`) for a command that survives reboots.
    ///
    /// `ffmpeg -f v4l2 -input_format mjpeg -video_size 1920x1080 -framerate 30/1 -i /dev/video0 out.mkv`,
    /// or nil (with the reason) when ffmpeg has no name for the format.
    package static func ffmpeg(_ c: Choice, device: String? = nil) -> (command: String?, note: String?) {
        guard c.bufferType == .videoCapture else {
            // libavdevice's v4l2 input opens V4L2_BUF_TYPE_VIDEO_CAPTURE only.
            return (nil, "ffmpeg's v4l2 input cannot read a multi-planar node (\(c.path)); use --emit gst or --emit v4l2-ctl")
        }
        guard let name = ffmpegNames[key(c)] else { return (nil, "ffmpeg has no v4l2 input format for \(c.fourcc)") }
        var parts = ["ffmpeg", "-f", "v4l2", "-input_format", name, "-video_size", "\(c.size)"]
        if let r = c.nominalFrameRate { parts += ["-framerate", "\(r.numerator)/\(r.denominator)"] }
        parts += ["-i", shellWord(device ?? c.path), "-c", "copy", "out.mkv"]
        return (parts.joined(separator: " "), nil)
    }

    /// The caps string, e.g. `image/jpeg,width=1920,height=1080,framerate=30/1`.
    package static func gstCapsString(_ c: Choice) -> (caps: String?, note: String?) {
        guard let base = gstCaps[key(c)] else { return (nil, "GStreamer has no caps name camprobe knows for \(c.fourcc)") }
        var caps = "\(base),width=\(c.size.width),height=\(c.size.height)"
        if let r = c.nominalFrameRate { caps += ",framerate=\(r.numerator)/\(r.denominator)" }
        return (caps, nil)
    }

    /// `gst-launch-1.0 v4l2src device=/dev/video0 ! <caps> ! … ! autovideosink`.
    package static func gstLaunch(_ c: Choice, device: String? = nil) -> (command: String?, note: String?) {
        let (caps, note) = gstCapsString(c)
        guard let caps else { return (nil, note) }
        let decode =
            c.isCompressed
            ? (key(c) == "H264" ? " ! h264parse ! avdec_h264" : key(c) == "HEVC" ? " ! h265parse ! avdec_h265" : " ! jpegdec") : ""
        return ("gst-launch-1.0 v4l2src device=\(shellWord(device ?? c.path)) ! \(caps)\(decode) ! videoconvert ! autovideosink", nil)
    }

    /// `v4l2-ctl -d /dev/video0 --set-fmt-video=width=1920,height=1080,pixelformat=MJPG --set-parm=30`.
    package static func v4l2ctl(_ c: Choice, device: String? = nil) -> String {
        var s =
            "v4l2-ctl -d \(shellWord(device ?? c.path)) --set-fmt-video=width=\(c.size.width),height=\(c.size.height),pixelformat=\(key(c))"
        if let fps = c.nominalFrameRate?.doubleValue { s += " --set-parm=\(formatFPS(fps))" }
        return s
    }
}
