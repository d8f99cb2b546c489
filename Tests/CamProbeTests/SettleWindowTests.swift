import CaptureModel
import Testing

@testable import CamProbe

/// The registry's settle state machine driven with synthetic CLOCK_MONOTONIC times: no clock, no sleeping.
@Suite("Settle window: when the registry re-reads, without a clock")
struct SettleWindowTests {
    static let ms: UInt64 = 1_000_000
    /// An arbitrary start: times are monotonic nanoseconds, not zero-based.
    static let t0: UInt64 = 5_000 * ms

    func window(debounce: Duration = .zero) -> SettleWindow {
        SettleWindow(settle: .milliseconds(150), debounce: debounce, patience: .seconds(2))
    }

    /// A raw event arms the early re-read `debounce` later, and nothing before it; once the early re-read found
    /// everything complete, the window's end announces nothing more and closes the batch.
    @Test func debounceThenEarlyRescanThenQuiet() {
        var w = window(debounce: .milliseconds(3))
        w.noteEvent(receivedAt: Self.t0 - Self.ms, now: Self.t0)
        #expect(w.nextDeadline == Self.t0 + 3 * Self.ms)
        #expect(w.take(now: Self.t0 + 2 * Self.ms) == nil)
        #expect(w.take(now: Self.t0 + 3 * Self.ms) == .early(generation: 1))
        #expect(w.take(now: Self.t0 + 3 * Self.ms) == nil)  // taken once
        w.earlyDone(generation: 1, complete: true)
        #expect(w.nextDeadline == Self.t0 + 150 * Self.ms)
        #expect(w.isSettling)
        #expect(w.take(now: Self.t0 + 150 * Self.ms) == .quiet)
        #expect(w.batchStartedAt == nil && w.batchLastAt == nil)
        #expect(w.nextDeadline == nil && !w.isSettling)
    }

    /// An event inside the window restarts it: the first event's window end is superseded, the batch keeps its
    /// first event's time and takes the second's as its last.
    @Test func anEventInsideTheWindowRestartsIt() {
        var w = window()
        w.systemTellsReadiness = false  // no early re-read: the window alone decides
        w.noteEvent(receivedAt: Self.t0, now: Self.t0)
        w.noteEvent(receivedAt: Self.t0 + 100 * Self.ms, now: Self.t0 + 100 * Self.ms)
        #expect(w.take(now: Self.t0 + 150 * Self.ms) == nil)
        #expect(w.batchStartedAt == Self.t0 && w.batchLastAt == Self.t0 + 100 * Self.ms)
        #expect(w.take(now: Self.t0 + 250 * Self.ms) == .fallback)
    }

    /// The early re-read of a superseded generation is dropped with it: a restart (retry, released handle)
    /// arms only the window's end.
    @Test func aRestartDropsTheArmedEarlyRescan() {
        var w = window(debounce: .milliseconds(3))
        w.noteEvent(receivedAt: Self.t0, now: Self.t0)
        w.restart(after: 250 * Self.ms, now: Self.t0 + Self.ms)
        #expect(w.generation == 2)
        #expect(w.nextDeadline == Self.t0 + 251 * Self.ms)
        #expect(w.take(now: Self.t0 + 250 * Self.ms) == nil)
        #expect(w.take(now: Self.t0 + 251 * Self.ms) == .fallback)
    }

    /// An event that needs no early re-read of its own (an awaited node's `add` while its siblings are awaited) restarts
    /// the window but arms none, and leaves one an earlier event armed in place.
    @Test func anEventWithoutEarlyKeepsWhatAnEarlierOneArmed() {
        var w = window(debounce: .milliseconds(3))
        w.noteEvent(receivedAt: Self.t0, now: Self.t0, early: false)
        #expect(w.nextDeadline == Self.t0 + 150 * Self.ms)  // the window's end only
        w.noteEvent(receivedAt: Self.t0 + Self.ms, now: Self.t0 + Self.ms)
        w.noteEvent(receivedAt: Self.t0 + 2 * Self.ms, now: Self.t0 + 2 * Self.ms, early: false)
        #expect(w.take(now: Self.t0 + 4 * Self.ms) == .early(generation: 3))
    }

