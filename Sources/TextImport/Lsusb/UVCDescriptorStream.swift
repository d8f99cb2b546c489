import CaptureModel

/// One VideoStreaming interface as its format and frame descriptors describe it.
struct UVCDescriptorStream {
    var interfaceNumber: Int
    var formats: [UVCDescriptorFormat] = []
    /// The line of the first format descriptor.
    var line: Int

    /// The formats as uvcvideo lists them: in descriptor order, frames in descriptor order.
    func pixelFormats(problems: inout [Problem]) -> [PixelFormat] {
        var builder = FormatListBuilder()
        for (i, f) in formats.enumerated() {
            builder.startFormat(index: UInt32(i))
            let known: UVCDescriptorFormatGUID.Known?
            if f.isMJPEG {
                known = UVCDescriptorFormatGUID.mjpeg
            } else if let g = f.guid {
                known = UVCDescriptorFormatGUID.known(g)
            } else {
                known = nil
            }
            if let k = known {
                builder.setFourCC(k.fourcc)
                builder.setDescription(k.description)
                if k.compressed || f.isFrameBased { builder.addFlags(.compressed) }
            } else {
                let guid = f.guid ?? "(no guidFormat)"
                let bytes = f.guid.flatMap(UVCDescriptorFormatGUID.firstField)
                builder.setFourCC(FourCC(rawValue: bytes ?? 0))
                builder.setDescription("unknown UVC format \(guid)")
                if f.isFrameBased { builder.addFlags(.compressed) }
                problems.append(
                    Problem(
                        kind: .imported,
                        message:
                            "line \(f.line): format \(f.formatIndex.map { String($0) } ?? "?") has GUID \(guid), which camprobe does not know; kept with the GUID's first four bytes as its code"
                    ))
            }
            for frame in f.frames {
                builder.startSize(kind: "discrete", min: frame.size, max: frame.size, step: Dimensions(width: 0, height: 0))
                builder.setIntervalRange(frame.intervals)
            }
        }
        builder.finishFormat()
        return builder.formats
    }
}

/// A format descriptor (`FORMAT_UNCOMPRESSED`, `FORMAT_MJPEG`, `FORMAT_FRAME_BASED`).
struct UVCDescriptorFormat {
    var line: Int
    var isMJPEG: Bool
    var isFrameBased: Bool
    var formatIndex: UInt64?
    var guid: String?
    var frames: [UVCDescriptorFrame] = []
}

/// A frame descriptor once read completely.
struct UVCDescriptorFrame {
    var size: Dimensions
    var intervals: FrameIntervals
}
