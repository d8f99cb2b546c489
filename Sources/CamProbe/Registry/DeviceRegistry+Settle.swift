import CaptureModel
import HostSystem
import Logging
import V4L2

/// The settle state machine: a raw event arms an early re-read (after `debounce`) that announces the devices
/// the system can tell complete, and restarts the quiet `settle` window whose re-read is the fallback.
extension DeviceRegistry {
    /// Records one raw event, schedules the early rescan and (re)starts the settle window.
    func note(_ event: HotplugEvent) {
        rawEvents += 1
        logger.trace("raw udev event", metadata: ["event": "\(event)"])
        let at = event.receivedAt == 0 ? monotonicNanoseconds() : event.receivedAt
        if event.droppedBefore > 0 || changedSinceListing.count >= DeviceRegistry.keptSamples {
            lastListing = nil  // events were lost (or never looked at): the next re-read lists everything
            changedSinceListing = []
            inertNodes = []
        }
        if let node = event.devnode {
            inertNodes.remove(node)
            if lastListing != nil { changedSinceListing.insert(node) }
            if event.action == "remove" {
                if awaitingAdd.count < DeviceRegistry.keptSamples { awaitingAdd.insert(node) }
            } else if event.action == "add" {
                awaitingAdd.remove(node)
            }
        }
        if batchStartedAt == nil { batchStartedAt = at }
        batchLastAt = at
        scheduleRescan(after: settle)
        if systemTellsReadiness != false { schedule(after: debounce, generation: generation, early: true) }
    }

    func scheduleRescan(after delay: Duration) {
        generation += 1
        schedule(after: delay, generation: generation, early: false)
    }

    func schedule(after delay: Duration, generation g: Int, early: Bool) {
        pendingRescans += 1
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            await self?.settled(g, early: early)
        }
    }

    func settled(_ g: Int, early: Bool) {
        pendingRescans -= 1
        guard g == generation else { return }  // a newer event restarted the window
        if early {
            if rescan(early: true) && deferred == 0 && retries == 0 { completeGeneration = g }
        } else if completeGeneration != g || retries > 0 {
            // The system tells completeness and a device is still unfinished: udev is slow (a loaded or emulated
            // machine), not stuck. Look again and wait, up to `patience` after the last event, before announcing
            // a device udev has not finished (whose links may be missing).
            if systemTellsReadiness == true, deferred > 0, retries == 0, let last = batchLastAt,
                monotonicNanoseconds() &- last < UInt64(patience.components.seconds) * 1_000_000_000
            {
                rescan(early: true)
                if deferred > 0 { scheduleRescan(after: settle) }
                return
            }
            fallbackRescans += 1
            rescan(early: false)
        } else {
            batchStartedAt = nil  // a quiet window passed with nothing left to announce
            batchLastAt = nil
        }
    }
}
