import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The task that turns signals and low free space into stops, polling every 50 ms.
///
/// A SIGINT or SIGTERM becomes the control's reason; outside a recording (waiting
/// for a camera, holding a lock) the process then says so and exits 0, since there
/// is no file to finish; during one, the recording ends and the recorder says why. While recording with `minimumFree`, the free space near
/// `path` is read every 0.5 s. A stop no frame has noticed within 1 s (a camera
/// that stopped delivering) ends the frames, so the files are still finished.
func watchForStops(_ control: StopControl, minimumFree: UInt64?, near path: String) -> Task<Void, Never> {
    Task.detached {
        var lastFreeCheck: ContinuousClock.Instant?
        var stopSeen: ContinuousClock.Instant?
        var stalledStopped = false
        var signalSeen = false
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(50))
            let now = ContinuousClock.now
            if !signalSeen, let number = StopSignals.received {
                signalSeen = true  // once: a recording that ends on it says so itself
                let reason = control.stop(.signal(number))
                if !control.isRecording {
                    say("Stopped: \(reason)")
                    exit(0)
                }
            }
            guard control.isRecording else {
                (lastFreeCheck, stopSeen, stalledStopped) = (nil, nil, false)
                continue
            }
            if let minimumFree, lastFreeCheck.map({ now - $0 >= .milliseconds(500) }) ?? true {
                lastFreeCheck = now
                if let free = freeBytes(near: path), free < minimumFree {
                    control.stop(.minFreeSpace(free: free, limit: minimumFree))
                }
            }
            if control.reason != nil, !stalledStopped {
                let since = stopSeen ?? now
                stopSeen = since
                if now - since >= .seconds(1) {
                    stalledStopped = true
                    await control.stopStalled()
                }
            }
        }
    }
}
