/// A media-bus format code (`MEDIA_BUS_FMT_*`): what a subdevice pad carries,
/// e.g. `SRGGB10_1X10` from a sensor or `RGB888_1X24` from a debayer.
package struct MediaBusCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The kernel's name without its `MEDIA_BUS_FMT_` prefix, as `media-ctl` prints it; nil for a code camprobe does not know.
    package var name: String? { MediaBusCodeNames.table[rawValue] }
    package var description: String { name ?? "0x" + String(rawValue, radix: 16) }

    /// The code whose kernel name is `name` (`SRGGB10_1X10`).
    package init?(name: String) {
        guard let v = MediaBusCodeNames.table.first(where: { $0.value == name })?.key else { return nil }
        rawValue = v
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(UInt32.self) {
            rawValue = n
        } else {
            let text = try c.decode(String.self)
            if let code = MediaBusCode(name: text) {
                rawValue = code.rawValue
            } else if text.hasPrefix("0x"), let v = UInt32(text.dropFirst(2), radix: 16) {
                rawValue = v
            } else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a media-bus code: \(text)")
            }
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// A rectangle on a subdevice pad (crop, crop bounds), in pixels.
package struct PixelRect: Sendable, Hashable, Codable {
    package var left: Int32
    package var top: Int32
    package var width: UInt32
    package var height: UInt32
    package init(left: Int32, top: Int32, width: UInt32, height: UInt32) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }
}

/// The format active on a subdevice pad (`VIDIOC_SUBDEV_G_FMT`, `V4L2_SUBDEV_FORMAT_ACTIVE`).
package struct SubdevPadFormat: Sendable, Hashable, Codable, CustomStringConvertible {
    package var code: MediaBusCode
    package var width: UInt32
    package var height: UInt32
    /// `enum v4l2_field` number (1: none, progressive).
    package var field: UInt32
    /// `enum v4l2_colorspace` number.
    package var colorspace: UInt32
    package init(code: MediaBusCode, width: UInt32, height: UInt32, field: UInt32, colorspace: UInt32) {
        self.code = code
        self.width = width
        self.height = height
        self.field = field
        self.colorspace = colorspace
    }
    /// `SRGGB10_1X10/1536x864`, the way `media-ctl -p` writes a pad format.
    package var description: String { "\(code)/\(width)x\(height)" }
}

/// One frame-size entry of a pad for one code (`VIDIOC_SUBDEV_ENUM_FRAME_SIZE`):
/// a fixed size (min == max) or a continuous range, with the frame intervals the
/// pad lists for the largest size (`VIDIOC_SUBDEV_ENUM_FRAME_INTERVAL`; empty when
/// the driver lists none — many sensors take their rate from blanking instead).
package struct SubdevFrameSize: Sendable, Hashable, Codable {
    package var min: Dimensions
    package var max: Dimensions
    package var intervals: [Rational]
    package init(min: Dimensions, max: Dimensions, intervals: [Rational] = []) {
        self.min = min
        self.max = max
        self.intervals = intervals
    }
    /// One size, not a range.
    package var isFixed: Bool { min == max }
}

/// What one media-bus code offers on a pad.
package struct SubdevCodeModes: Sendable, Hashable, Codable {
    package var code: MediaBusCode
    package var sizes: [SubdevFrameSize]
    package init(code: MediaBusCode, sizes: [SubdevFrameSize]) {
        self.code = code
        self.sizes = sizes
    }
}

/// Everything a subdevice says about one pad: its codes and sizes, the active
/// format, and its crop rectangles (`VIDIOC_SUBDEV_G_SELECTION`).
package struct SubdevPadModes: Sendable, Hashable, Codable {
    package var pad: UInt32
    package var codes: [SubdevCodeModes]
    package var active: SubdevPadFormat?
    /// `V4L2_SEL_TGT_CROP_BOUNDS`: the whole readable area (a sensor's pixel array).
    package var cropBounds: PixelRect?
    /// `V4L2_SEL_TGT_NATIVE_SIZE`.
    package var nativeSize: PixelRect?
    /// `V4L2_SEL_TGT_CROP`: the part read out now.
    package var crop: PixelRect?
    package init(
        pad: UInt32, codes: [SubdevCodeModes], active: SubdevPadFormat? = nil, cropBounds: PixelRect? = nil,
        nativeSize: PixelRect? = nil, crop: PixelRect? = nil
    ) {
        self.pad = pad
        self.codes = codes
        self.active = active
        self.cropBounds = cropBounds
        self.nativeSize = nativeSize
        self.crop = crop
    }
}
