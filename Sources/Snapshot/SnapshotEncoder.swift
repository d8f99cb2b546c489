import CamProbe

/// One picture from a live camera, as PNG or JPEG bytes.
///
/// JPEG is the frame itself when the camera streams MJPG or JPEG; PNG is the
/// frame converted to RGB24 by libv4lconvert (`v4lconvert_convert`, loaded with
/// `dlopen(3)` on first use) and written by `PNGWriter` (stored deflate blocks).
package enum SnapshotEncoder {
    /// A file type a snapshot is written as.
    package enum Encoding: String, Sendable, Hashable, Codable, CaseIterable {
        case png, jpeg

        /// From a file name's extension: `.png`, `.jpg` / `.jpeg` (any case); nil for others.
        package init?(fileName: String) {
            let lower = fileName.lowercased()
            if lower.hasSuffix(".png") {
                self = .png
            } else if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") {
                self = .jpeg
            } else {
                return nil
            }
        }
    }

    /// `frame` as a PNG: converted to RGB24 with libv4lconvert (`v4lconvert_convert`;
    /// MJPG and JPEG are decoded by it too), then encoded by `PNGWriter`.
    /// With `maxWidth`, a wider frame is scaled down (nearest pixel, aspect kept) first.
    package static func png(from frame: SnapshotFrame, maxWidth: Int? = nil) throws(SnapshotError) -> [UInt8] {
        let f = frame.format
        if f.planes.count > 1 {
            throw SnapshotError(
                kind: .conversion,
                message: "\(f.fourcc) stores a frame in \(f.planes.count) planes; camprobe snapshot reads one-plane formats only")
        }
        let rgb: [UInt8]
        do {
            rgb = try FrameConverter.rgb24(
                frame.bytes, fourcc: f.fourcc, width: f.width, height: f.height,
                bytesPerLine: f.planes.first?.bytesPerLine ?? f.bytesPerLine)
        } catch {
            throw SnapshotError(kind: error.libraryMissing ? .libraryMissing : .conversion, message: error.message)
        }
        var (pixels, width, height) = (rgb, Int(f.width), Int(f.height))
        if let maxWidth, maxWidth > 0, width > maxWidth {
            (pixels, width, height) = scaledDown(rgb, width: width, height: height, toWidth: maxWidth)
        }
        do {
            return try PNGWriter.encode(rgb: pixels, width: width, height: height)
        } catch {
            throw SnapshotError(kind: .conversion, message: error.description)
        }
    }

    /// `frame` as a JPEG file: the MJPG or JPEG frame as the camera sent it
    /// (it must start with the SOI marker FF D8). Other formats are refused.
    package static func jpeg(from frame: SnapshotFrame) throws(SnapshotError) -> [UInt8] {
        guard frame.isJPEG else {
            throw SnapshotError(
                kind: .conversion,
                message:
                    "the camera streams \(frame.format.fourcc), not MJPG or JPEG: a .jpg needs a JPEG mode (--format MJPG), or write a .png"
            )
        }
        guard frame.bytes.count >= 4, frame.bytes[0] == 0xFF, frame.bytes[1] == 0xD8 else {
            throw SnapshotError(kind: .conversion, message: "the \(frame.format.fourcc) frame is not a JPEG (no SOI marker FF D8)")
        }
        return frame.bytes
    }

    /// `frame` encoded as `encoding`.
    package static func encode(_ frame: SnapshotFrame, as encoding: Encoding) throws(SnapshotError) -> [UInt8] {
        switch encoding {
        case .png: try png(from: frame)
        case .jpeg: try jpeg(from: frame)
        }
    }

    /// Grabs one frame with the camera's active format (`CaptureDevice.captureFrame`)
    /// and returns it as PNG bytes — e.g. for a thumbnail in a report.
    package static func grabPNG(
        from camera: CaptureDevice, skipping: Int = 3, timeoutSeconds: Double = 5, maxWidth: Int? = nil
    ) async throws(SnapshotError) -> [UInt8] {
        try png(from: try await camera.captureFrame(skipping: skipping, timeoutSeconds: timeoutSeconds), maxWidth: maxWidth)
    }

    /// RGB24 pixels scaled to `toWidth` columns (nearest pixel; height keeps the aspect ratio, at least 1).
    static func scaledDown(_ rgb: [UInt8], width: Int, height: Int, toWidth: Int) -> ([UInt8], Int, Int) {
        let w = toWidth
        let h = max(1, height * w / width)
        guard rgb.count >= width * height * 3 else { return (rgb, width, height) }
        var out = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            let sy = y * height / h
            for x in 0..<w {
                let sx = x * width / w
                let from = (sy * width + sx) * 3
                let to = (y * w + x) * 3
                out[to] = rgb[from]
                out[to + 1] = rgb[from + 1]
                out[to + 2] = rgb[from + 2]
            }
        }
        return (out, w, h)
    }
}
