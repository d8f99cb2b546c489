/// How well a stream's frame intervals pin its delivered rate down.
///
/// The mean of `n` intervals with sample standard deviation `s` is known to ± t·s/√n, where t is
/// the two-sided 95 % quantile of Student's t with n − 1 degrees of freedom. The delivered rate is
/// the reciprocal of that mean, so its interval is the reciprocal of the mean's: 20 frames with
/// 6 ms of jitter at 30 fps pin the rate to about ± 9 %, 120 frames to about ± 3.6 %.
package struct RateInterval: Sendable, Hashable {
    /// The rate error's 95 % interval (delivered / negotiated − 1): `low` ≤ `high`.
    package var low: Double
    package var high: Double
    /// Intervals measured, and their mean and sample standard deviation (milliseconds).
    package var intervals: Int
    package var meanMilliseconds: Double
    package var standardDeviationMilliseconds: Double

    /// From `count` intervals with this mean and population standard deviation (as `StreamReport` keeps them);
    /// nil when there is no negotiated rate, fewer than two intervals, or a mean that is not positive.
    package init?(count: Int, meanMilliseconds mean: Double, populationDeviationMilliseconds sd: Double, expectedFPS: Double?) {
        guard let expected = expectedFPS, expected > 0, count >= 2, mean > 0, sd >= 0 else { return nil }
        let n = Double(count)
        let s = sd * (n / (n - 1)).squareRoot()
        let half = Self.t975(degreesOfFreedom: count - 1) * s / n.squareRoot()
        intervals = count
        meanMilliseconds = mean
        standardDeviationMilliseconds = s
        // The slowest rate the sample allows comes from the longest mean interval, and the other way round.
        low = 1000 / (mean + half) / expected - 1
        high = half < mean ? 1000 / (mean - half) / expected - 1 : Double.infinity
    }

    /// The interval lies wholly above `tolerance` (more frames than negotiated, beyond doubt).
    package func isAbove(_ tolerance: Double) -> Bool { low > tolerance }
    /// The interval lies wholly below −`tolerance`.
    package func isBelow(_ tolerance: Double) -> Bool { high < -tolerance }
    /// The interval lies wholly within ±`tolerance`.
    package func isWithin(_ tolerance: Double) -> Bool { low >= -tolerance && high <= tolerance }

    /// Frames a run needs, at this jitter and this rate error, for its interval to fall wholly on one
    /// side of the tolerance: nil when the measured error is on the tolerance itself (no count decides).
    package func framesToDecide(tolerance: Double, rateError: Double) -> Int? {
        let distance = abs(abs(rateError) - tolerance)
        guard distance > 1e-9, meanMilliseconds > 0 else { return nil }
        // Relative half-width of the mean interval must shrink below the distance (with 1.96 for t, and a tenth more
        // frames so that a run of that length does not land on the edge again).
        let ratio = 1.96 * standardDeviationMilliseconds / (meanMilliseconds * distance)
        let n = (ratio * ratio * 1.1).rounded(.up)
        guard n.isFinite, n < 10_000_000 else { return nil }
        return max(intervals + 2, Int(n) + 1)
    }

    /// The two-sided 95 % quantile of Student's t: tabled values up to 4 degrees of freedom, then the
    /// Cornish–Fisher expansion around the normal's 1.96 (within 1 % of the table from 5).
    package static func t975(degreesOfFreedom df: Int) -> Double {
        switch df {
        case ..<1: return .infinity
        case 1: return 12.706
        case 2: return 4.303
        case 3: return 3.182
        case 4: return 2.776
        default:
            let z = 1.959964
            let v = Double(df)
            let z3 = z * z * z
            let z5 = z3 * z * z
            return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v)
        }
    }
}
