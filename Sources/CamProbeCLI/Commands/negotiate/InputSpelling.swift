import CaptureModel
import Negotiation

/// The spellings people type for sizes, pixel formats and presets, read forgivingly:
/// `1280X720`, `1280*720`, `1280 x 720`; ffmpeg's and GStreamer's format names (`mjpeg`, `yuyv422`,
/// `h264`, `nv12`, …); preset names in any case. What cannot be read gets a "did you mean".
package enum InputSpelling {
    /// ffmpeg / GStreamer names of pixel formats, by the FourCC V4L2 uses (lower case keys).
    package static let formatAliases: [String: FourCC] = [
        "mjpeg": "MJPG", "mjpg": "MJPG", "jpeg": "MJPG", "jpg": "MJPG",
        "yuyv422": "YUYV", "yuy2": "YUYV", "yuyv": "YUYV",
        "h264": "H264", "avc": "H264", "x264": "H264",
        "nv12": "NV12", "nv21": "NV21",
        "hevc": "HEVC", "h265": "HEVC",
        "rgb24": "RGB3", "bgr24": "BGR3",
        "gray": "GREY", "grey": "GREY", "gray8": "GREY",
        "uyvy422": "UYVY", "uyvy": "UYVY",
        "yuv420p": "YU12", "i420": "YU12", "yv12": "YV12",
    ]

    /// Sizes written `WxH` with `x`, `X`, `*` or `×` between, spaces allowed around it; nil otherwise.
    package static func size(_ text: String) -> Dimensions? {
        var t = text.lowercased().filter { $0 != " " && $0 != "\t" }
        t = t.replacingAll("*", with: "x").replacingAll("×", with: "x")
        return Dimensions(parsing: t)
    }

    /// What a size that could not be read probably meant: its two numbers as `WxH` (`1280by720` → `1280x720`).
    package static func sizeGuess(_ text: String) -> String? {
        let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { UInt32($0) }
        guard numbers.count == 2, numbers[0] > 0, numbers[1] > 0 else { return nil }
        return "\(numbers[0])x\(numbers[1])"
    }

    /// Codes V4L2 defines that are also a name above for another code: written in capitals, they mean themselves
    /// (`JPEG` is V4L2's JPEG format, `jpeg` ffmpeg's name for MJPG).
    static let literalCodes: Set<String> = ["JPEG"]

    /// A pixel format: a four-character code (three letters get a trailing space: `Y16 `), or a known name.
    package static func fourCC(_ text: String) -> FourCC? {
        if literalCodes.contains(text) { return FourCC(text) }
        if let alias = formatAliases[text.lowercased().filter { $0 != " " }] { return alias }
        let upper = text.uppercased()
        return FourCC(upper.count == 3 ? upper + " " : upper)
    }

    /// " (did you mean 'mjpeg'?)" for a format name that could not be read, or "".
    package static func formatHint(_ text: String) -> String {
        Suggestion.hint(text, among: formatAliases.keys.sorted())
    }

    /// A preset in any case, with or without separators (`HIGH`, `input-priority`, `iframe1280x720`, `1280X720`).
    package static func preset(_ text: String) -> SessionPreset? {
        if let exact = SessionPreset(rawValue: text) { return exact }
        if let s = size(text), let p = SessionPreset(rawValue: s.description) { return p }
        let folded = fold(text)
        return SessionPreset.allCases.first { fold($0.rawValue) == folded }
    }

    /// " (did you mean 'high'?)" for a preset that could not be read, or "".
    package static func presetHint(_ text: String) -> String {
        Suggestion.hint(text, among: SessionPreset.allCases.map(\.rawValue))
    }

    static func fold(_ s: String) -> String { s.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " } }
}

extension String {
    fileprivate func replacingAll(_ a: Character, with b: Character) -> String { String(map { $0 == a ? b : $0 }) }
}
