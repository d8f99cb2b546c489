import CamProbe
import CaptureModel

/// When a device that connects is whole, for `monitor --restore` and `--controls`: at its `connected` when that
/// carries its capabilities, else at its `capabilities`, or a `changed` that came first and carried them.
struct MonitorArrivals {
    /// Connected, capabilities not read yet.
    private var arriving = Set<DeviceID>()

    /// Takes `e` in; the device it makes whole, if any.
    mutating func whole(after e: DeviceEvent) -> Device? {
        switch e {
        case .connected(let d) where d.awaitsCapabilities:
            arriving.insert(d.id)
            return nil
        case .connected(let d): return d
        case .capabilitiesRead(let d), .changed(let d): return arriving.remove(d.id) != nil ? d : nil
        case .disconnected(let id, _):
            arriving.remove(id)
            return nil
        case .overflow: return nil
        }
    }
}
