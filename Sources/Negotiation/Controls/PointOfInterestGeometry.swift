import CaptureModel

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
