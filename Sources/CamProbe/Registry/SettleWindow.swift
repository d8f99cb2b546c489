/// The registry's settle state machine, without a clock: every time is an argument (CLOCK_MONOTONIC nanoseconds).
///
/// A raw event arms an early re-read (after `debounce`) that announces the devices the system can tell complete,
/// and restarts the quiet `settle` window whose re-read is the fallback. Each restart starts a new generation: what
/// an older one had armed is superseded. When the window runs out, `take(now:)` says what to do: nothing more when
/// the early re-read of this generation found everything complete, a look again while udev is still finishing a
/// device (up to `patience` after the last event, `busyPatience` while udev still has events queued or running), or
/// the full fallback re-read.
struct SettleWindow: Sendable, Hashable {
    /// What the registry does when a deadline of the window is reached.
    enum Step: Sendable, Hashable {
        /// The early re-read of `generation`: announce what is complete.
        case early(generation: Int)
        /// The window ran out and a device is still unfinished while udev tells readiness: look again (early), and
        /// restart the window if something is still unfinished (`lookedAgain(now:)`).
        case lookAgain
        /// The window ran out: re-read everything and announce it (the fallback).
        case fallback
        /// The window ran out with nothing left to announce: the batch is over.
        case quiet
    }

    /// Quiet time after the last raw event before the fallback re-read (ns).
    let settle: UInt64
    /// Delay after a raw event before its early re-read (ns).
    let debounce: UInt64
    /// How long after the last raw event a device udev has not finished is waited for before the fallback (ns).
    let patience: UInt64
    /// The same while udev still has events queued or running (`udevBusy`): it is slow, not stuck. A fallback that
    /// announced then would give a camera without the links udev is still making (seen under CI load: vivid's
    /// `connected` without its by-path link, 3.8 s after the last event). udev's own event timeout is 180 s.
    let busyPatience: UInt64

    /// Raised at each restart of the window: a deadline armed by an older generation is dropped.
    private(set) var generation = 0
    /// When the early re-read of the current generation is due (nil: none armed).
    private(set) var earlyAt: UInt64?
    /// When the current generation's window runs out (nil: none armed).
    private(set) var fallbackAt: UInt64?
    /// The generation whose early re-read found every device complete (its fallback is not needed).
    private(set) var completeGeneration = -1
    /// Receive time of the first raw event of the batch being settled.
    private(set) var batchStartedAt: UInt64?
    /// Receive time of the latest raw event of the batch being settled.
    private(set) var batchLastAt: UInt64?
    /// Permission retries of the batch so far (a new node udev has not given access to yet).
    var retries = 0
    /// Devices seen but not complete at the latest re-read: the window stays armed.
    var deferred = 0
    /// Whether the system tells readiness (learnt at the first early re-read; systems do not change). Unknown
    /// (nil) until then: the early re-read is armed, and tells.
    var systemTellsReadiness: Bool?
    /// Whether udev had events queued or running at the latest readiness read (`HotplugReadiness.udevBusy`).
    var udevBusy = false

    /// A window with these durations and nothing armed.
    init(settle: Duration, debounce: Duration, patience: Duration, busyPatience: Duration = .seconds(30)) {
        (self.settle, self.debounce, self.patience) = (settle.nanoseconds, debounce.nanoseconds, patience.nanoseconds)
        self.busyPatience = max(busyPatience.nanoseconds, patience.nanoseconds)
    }

    /// True while a batch is open, a re-read is armed, a retry is pending or a device is still unfinished.
    var isSettling: Bool { batchStartedAt != nil || retries > 0 || nextDeadline != nil || deferred > 0 }

    /// The earliest armed deadline (nil: nothing armed, no timer needed).
    var nextDeadline: UInt64? {
        switch (earlyAt, fallbackAt) {
        case (let e?, let f?): min(e, f)
        case (let e?, nil): e
        case (nil, let f?): f
        case (nil, nil): nil
        }
    }

    /// A raw event received at `receivedAt`, noted at `now`: it joins (or opens) the batch, restarts the window and,
    /// unless the system is known not to tell readiness or `early` is false, arms the early re-read. With `early`
    /// false an early re-read an earlier event armed stays armed.
    mutating func noteEvent(receivedAt: UInt64, now: UInt64, early: Bool = true) {
        if batchStartedAt == nil { batchStartedAt = receivedAt }
        batchLastAt = receivedAt
        let armed = earlyAt
        restart(after: settle, now: now)
        if !early {
            earlyAt = armed
        } else if systemTellsReadiness != false {
            earlyAt = now &+ debounce
        }
    }

    /// Starts a new generation whose window runs out `delay` after `now` (a retry, a released handle); the
    /// early re-read armed by an older generation is dropped.
    mutating func restart(after delay: UInt64, now: UInt64) {
        generation += 1
        earlyAt = nil
        fallbackAt = now &+ delay
    }

    /// What is due at `now`, taken (disarmed): the early re-read first, then the window's end. nil when nothing is due.
    mutating func take(now: UInt64) -> Step? {
        if let e = earlyAt, e <= now {
            earlyAt = nil
            return .early(generation: generation)
        }
        guard let f = fallbackAt, f <= now else { return nil }
        fallbackAt = nil
        guard completeGeneration != generation || retries > 0 else {
            endBatch()  // a quiet window passed with nothing left to announce
            return .quiet
        }
        // The system tells completeness and a device is still unfinished: udev is slow (a loaded or emulated
        // machine), not stuck. Look again and wait, up to `patience` after the last event, before announcing
        // a device udev has not finished (whose links may be missing); longer while udev is still working.
        if systemTellsReadiness == true, deferred > 0, retries == 0, let last = batchLastAt,
            now &- last < (udevBusy ? busyPatience : patience)
        {
            return .lookAgain
        }
        return .fallback
    }

    /// The early re-read of `generation` is done; `complete`: it could tell, and left nothing waiting or retrying.
    mutating func earlyDone(generation g: Int, complete: Bool) {
        if complete && deferred == 0 && retries == 0 { completeGeneration = g }
    }

    /// A `lookAgain` re-read is done at `now`: the window restarts while something is still unfinished.
    mutating func lookedAgain(now: UInt64) {
        if deferred > 0 { restart(after: settle, now: now) }
    }

    /// The batch is over (a re-read left nothing waiting): later events open a new one.
    mutating func endBatch() {
        batchStartedAt = nil
        batchLastAt = nil
    }
}

extension Duration {
    /// This duration in whole nanoseconds (0 when negative; saturated when it does not fit).
    var nanoseconds: UInt64 {
        let (s, atto) = components
        guard s >= 0, atto >= 0 else { return 0 }
        let (whole, over) = UInt64(s).multipliedReportingOverflow(by: 1_000_000_000)
        return over ? .max : whole &+ UInt64(atto / 1_000_000_000)
    }
}