    /// udev's `add` of an awaited node needs no re-read while another one is still awaited; the last one's does, and
    /// so does any other event or lost events.
    @Test func anAwaitedAddNeedsNoReReadUntilTheLast() {
        var m = ListingMemory(limit: 8)
        m.awaited = ["/dev/video0", "/dev/video1"]
        let first = m.noteEvent(Self.event("add", 0), lost: false)
        let other = m.noteEvent(Self.event("change", 5), lost: false)
        let last = m.noteEvent(Self.event("add", 1), lost: false)
        #expect(!first && other && last && m.awaited.isEmpty)
        m.awaited = ["/dev/video0", "/dev/video1"]
        let afterLoss = m.noteEvent(Self.event("add", 0), lost: true)
        #expect(afterLoss && m.awaited.isEmpty)
    }

    /// After quiet, the fallback re-reads everything when the early re-read could not tell (no readiness), when
    /// it left a device incomplete, or when a permission retry is pending.
    @Test func fallbackAfterQuietWhenNotToldComplete() {
        var w = window()
        w.noteEvent(receivedAt: Self.t0, now: Self.t0)
        #expect(w.take(now: Self.t0) == .early(generation: 1))
        w.systemTellsReadiness = false
        w.earlyDone(generation: 1, complete: false)
        #expect(w.take(now: Self.t0 + 150 * Self.ms) == .fallback)
        // The system is known not to tell now: later events arm no early re-read.
        w.noteEvent(receivedAt: Self.t0 + 200 * Self.ms, now: Self.t0 + 200 * Self.ms)
        #expect(w.nextDeadline == Self.t0 + 350 * Self.ms)

        var retrying = window()
        retrying.noteEvent(receivedAt: Self.t0, now: Self.t0)
        _ = retrying.take(now: Self.t0)
        retrying.earlyDone(generation: 1, complete: true)
        retrying.retries = 1
        #expect(retrying.take(now: Self.t0 + 150 * Self.ms) == .fallback)
    }

    /// Looks again each time the window runs out, with one device still unfinished after one raw event at `t0`,
    /// until the window says something else; `busy(ms)`: whether udev is busy that many ms after `t0`.
    func lookAgainUntilFallback(busy: (UInt64) -> Bool = { _ in false }) -> (
        step: SettleWindow.Step?, at: UInt64, lookedAgain: Int
    ) {
        var w = SettleWindow(settle: .milliseconds(150), debounce: .zero, patience: .seconds(2), busyPatience: .seconds(30))
        w.noteEvent(receivedAt: Self.t0, now: Self.t0)
        _ = w.take(now: Self.t0)
        w.systemTellsReadiness = true
        w.deferred = 1
        w.earlyDone(generation: 1, complete: true)  // complete, but one device still waits: not the whole batch
        var now = Self.t0
        var lookedAgain = 0
        var step: SettleWindow.Step?
        repeat {
            guard let next = w.nextDeadline else { break }
            now = next
            w.udevBusy = busy((now - Self.t0) / Self.ms)  // what the look-again's readiness read said
            step = w.take(now: now)
            if step == .lookAgain {
                lookedAgain += 1
                w.lookedAgain(now: now)
            }
        } while step == .lookAgain && lookedAgain < 1_000
        return (step, (now - Self.t0) / Self.ms, lookedAgain)
    }

    /// A device udev has not finished is looked at again each window, up to `patience` after the last raw event;
    /// then the fallback announces it anyway.
    @Test func patienceBoundsTheLookingAgain() {
        let r = lookAgainUntilFallback()
        #expect(r.step == .fallback)
        #expect(r.at >= 2_000 && r.at < 2_150)
        #expect(r.lookedAgain == 13)  // at 150, 300, ..., 1,950 ms
    }

