import CamProbe

/// What `verify` concludes from a measured stream: the delivered rate within 5 % of the negotiated
/// one either way, and no frame dropped. A camera that delivers more than negotiated did not take
/// the rate that was set (or ignores `VIDIOC_S_PARM`): a recorder timing its file by the negotiated
/// rate would play it slower than life, so it is not "ok" either.
///
/// The delivered rate is a measurement with an uncertainty: its 95 % interval (`StreamReport.rateErrorLow`
/// and `rateErrorHigh`, from the frame count and the jitter) decides. A shortfall or an excess is said only
/// when the whole interval lies beyond the tolerance, "ok" only when it lies within; otherwise the verdict
/// is `undecided`, with the frame count that would decide.
enum VerifyVerdict: String, Encodable, Sendable {
    case ok
    case shortfall
    case excess
    case drops
    /// The interval straddles the tolerance: this many frames cannot tell.
    case undecided

    /// The tolerance around the negotiated rate, as a fraction (5 %).
    static let tolerance = 0.05

    init(_ report: StreamReport) {
        guard report.rateError != nil else {
            // No negotiated rate to compare with: only drops count.
            self = report.framesDropped > 0 ? .drops : .ok
            return
        }
        guard let interval = report.rateInterval else {
            // Fewer than two intervals: no spread to know the rate by, whatever the point estimate says.
            self = report.framesDropped > 0 ? .drops : .undecided
            return
        }
        if interval.isBelow(Self.tolerance) {
            self = .shortfall
        } else if interval.isAbove(Self.tolerance) {
            self = .excess
        } else if report.framesDropped > 0 {
            self = .drops
        } else {
            self = interval.isWithin(Self.tolerance) ? .ok : .undecided
        }
    }

    /// Frames that would decide an `undecided` run, at its jitter and rate error; nil when none would.
    static func framesToDecide(_ report: StreamReport) -> Int? {
        guard let interval = report.rateInterval, let error = report.rateError else { return nil }
        return interval.framesToDecide(tolerance: tolerance, rateError: error)
    }

    /// What to do about an undecided run.
    static func advice(_ report: StreamReport) -> String {
        let n = report.framesReceived
        guard report.rateInterval != nil else {
            return "cannot tell from \(n) frames: run with --frames 120 (two intervals at least give a spread to judge by)"
        }
        guard let m = framesToDecide(report) else {
            return "cannot tell from \(n) frames: the delivered rate is at the edge of the 5 % tolerance"
        }
        return m <= 100_000
            ? "cannot tell from \(n) frames: run with --frames \(m)"
            : "cannot tell from \(n) frames: it would take about \(m) (more than --frames allows)"
    }

    /// The line after "Verdict:".
    func line(warnings: Bool, report: StreamReport) -> String {
        switch self {
        case .ok: "OK — the camera delivers what was negotiated"
        case .shortfall: Terminal.yellow("SHORTFALL") + " — fewer frames than negotiated" + (warnings ? " (see the warnings above)" : "")
        case .excess:
            Terminal.yellow("EXCESS") + " — more frames than negotiated: the driver did not keep the rate that was set"
        case .drops: Terminal.yellow("DROPS") + " — the driver dropped frames"
        case .undecided: Terminal.yellow("UNDECIDED") + " — " + Self.advice(report)
        }
    }

    /// The error message for exit status 3, nil when ok.
    func failure(report: StreamReport) -> String? {
        switch self {
        case .ok: nil
        case .shortfall: "verify: delivered rate more than 5 % below the negotiated one"
        case .excess: "verify: delivered rate more than 5 % above the negotiated one"
        case .drops: "verify: \(report.framesDropped) frames dropped"
        case .undecided: "verify: " + Self.advice(report)
        }
    }
}
