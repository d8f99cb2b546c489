/// A raw sensor's timing controls, from which its frame rate follows when it
/// lists no frame intervals (the usual case for MIPI CSI-2 sensors):
///
///     frame interval = (width + hblank) × (height + vblank) / pixel rate   seconds
///
/// `V4L2_CID_PIXEL_RATE` (pixels per second), `V4L2_CID_HBLANK` and
/// `V4L2_CID_VBLANK` (in pixels and lines). Everything is exact: the interval is
/// a reduced fraction, never a rounded float.
package struct SensorTiming: Sendable, Hashable, Codable {
    /// Pixels per second on the sensor's output (`V4L2_CID_PIXEL_RATE`).
    package var pixelRate: Int64
    /// Horizontal blanking now, in pixels (`V4L2_CID_HBLANK`; read-only on most sensors).
    package var hblank: Int64
    /// Vertical blanking now and its range, in lines (`V4L2_CID_VBLANK`): a longer
    /// blanking is a longer frame, so the range of vblank is the range of rates.
    package var vblank: Int64
    package var vblankMinimum: Int64
    package var vblankMaximum: Int64

    package init(pixelRate: Int64, hblank: Int64, vblank: Int64, vblankMinimum: Int64, vblankMaximum: Int64) {
        self.pixelRate = pixelRate
        self.hblank = hblank
        self.vblank = vblank
        self.vblankMinimum = vblankMinimum
        self.vblankMaximum = vblankMaximum
    }

    /// The exact frame interval of a `width`×`height` frame with `vblank` lines of
    /// vertical blanking; nil when the numbers are not usable (zero or negative
    /// rate, negative totals) or the reduced fraction does not fit 32 bits.
    package func frameInterval(width: UInt32, height: UInt32, vblank: Int64) -> Rational? {
        guard pixelRate > 0, hblank >= 0, vblank >= 0, hblank < Int64(UInt32.max), vblank < Int64(UInt32.max) else { return nil }
        let lineLength = UInt64(width) + UInt64(hblank)
        let frameLength = UInt64(height) + UInt64(vblank)
        let (pixels, overflow) = lineLength.multipliedReportingOverflow(by: frameLength)
        guard !overflow, pixels > 0 else { return nil }
        let rate = UInt64(pixelRate)
        let g = SensorTiming.gcd(pixels, rate)
        let (n, d) = (pixels / g, rate / g)
        guard n <= UInt64(UInt32.max), d <= UInt64(UInt32.max) else { return nil }
        return Rational(UInt32(n), UInt32(d))
    }

    /// The vertical blanking that makes a `width`×`height` frame last `interval` (rounded to the nearest line and
    /// kept within the control's range); nil when the timing is unusable.
    package func vblank(for interval: Rational, width: UInt32, height: UInt32) -> Int64? {
        guard pixelRate > 0, hblank >= 0, interval.isValid else { return nil }
        let line = Double(UInt64(width) + UInt64(hblank))
        guard let seconds = interval.doubleValue, line > 0 else { return nil }
        let lines = (seconds * Double(pixelRate) / line).rounded() - Double(height)
        guard lines.isFinite, abs(lines) < 1e12 else { return nil }
        return min(max(Int64(lines), vblankMinimum), vblankMaximum)
    }

    /// The interval now (current vblank).
    package func frameInterval(width: UInt32, height: UInt32) -> Rational? {
        frameInterval(width: width, height: height, vblank: vblank)
    }

    /// The shortest and longest frame interval over vblank's range: the fastest
    /// and slowest rates the sensor can run at this size.
    package func intervalRange(width: UInt32, height: UInt32) -> (shortest: Rational, longest: Rational)? {
        guard vblankMinimum <= vblankMaximum, let lo = frameInterval(width: width, height: height, vblank: max(0, vblankMinimum)),
            let hi = frameInterval(width: width, height: height, vblank: vblankMaximum)
        else { return nil }
        return (lo, hi)
    }

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return max(x, 1)
    }
}

extension SensorTiming {
    /// `V4L2_CID_PIXEL_RATE`, `V4L2_CID_HBLANK`, `V4L2_CID_VBLANK`.
    package static let pixelRateID: UInt32 = 0x009f_0902
    package static let hblankID: UInt32 = 0x009e_0902
    package static let vblankID: UInt32 = 0x009e_0901

    /// The timing a sensor's controls give; nil unless it has all three with values.
    package init?(controls: [Control]) {
        func find(_ id: UInt32) -> (value: Int64, control: Control)? {
            guard let c = controls.first(where: { $0.id == id }), case .integer(let v)? = c.value else { return nil }
            return (v, c)
        }
        guard let rate = find(SensorTiming.pixelRateID), let h = find(SensorTiming.hblankID), let v = find(SensorTiming.vblankID)
        else { return nil }
        self.init(
            pixelRate: rate.value, hblank: h.value, vblank: v.value, vblankMinimum: v.control.minimum, vblankMaximum: v.control.maximum)
    }
}
