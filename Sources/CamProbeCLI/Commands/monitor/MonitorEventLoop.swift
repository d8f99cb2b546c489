import CamProbe
import CaptureModel
import Fleet
import HostSystem

/// `monitor`'s device events, one at a time: printed, exported to the textfile, a whole device's controls restored
/// and followed, a microphone metered, until `--count` is reached or the registry's stream ends.
struct MonitorEventLoop: Sendable {
    let printer: EventPrinter
    let fleet: MonitorFleet?
    let keeper: ControlKeeper?
    let watchers: ControlWatchers?
    let meters: LevelMeters?
    let perDevice: TaskSet
    /// `--count`.
    let limit: Int?

    /// Follows `stream` until the count is reached or it ends.
    func run(_ stream: AsyncStream<DeviceEvent>) async {
        var count = MonitorCount(limit: limit)
        var arrivals = MonitorArrivals()
        for await e in stream {
            printer.event(e)
            await export(e)
            if let d = arrivals.whole(after: e) { followControls(of: d) }
            if let meters, case .connected(let d) = e { meters.start(d) }
            if count.isDone(after: e) { return }
        }
    }

    /// `--textfile`: the event applied to the file, or after an overflow the file read again from the registry.
    func export(_ e: DeviceEvent) async {
        guard let fleet else { return }
        if case .overflow = e {
            await fleet.textfile.resync(await fleet.registry.devices)
        } else {
            await fleet.textfile.apply(e)
        }
    }

    /// `--restore` and `--controls` for a device now whole. Each device on its own task: a device stuck in its restore
    /// delays no other's events. The tasks are kept and cancelled when the monitor stops; a restore that ends after
    /// that starts no watcher (`ControlWatchers.stopAll` has closed them).
    func followControls(of d: Device) {
        guard keeper != nil || watchers != nil else { return }
        let (keeper, watchers) = (keeper, watchers)
        perDevice.start {
            await keeper?.restore(d)
            guard !Task.isCancelled else { return }
            await watchers?.watch(d)
        }
    }
}
