import CaptureModel

/// A subdevice's pads as its driver reports them (`VIDIOC_SUBDEV_*`).
package struct FakeSubdevSpec: Codable, Sendable {
    package var pads: [Pad]

    package struct Pad: Codable, Sendable {
        package var pad: UInt32
        package var codes: [Code]
        /// The active format: code name and size, e.g. `{"code":"RGB888_1X24","size":"640x480"}`.
        package var active: Active?
        /// Selection rectangles "WxH@LEFT,TOP".
        package var crop: String?
        package var cropBounds: String?
        package var nativeSize: String?
    }

    package struct Code: Codable, Sendable {
        /// A kernel name (`SRGGB10_1X10`) or a hex value (`0x300f`).
        package var code: String
        /// "W1xH1" (fixed) or "W1xH1-W2xH2" (a continuous range).
        package var sizes: [String]
        /// Discrete intervals for every size ("1/30"); absent: ENUM_FRAME_INTERVAL answers ENOTTY.
        package var intervals: [String]?
    }

    package struct Active: Codable, Sendable {
        package var code: String
        package var size: String
        package var field: UInt32?
    }
}

extension FakeSubdevSpec {
    /// A media bus code by name (`SRGGB10_1X10`) or hex (`0x3001`).
    package static func code(_ text: String) -> UInt32? {
        if let c = MediaBusCode(name: text) { return c.rawValue }
        if text.hasPrefix("0x") { return UInt32(text.dropFirst(2), radix: 16) }
        return nil
    }

    /// `"640x480"` (one size) or `"32x32-4096x4096"` (a range).
    package static func range(_ text: String) -> (Dimensions, Dimensions)? {
        let parts = text.split(separator: "-")
        guard let lo = parts.first.flatMap({ Dimensions(parsing: $0) }) else { return nil }
        guard parts.count == 2 else { return (lo, lo) }
        guard let hi = Dimensions(parsing: parts[1]) else { return nil }
        return (lo, hi)
    }

    /// `"640x480@8,4"`: a rectangle, its origin after `@` (default 0,0).
    package static func rect(_ text: String?) -> PixelRect? {
        guard let text else { return nil }
        let parts = text.split(separator: "@")
        guard let size = parts.first.flatMap({ Dimensions(parsing: $0) }) else { return nil }
        let origin = parts.count > 1 ? parts[1].split(separator: ",").compactMap { Int32($0) } : [0, 0]
        guard origin.count == 2 else { return nil }
        return PixelRect(left: origin[0], top: origin[1], width: size.width, height: size.height)
    }
}
