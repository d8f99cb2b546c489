import CaptureModel
import HostSystem
import Logging
import V4L2

/// The settle state machine (`SettleWindow`) driven by raw events and by one kept timer: a raw event arms an early
/// re-read (after `debounce`) that announces the devices the system can tell complete, and restarts the quiet
/// `settle` window whose re-read is the fallback. The timer waits for the window's next deadline and is replaced
/// when an event brings that deadline forward; `stop()` cancels it.
extension DeviceRegistry {
    /// Records one raw event, arms the early re-read and (re)starts the settle window.
    func note(_ event: HotplugEvent) {
        collector.rawEvents += 1
        logger.trace("raw udev event", metadata: ["event": "\(event)"])
        let now = monotonicNanoseconds()
        let at = event.receivedAt == 0 ? now : event.receivedAt
        let reread = memory.noteEvent(event, lost: event.droppedBefore > 0)
        if !reread { collector.awaitedSkips += 1 }
        window.noteEvent(receivedAt: at, now: now, early: reread)
        armTimer()
    }

    /// Restarts the settle window: everything is re-read `delay` from now (a retry, a released handle).
    func scheduleRescan(after delay: Duration) {
        window.restart(after: delay.nanoseconds, now: monotonicNanoseconds())
        armTimer()
    }

    /// Does what the window has due now, one step at a time (the early re-read before the window's end).
    func settleDue() {
        let now = monotonicNanoseconds()
        while let step = window.take(now: now) {
            switch step {
            case .early(let g):
                let complete = rescan(early: true)
                window.earlyDone(generation: g, complete: complete)
            case .lookAgain:
                rescan(early: true)
                window.lookedAgain(now: monotonicNanoseconds())
            case .fallback:
                collector.fallbackRescans += 1
                rescan(early: false)
            case .quiet:
                break
            }
        }
    }

    /// Makes sure a timer waits for the window's next deadline: one is started when none runs, or replaces the
    /// one running when the deadline came before the one it waits for. The replacement starts waiting only once
    /// the replaced one has ended, so there is never more than one.
    func armTimer() {
        guard !stopped, let deadline = window.nextDeadline else { return }
        if timer != nil, let waiting = timerDeadline, waiting <= deadline { return }  // it wakes first and reads again
        let previous = timer
        previous?.cancel()
        timerNumber += 1
        timerDeadline = deadline
        let (number, count) = (timerNumber, timers)
        timer = Task { [weak self] in
            await previous?.value
            guard !Task.isCancelled else { return }
            count.began()
            defer { count.ended() }
            while let wait = await self?.timerWait(number) {
                if wait > 0 { try? await Task.sleep(for: .nanoseconds(wait)) }
                guard !Task.isCancelled else { return }
                await self?.timerFired(number)
            }
        }
    }

    /// How long timer `number` is to sleep before the next deadline (0: it is due); nil when that timer is to
    /// end: nothing is armed, it was replaced, or the registry stopped.
    func timerWait(_ number: Int) -> UInt64? {
        guard number == timerNumber, !stopped else { return nil }
        guard let deadline = window.nextDeadline else {
            timer = nil
            timerDeadline = nil
            return nil
        }
        timerDeadline = deadline
        let now = monotonicNanoseconds()
        return deadline > now ? deadline - now : 0
    }

    /// Timer `number` woke: what is due is done (nothing when it was replaced meanwhile).
    func timerFired(_ number: Int) {
        guard number == timerNumber, !stopped else { return }
        settleDue()
    }

    /// Cancels the timer (`stop()`): what it waited for is not done.
    func disarmTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
        timerNumber += 1
    }

    /// Settle-timer tasks waiting for a deadline now (none after `stop()`, once the cancelled one has woken).
    package nonisolated var runningTimers: Int { timers.now }

    /// The most settle-timer tasks that ever waited at once (one: a replaced timer has ended before the next waits).
    package nonisolated var mostTimersAtOnce: Int { timers.most }
}
