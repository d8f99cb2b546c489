import CaptureModel

/// A subdevice's pads as its driver reports them (`VIDIOC_SUBDEV_*`).
public struct FakeSubdevSpec: Codable, Sendable {
    public var pads: [Pad]

    public struct Pad: Codable, Sendable {
        public var pad: UInt32
        public var codes: [Code]
        /// The active format: code name and size, e.g. `{"code":"RGB888_1X24","size":"640x480"}`.
        public var active: Active?
        /// Selection rectangles "WxH@LEFT,TOP".
        public var crop: String?
        public var cropBounds: String?
        public var nativeSize: String?
    }

    public struct Code: Codable, Sendable {
        /// A kernel name (`SRGGB10_1X10`) or a hex value (`0x300f`).
        public var code: String
        /// "W1xH1" (fixed) or "W1xH1-W2xH2" (a continuous range).
        public var sizes: [String]
        /// Discrete intervals for every size ("1/30"); absent: ENUM_FRAME_INTERVAL answers ENOTTY.
        public var intervals: [String]?
    }

    public struct Active: Codable, Sendable {
        public var code: String
        public var size: String
        public var field: UInt32?
    }
}

extension FakeSubdevSpec {
    static func code(_ text: String) -> UInt32? {
        if let c = MediaBusCode(name: text) { return c.rawValue }
        if text.hasPrefix("0x") { return UInt32(text.dropFirst(2), radix: 16) }
        return nil
    }

    static func range(_ text: String) -> (Dimensions, Dimensions)? {
        let parts = text.split(separator: "-")
        guard let lo = parts.first.flatMap({ Dimensions(parsing: $0) }) else { return nil }
        guard parts.count == 2 else { return (lo, lo) }
        guard let hi = Dimensions(parsing: parts[1]) else { return nil }
        return (lo, hi)
    }

    static func rect(_ text: String?) -> PixelRect? {
        guard let text else { return nil }
        let parts = text.split(separator: "@")
        guard let size = parts.first.flatMap({ Dimensions(parsing: $0) }) else { return nil }
        let origin = parts.count > 1 ? parts[1].split(separator: ",").compactMap { Int32($0) } : [0, 0]
        guard origin.count == 2 else { return nil }
        return PixelRect(left: origin[0], top: origin[1], width: size.width, height: size.height)
    }
}
