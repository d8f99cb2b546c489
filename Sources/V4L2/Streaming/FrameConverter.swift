internal import CV4L2
import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// Why a frame could not be converted to RGB.
package struct FrameConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libv4lconvert (Debian package libv4lconvert0) could not be loaded.
    package var libraryMissing: Bool
    package var message: String
    package var description: String { message }

    package init(libraryMissing: Bool, message: String) {
        self.libraryMissing = libraryMissing
        self.message = message
    }
}

/// Converts one frame of any format libv4lconvert knows (YUYV, UYVY, NV12,
/// YU12, MJPG, JPEG, Bayer, RGB/BGR variants…) to packed 8-bit RGB
/// (`V4L2_PIX_FMT_RGB24`, 3 bytes a pixel, rows without padding).
///
/// libv4lconvert is loaded with `dlopen(3)` on first use, never linked; the
/// converter touches no device (see `cv4lconvert_create` in the CV4L2 shim).
/// The corresponding C calls are `v4lconvert_create_with_dev_ops`,
/// `v4lconvert_convert`, `v4lconvert_get_error_message` and `v4lconvert_destroy`.
package enum FrameConverter {
    /// The largest frame converted (64 Mpixel): a hostile size must not exhaust memory.
    package static let maxPixels = 64 << 20

    /// `bytes` (one frame of `fourcc`, `width`x`height`, `bytesPerLine` a row,
    /// 0 when unknown) as RGB24, `width * height * 3` bytes.
    package static func rgb24(
        _ bytes: [UInt8], fourcc: FourCC, width: UInt32, height: UInt32, bytesPerLine: UInt32 = 0
    ) throws(FrameConversionError) -> [UInt8] {
        guard width > 0, height > 0, Int(width) * Int(height) <= maxPixels else {
            throw FrameConversionError(libraryMissing: false, message: "cannot convert a \(width)x\(height) frame")
        }
        guard !bytes.isEmpty else { throw FrameConversionError(libraryMissing: false, message: "the frame is empty (bytesused 0)") }
        guard let data = cv4lconvert_create() else {
            if errno == ELIBACC {
                throw FrameConversionError(
                    libraryMissing: true,
                    message:
                        "converting \(fourcc) to RGB needs libv4lconvert, which could not be loaded (libv4lconvert.so.0); install it: apt install libv4lconvert0"
                )
            }
            throw FrameConversionError(libraryMissing: false, message: "libv4lconvert refused to start (v4lconvert_create_with_dev_ops)")
        }
        defer { cv4lconvert_destroy(data) }
        var src = v4l2_format()
        src.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        src.fmt.pix.width = width
        src.fmt.pix.height = height
        src.fmt.pix.pixelformat = fourcc.rawValue
        src.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        src.fmt.pix.bytesperline = bytesPerLine
        src.fmt.pix.sizeimage = UInt32(clamping: bytes.count)
        var dst = src
        let size = Int(width) * Int(height) * 3
        dst.fmt.pix.pixelformat = FourCC("RGB3").rawValue
        dst.fmt.pix.bytesperline = width * 3
        dst.fmt.pix.sizeimage = UInt32(size)
        var out = [UInt8](repeating: 0, count: size)
        let n = bytes.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                cv4lconvert_convert(data, &src, &dst, s.baseAddress, Int32(clamping: s.count), d.baseAddress, Int32(clamping: d.count))
            }
        }
        guard n >= 0 else {
            let why = String(cString: cv4lconvert_error(data)).trimmingSuffix()
            throw FrameConversionError(
                libraryMissing: false, message: "libv4lconvert could not convert \(fourcc) \(width)x\(height) to RGB24: \(why)")
        }
        guard n == size else {
            throw FrameConversionError(
                libraryMissing: false, message: "libv4lconvert returned \(n) bytes for \(width)x\(height) RGB24, expected \(size)")
        }
        return out
    }
}

extension String {
    fileprivate func trimmingSuffix() -> String {
        var s = Substring(self)
        while let l = s.last, l == "\n" || l == " " { s = s.dropLast() }
        return String(s)
    }
}
