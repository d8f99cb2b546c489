import HostSystem
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `Latch` and `BackgroundWork`: timed waits keep their bound on the monotonic clock, and work that had no
/// thread of its own runs on one caller with no lock held, so a second caller's bound still holds.
@Suite("Latch and BackgroundWork")
struct BackgroundWorkTests {
    static func milliseconds(since start: UInt64) -> Double { Double(monotonicNanoseconds() &- start) / 1e6 }

    @Test func aLatchWaitsItsBoundThenOpens() {
        let latch = Latch()
        let start = monotonicNanoseconds()
        #expect(!latch.wait(milliseconds: 50))
        let waited = Self.milliseconds(since: start)
        #expect(waited >= 45 && waited < 2000, "\(waited) ms")
        latch.open()
        #expect(latch.wait(milliseconds: 0))
        latch.wait()  // returns at once once open
    }

    @Test func workOnItsOwnThreadGivesItsResult() {
        let work = BackgroundWork { 6 * 7 }
        #expect(work.wait() == 42)
        #expect(work.wait(milliseconds: 0) == 42)
    }

    @Test func slowWorkIsLeftBehindByATimedWait() {
        let work = BackgroundWork { () -> Int in
            usleep(300_000)
            return 1
        }
        let start = monotonicNanoseconds()
        #expect(work.wait(milliseconds: 20) == nil)
        #expect(Self.milliseconds(since: start) < 250)
        #expect(work.wait() == 1)
    }

    /// No thread: the first caller runs the work; a second caller's timed wait meanwhile keeps its bound
    /// (it used to block on the result's lock, held while the work ran, for the whole work).
    @Test func refusedThreadRunsOnTheFirstCallerWithNoLockHeld() {
        let runs = Atomic<Int>(0)
        let refused: DedicatedThread.Spawner = { _ in EAGAIN }
        let work = BackgroundWork(spawn: refused) { () -> Int in
            runs.add(1, ordering: .relaxed)
            usleep(400_000)
            return 7
        }
        let first = Atomic<Int>(0)
        #expect(DedicatedThread.spawn { first.store(work.wait(), ordering: .releasing) } == 0)
        usleep(50_000)  // the first caller is inside the work now
        let start = monotonicNanoseconds()
        let second = work.wait(milliseconds: 30)
        let waited = Self.milliseconds(since: start)
        #expect(second == nil && waited < 250, "\(String(describing: second)) after \(waited) ms")
        #expect(work.wait() == 7)
        #expect(runs.load(ordering: .relaxed) == 1)
        while first.load(ordering: .acquiring) == 0 { usleep(1000) }
        #expect(first.load(ordering: .acquiring) == 7)
    }
}
