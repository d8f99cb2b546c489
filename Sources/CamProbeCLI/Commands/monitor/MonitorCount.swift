import CamProbe
import CaptureModel

/// `monitor --count N`: when the monitor has seen enough. It counts devices coming, going and changing; a connect's
/// `capabilities` line is part of it, so the last counted connect is followed until its capabilities are in (or it
/// goes away). An overflow is not counted.
struct MonitorCount {
    /// `--count`, nil without it (the monitor is ended by something else).
    let limit: Int?
    private var seen = 0
    /// The last counted connect, whose capabilities are still to come.
    private var awaiting: DeviceID?

    init(limit: Int?) { self.limit = limit }

    /// Takes `e` in; true when the monitor has seen enough and ends after it.
    mutating func isDone(after e: DeviceEvent) -> Bool {
        switch e {
        case .overflow: return false
        case .capabilitiesRead(let d): return d.id == awaiting
        case .disconnected(let id, _) where id == awaiting: return true
        default: break
        }
        seen += 1
        guard let limit, seen >= limit else { return false }
        guard case .connected(let d) = e, d.awaitsCapabilities else { return true }
        awaiting = d.id
        return false
    }
}
