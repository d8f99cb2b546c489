/// SPA's video format and media subtype numbers (`spa/param/video/raw.h`, `spa/param/format.h`) and the V4L2 fourcc
/// each raw format is on a V4L2 node, so that a PipeWire node's formats can be set beside its V4L2 node's.
package enum SPAVideoFormat {
    /// `enum spa_video_format`, in order (the index is the number).
    package static let names: [String] = [
        "UNKNOWN", "ENCODED", "I420", "YV12", "YUY2", "UYVY", "AYUV", "RGBx", "BGRx", "xRGB", "xBGR", "RGBA", "BGRA",
        "ARGB", "ABGR", "RGB", "BGR", "Y41B", "Y42B", "YVYU", "Y444", "v210", "v216", "NV12", "NV21", "GRAY8",
        "GRAY16_BE", "GRAY16_LE", "v308", "RGB16", "BGR16", "RGB15", "BGR15", "UYVP", "A420", "RGB8P", "YUV9",
        "YVU9", "IYU1", "ARGB64", "AYUV64", "r210", "I420_10BE", "I420_10LE", "I422_10BE", "I422_10LE", "Y444_10BE",
        "Y444_10LE", "GBR", "GBR_10BE", "GBR_10LE", "NV16", "NV24", "NV12_64Z32", "A420_10BE", "A420_10LE",
        "A422_10BE", "A422_10LE", "A444_10BE", "A444_10LE", "NV61", "P010_10BE", "P010_10LE", "IYU2", "VYUY", "GBRA",
        "GBRA_10BE", "GBRA_10LE", "GBR_12BE", "GBR_12LE", "GBRA_12BE", "GBRA_12LE", "I420_12BE", "I420_12LE",
        "I422_12BE", "I422_12LE", "Y444_12BE", "Y444_12LE", "RGBA_F16", "RGBA_F32", "xRGB_210LE", "xBGR_210LE",
        "RGBx_102LE", "BGRx_102LE", "ARGB_210LE", "ABGR_210LE", "RGBA_102LE", "BGRA_102LE",
    ]

    /// The V4L2 fourcc of a raw SPA format, where V4L2 has the same layout (byte order as SPA names it).
    package static let fourcc: [String: String] = [
        "I420": "YU12", "YV12": "YV12", "YUY2": "YUYV", "UYVY": "UYVY", "YVYU": "YVYU", "VYUY": "VYUY",
        "NV12": "NV12", "NV21": "NV21", "NV16": "NV16", "NV61": "NV61", "NV24": "NV24", "GRAY8": "GREY",
        "GRAY16_LE": "Y16 ", "RGB": "RGB3", "BGR": "BGR3", "RGB16": "RGBP", "BGRx": "XR24", "BGRA": "AR24",
        "RGBx": "XB24", "RGBA": "AB24", "xRGB": "BX24", "ARGB": "BA24", "Y42B": "422P", "Y41B": "411P",
    ]

    /// `enum spa_media_subtype` from `SPA_MEDIA_SUBTYPE_START_Video` + 1 (h264) on, and the V4L2 fourcc of those that
    /// have one. `bayer` carries no order in PipeWire 0.3 (no format key): which Bayer format it was is lost.
    package static let videoSubtypes = [
        "h264", "mjpg", "dv", "mpegts", "h263", "mpeg1", "mpeg2", "mpeg4", "xvid", "vc1", "vp8", "vp9", "bayer",
    ]
    package static let subtypeFourcc: [String: String] = [
        "h264": "H264", "mjpg": "MJPG", "dv": "dvsd", "mpegts": "MPEG", "h263": "H263", "mpeg1": "MPG1", "mpeg2": "MPG2", "mpeg4": "MPG4",
        "xvid": "XVID", "vc1": "VC1G", "vp8": "VP80", "vp9": "VP90", "jpeg": "JPEG",
    ]

    /// `SPA_MEDIA_TYPE_video`.
    package static let mediaTypeVideo: UInt32 = 2
    /// `SPA_MEDIA_SUBTYPE_raw`, `_h264`, `_mjpg`, and image `_jpeg`.
    package static let subtypeRaw: UInt32 = 1
    package static let subtypeH264: UInt32 = 0x20001
    package static let subtypeMJPG: UInt32 = 0x20002
    package static let subtypeJPEG: UInt32 = 0x30001

    /// `SPA_FORMAT_mediaType`, `_mediaSubtype`, `SPA_FORMAT_VIDEO_format`, `_size`, `_framerate`.
    package static let keyMediaType: UInt32 = 1
    package static let keyMediaSubtype: UInt32 = 2
    package static let keyFormat: UInt32 = 0x20001
    package static let keySize: UInt32 = 0x20003
    package static let keyFramerate: UInt32 = 0x20004

    /// The SPA name of format number `n` ("format 123" when unknown).
    package static func name(_ n: UInt32) -> String { Int(n) < names.count ? names[Int(n)] : "format \(n)" }
}