    /// While udev still has events queued or running, a device it has not finished is looked at again up to
    /// `busyPatience` (udev is slow, not stuck: under CI load vivid's `connected` came without its by-path link when
    /// the fallback announced it at 2 s); once udev's queue is empty, `patience` bounds it again.
    @Test func aBusyUdevIsWaitedForLonger() {
        let stuck = lookAgainUntilFallback { _ in true }  // busy past the bound: the fallback at 30 s all the same
        #expect(stuck.step == .fallback)
        #expect(stuck.at >= 30_000 && stuck.at < 30_150)
        let slow = lookAgainUntilFallback { $0 < 5_000 }  // busy for 5 s, then idle: past `patience`, so it ends there
        #expect(slow.step == .fallback)
        #expect(slow.at >= 5_000 && slow.at < 5_150)
        // A busy patience shorter than `patience` is `patience`.
        let short = SettleWindow(settle: .zero, debounce: .zero, patience: .seconds(2), busyPatience: .seconds(1))
        #expect(short.busyPatience == 2_000 * Self.ms)
    }

    /// Lost events (or too many changed nodes to remember) reset what the last listing told: the next early
    /// re-read lists everything, and no node is taken as inert on old evidence.
    @Test func lostEventsResetTheListing() {
        var m = ListingMemory(limit: 4)
        m.listed([NodeRecord(devnode: "/dev/video0", subsystem: "video4linux")])
        m.noteInert(read: ["/dev/video9"], made: [], HotplugReadiness(presentNodes: ["/dev/video9"]))
        m.noteEvent(Self.event("add", 2), lost: false)
        #expect(m.lastListing?.map(\.devnode) == ["/dev/video0"])
        #expect(m.changedSinceListing == ["/dev/video2"] && m.inertNodes == ["/dev/video9"])
        #expect(m.told.keys.sorted() == ["/sys/devices/v/video2"])
        m.noteEvent(Self.event("remove", 4), lost: true)
        #expect(m.lastListing == nil && m.changedSinceListing.isEmpty && m.inertNodes.isEmpty && m.told.isEmpty)
        #expect(m.awaitingAdd == ["/dev/video4"])
        m.noteEvent(Self.event("add", 4), lost: false)
        #expect(m.awaitingAdd.isEmpty)

        var full = ListingMemory(limit: 2)
        full.listed([])
        for n in 0..<2 { full.noteEvent(Self.event("change", n), lost: false) }
        full.noteEvent(HotplugEvent(action: "change", subsystem: "video4linux", sysPath: ""), lost: false)
        #expect(full.lastListing == nil)  // two changed nodes is as many as it keeps: list everything again
    }

    /// udev's events tell a node's properties: the latest `add` or `change` per sysfs path is kept for the next
    /// listing, a `remove` forgets it, and no more than the limit are kept.
    @Test func udevEventsAreToldPerNodeUntilRemoved() {
        var m = ListingMemory(limit: 2)
        m.noteEvent(Self.event("add", 0, links: ["/dev/v4l/by-path/a"]), lost: false)
        m.noteEvent(Self.event("change", 0, links: ["/dev/v4l/by-path/b"]), lost: false)
        #expect(m.told["/sys/devices/v/video0"]?.links == ["/dev/v4l/by-path/b"])
        m.noteEvent(Self.event("add", 1), lost: false)
        m.noteEvent(Self.event("add", 2), lost: false)
        #expect(m.told.keys.sorted() == ["/sys/devices/v/video0", "/sys/devices/v/video1"])  // at its limit
        m.noteEvent(Self.event("remove", 0), lost: false)
        #expect(m.told.keys.sorted() == ["/sys/devices/v/video1"])
        m.noteEvent(Self.event("bind", 3), lost: false)
        #expect(m.told["/sys/devices/v/video3"] == nil)
    }

    static func event(_ action: String, _ n: Int, links: [String] = []) -> HotplugEvent {
        HotplugEvent(
            action: action, subsystem: "video4linux", devnode: "/dev/video\(n)", sysPath: "/sys/devices/v/video\(n)",
            links: links)
    }
}
