/// A point in AVFoundation's normalized coordinates: (0,0) is the top-left
/// corner of the picture, (1,1) the bottom-right.
package struct NormalizedPoint: Sendable, Hashable, Codable {
    package var x: Double
    package var y: Double

    /// Both coordinates finite and in 0…1, else `PointOfInterestError.outOfRange`.
    package init(x: Double, y: Double) throws(PointOfInterestError) {
        guard x.isFinite, y.isFinite, (0...1).contains(x), (0...1).contains(y) else {
            throw .outOfRange("\(x),\(y)")
        }
        self.x = x
        self.y = y
    }

    /// Parses `X,Y`, e.g. `0.5,0.5`.
    package init(parsing text: String) throws(PointOfInterestError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0].trimmingSpaces), let y = Double(parts[1].trimmingSpaces) else {
            throw .malformed(text)
        }
        guard x.isFinite, y.isFinite, (0...1).contains(x), (0...1).contains(y) else { throw .outOfRange(text) }
        self.x = x
        self.y = y
    }
}

/// Why a point of interest was not set.
package enum PointOfInterestError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformed(String)
    case outOfRange(String)
    case notSupported(String)
    /// The picture size the point is relative to is not known.
    case noFrameSize

    package var description: String {
        switch self {
        case .malformed(let t): "\"\(t)\" is not a point: give X,Y, e.g. 0.5,0.5"
        case .outOfRange(let t):
            "point \(t) is outside the picture: X and Y go from 0 (top-left) to 1 (bottom-right)"
        case .notSupported(let why): why.hasPrefix("not supported") ? why : "not supported: " + why
        case .noFrameSize: "neither the active format nor the largest region is known, so the point cannot be placed in pixels"
        }
    }
}

/// The rectangle a point of interest becomes (pure).
///
/// - The centre is the point scaled to the frame (`x * width`, `y * height`, rounded).
/// - The size is the current region's size when it has one (width and height
///   above 0), else the control's minimum size (`V4L2_CTRL_WHICH_MIN_VAL`),
///   else 1x1; then it is clamped between the minimum and maximum sizes.
/// - The rectangle is then moved (never shrunk) to lie inside the maximum
///   rectangle (`V4L2_CTRL_WHICH_MAX_VAL`), or inside the frame when the
///   driver gave no maximum.
package enum PointOfInterestGeometry {
    package static func rect(
        for point: NormalizedPoint, frameWidth: UInt32, frameHeight: UInt32, current: ControlRect?,
        minimum: ControlRect?, maximum: ControlRect?
    ) -> ControlRect {
        let bounds = maximum ?? ControlRect(left: 0, top: 0, width: frameWidth, height: frameHeight)
        var w: Int64
        var h: Int64
        if let c = current, c.width > 0, c.height > 0 {
            (w, h) = (Int64(c.width), Int64(c.height))
        } else if let m = minimum, m.width > 0, m.height > 0 {
            (w, h) = (Int64(m.width), Int64(m.height))
        } else {
            (w, h) = (1, 1)
        }
        w = max(w, Int64(minimum?.width ?? 1), 1)
        h = max(h, Int64(minimum?.height ?? 1), 1)
        w = min(w, max(Int64(bounds.width), 1))
        h = min(h, max(Int64(bounds.height), 1))
        let cx = Int64((point.x * Double(frameWidth)).rounded())
        let cy = Int64((point.y * Double(frameHeight)).rounded())
        let left = clamp(cx - w / 2, Int64(bounds.left), Int64(bounds.left) + Int64(bounds.width) - w)
        let top = clamp(cy - h / 2, Int64(bounds.top), Int64(bounds.top) + Int64(bounds.height) - h)
        return ControlRect(
            left: Int32(clamping: left), top: Int32(clamping: top), width: UInt32(clamping: w), height: UInt32(clamping: h))
    }

    private static func clamp(_ v: Int64, _ lo: Int64, _ hi: Int64) -> Int64 { max(lo, min(v, max(lo, hi))) }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
