import CaptureModel

/// The pixel format a UVC `guidFormat` stands for, as uvcvideo would list it.
///
/// lsusb prints a GUID's first field as a little-endian number, so for the
/// Microsoft media-subtype GUIDs (`{XXXXXXXX-0000-0010-8000-00aa00389b71}`) that
/// field, read back into bytes, is the four characters of the subtype (`32595559` → `YUY2`).
enum UVCDescriptorFormatGUID {
    struct Known {
        var fourcc: FourCC
        var description: String
        var compressed: Bool
    }

    static let mediaSubtypeTail = "-0000-0010-8000-00aa00389b71"

    /// By the subtype's four characters.
    static let bySubtype: [String: Known] = [
        "YUY2": Known(fourcc: "YUYV", description: "YUYV 4:2:2", compressed: false),
        "NV12": Known(fourcc: "NV12", description: "Y/UV 4:2:0", compressed: false),
        "YV12": Known(fourcc: "YV12", description: "Planar YVU 4:2:0", compressed: false),
        "I420": Known(fourcc: "YU12", description: "Planar YUV 4:2:0", compressed: false),
        "M420": Known(fourcc: "M420", description: "YUV 4:2:0 (M420)", compressed: false),
        "Y800": Known(fourcc: "GREY", description: "8-bit Greyscale", compressed: false),
        "Y8  ": Known(fourcc: "GREY", description: "8-bit Greyscale", compressed: false),
        "GREY": Known(fourcc: "GREY", description: "8-bit Greyscale", compressed: false),
        "UYVY": Known(fourcc: "UYVY", description: "UYVY 4:2:2", compressed: false),
        "RGBP": Known(fourcc: "RGBP", description: "16-bit RGB 5-6-5", compressed: false),
        "Y16 ": Known(fourcc: "Y16 ", description: "16-bit Greyscale", compressed: false),
        "MJPG": Known(fourcc: "MJPG", description: "Motion-JPEG", compressed: true),
        "H264": Known(fourcc: "H264", description: "H.264", compressed: true),
        "HEVC": Known(fourcc: "HEVC", description: "HEVC", compressed: true),
        "H265": Known(fourcc: "HEVC", description: "HEVC", compressed: true),
        "VP80": Known(fourcc: "VP80", description: "VP8", compressed: true),
    ]

    /// Formats whose GUID is not a media subtype.
    static let others: [String: Known] = [
        "{e436eb7d-524f-11ce-9f53-0020af0ba770}": Known(fourcc: "BGR3", description: "24-bit BGR 8-8-8", compressed: false)
    ]

    /// What an MJPEG format descriptor (which carries no GUID) is.
    static let mjpeg = Known(fourcc: "MJPG", description: "Motion-JPEG", compressed: true)

    /// The format for a GUID as lsusb prints it (`{32595559-0000-0010-8000-00aa00389b71}`); nil when unknown.
    static func known(_ guid: String) -> Known? {
        let g = guid.lowercased()
        if let k = others[g] { return k }
        guard g.hasSuffix(mediaSubtypeTail + "}"), let text = firstFourBytes(g) else { return nil }
        return bySubtype[text]
    }

    /// The GUID's first field as four bytes in memory order, when they are printable ASCII.
    static func firstFourBytes(_ guid: String) -> String? {
        guard let raw = firstField(guid) else { return nil }
        let bytes = (0..<4).map { UInt8((raw >> (8 * UInt32($0))) & 0xff) }
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first field as lsusb printed it (`{32595559-…` → 0x32595559).
    static func firstField(_ guid: String) -> UInt32? {
        let body = guid.drop { $0 == "{" }
        guard let dash = body.firstIndex(of: "-") else { return nil }
        return UInt32(body[..<dash], radix: 16)
    }
}
