/// How many bytes a mode moves, and how many a link can carry: facts of the model alone (the planner, `doctor`'s
/// bus checks and `negotiate` all ask it).
package enum Bandwidth {
    /// Bytes per pixel of uncompressed formats (planar 4:2:0 is 1.5); nil for compressed ones.
    package static func bytesPerPixel(_ fourcc: FourCC, compressed: Bool) -> Double? {
        if compressed { return nil }
        switch fourcc.name {
        case "GREY", "Y8", "BA81", "GBRG", "GRBG", "RGGB": return 1
        case "NV12", "NV21", "YU12", "YV12", "I420", "NM12": return 1.5
        case "RGB3", "BGR3": return 3
        case "RGB4", "BGR4", "AR24", "XR24", "AB24", "XB24", "RGBA", "BGRA": return 4
        case "MJPG", "JPEG", "H264", "HEVC", "VP80", "VP90", "M420": return nil
        default: return 2  // YUYV, UYVY, YVYU, VYUY, Y16, RGBP, … and unknown raw formats
        }
    }

    /// Payload bytes per second of `size` at `fps`; nil for compressed formats.
    /// Saturates at `UInt64.max` (a 4294967295x4294967295 mode at billions of
    /// frames per second); a rate that is not a finite positive number moves 0 bytes.
    package static func bytesPerSecond(_ fourcc: FourCC, compressed: Bool, size: Dimensions, fps: Double) -> UInt64? {
        bytesPerSecond(bytesPerPixel: bytesPerPixel(fourcc, compressed: compressed), area: size.area, fps: fps)
    }

    /// `bytesPerSecond(_:compressed:size:fps:)` with the bytes per pixel already looked up.
    package static func bytesPerSecond(bytesPerPixel bpp: Double?, area: UInt64, fps: Double) -> UInt64? {
        guard let bpp else { return nil }
        return saturatingUInt64((Double(area) * bpp * fps).rounded())
    }

    /// A budget given in MB/s (10⁶ bytes) as bytes per second, saturating at
    /// `UInt64.max`; nil unless it is a positive number (`--bandwidth 1e300`
    /// is "no limit", not a trap).
    package static func bytesPerSecond(megabytes: Double) -> UInt64? {
        guard megabytes > 0 else { return nil }  // also NaN
        return saturatingUInt64(megabytes * 1e6)
    }

    /// `v` as a UInt64, clamped to 0…UInt64.max; NaN is 0. Exact for every value that fits.
    static func saturatingUInt64(_ v: Double) -> UInt64 {
        guard v > 0 else { return 0 }  // also NaN
        // 2⁶⁴ is exactly representable; anything at or above it does not fit.
        return v < 18_446_744_073_709_551_616.0 ? UInt64(v) : UInt64.max
    }

    /// The most video payload a transport carries isochronously, bytes/s: the bus model's largest reservation for
    /// the link's speed (`USBBusTime.mostBytesPerInterval`) times its service intervals per second
    /// (`USBBusTime.intervalsPerSecond`): 3 × 1024 B × 8000 = 24,576,000 at high speed, 1023 B × 1000 at full
    /// speed, 3 × 16 × 1024 B × 8000 at SuperSpeed. nil for other transports (no limit known).
    package static func transportLimit(_ t: Transport?) -> UInt64? {
        guard let t, t.kind == .usb, let mbps = t.speedMbps else { return nil }
        return UInt64(USBBusTime.mostBytesPerInterval(speedMbps: mbps) * USBBusTime.intervalsPerSecond(speedMbps: mbps))
    }

    /// "24.6 MB/s"
    package static func describe(_ bytes: UInt64) -> String {
        let mb = Double(bytes) / 1e6
        return mb >= 100 ? "\(Int(mb.rounded())) MB/s" : "\(Double(Int(mb * 10)) / 10) MB/s"
    }
}
