import CamProbe

/// What `verify` concludes from a measured stream: the delivered rate within 5 % of the negotiated
/// one either way, and no frame dropped. A camera that delivers more than negotiated did not take
/// the rate that was set (or ignores `VIDIOC_S_PARM`): a recorder timing its file by the negotiated
/// rate would play it slower than life, so it is not "ok" either.
enum VerifyVerdict: String, Encodable, Sendable {
    case ok
    case shortfall
    case excess
    case drops

    /// The tolerance around the negotiated rate, as a fraction (5 %).
    static let tolerance = 0.05

    init(_ report: StreamReport) {
        let error = report.rateError ?? 0
        self =
            error < -Self.tolerance
            ? .shortfall
            : error > Self.tolerance
                ? .excess
                : report.framesDropped > 0 ? .drops : .ok
    }

    /// The line after "Verdict:".
    func line(warnings: Bool) -> String {
        switch self {
        case .ok: "OK — the camera delivers what was negotiated"
        case .shortfall: Terminal.yellow("SHORTFALL") + " — fewer frames than negotiated" + (warnings ? " (see the warnings above)" : "")
        case .excess:
            Terminal.yellow("EXCESS") + " — more frames than negotiated: the driver did not keep the rate that was set"
        case .drops: Terminal.yellow("DROPS") + " — the driver dropped frames"
        }
    }

    /// The error message for exit status 3, nil when ok.
    func failure(dropped: Int) -> String? {
        switch self {
        case .ok: nil
        case .shortfall: "verify: delivered rate more than 5 % below the negotiated one"
        case .excess: "verify: delivered rate more than 5 % above the negotiated one"
        case .drops: "verify: \(dropped) frames dropped"
        }
    }
}
