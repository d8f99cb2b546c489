import CamProbe
import CaptureModel
import KeptControls

/// `monitor --restore NAME [--reassert]`: restores the saved control profile on each device, and with
/// `--reassert` hands what it applied to a `ControlReasserter` fed by the device's control-event watcher.
///
/// A restore opens the device and writes controls (`VIDIOC_S_EXT_CTRLS`), which a UVC camera can hold for
/// seconds, so each runs on a thread made for it (`ControlRestorer.restoreOffPool`), never the cooperative pool.
struct ControlKeeper: Sendable {
    let name: String
    let reassert: Bool
    let factory: DeviceRegistry.SystemFactory
    let printer: EventPrinter
    let watchers: ControlWatchers?

    /// Restores the profile on `d` and says what happened; with `--reassert`, holds what was applied.
    func restore(_ d: Device) async {
        let outcome: ControlRestorer.Outcome
        do throws(ControlRestorer.RestoreError) {
            outcome = try await ControlRestorer.restoreOffPool(name, device: d, makeSystem: factory)
        } catch {
            printer.restored(d.id, name: name, applied: 0, refused: [error.message], kept: [])
            return
        }
        guard outcome.found else { return }
        printer.restored(d.id, name: name, applied: outcome.applied.count, refused: outcome.refused, kept: outcome.keptAutomatic)
        guard reassert, let watchers else { return }
        let writes = ControlReasserter.writes(of: outcome)
        guard !writes.isEmpty else { return }
        let id = d.id
        let printer = self.printer
        do {
            let r = try ControlReasserter(device: d, writes: writes, makeSystem: factory) { printer.reasserted(id, $0) }
            await watchers.reassert(d.id, with: r)
        } catch {
            printer.restored(d.id, name: name, applied: outcome.applied.count, refused: ["--reassert: \(error)"], kept: [])
        }
    }
}
