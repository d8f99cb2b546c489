import HostSystem
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An actor kept on a `ThreadExecutor`: reports the thread each call ran on.
actor OnItsThread {
    nonisolated let executor: ThreadExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    var order: [Int] = []
    init(_ executor: ThreadExecutor) { self.executor = executor }
    func note(_ i: Int) -> pthread_t {
        order.append(i)
        return pthread_self()
    }
}

@Suite("ThreadExecutor", .timeLimit(.minutes(1)))
struct ThreadExecutorTests {
    /// An actor's jobs run one after another, in order, all on the executor's one thread, which is not the caller's.
    @Test func anActorsJobsRunInOrderOnItsOneThread() async throws {
        let executor = try #require(ThreadExecutor())
        defer { executor.shutdown() }
        let actor = OnItsThread(executor)
        var threads: [pthread_t] = []
        for i in 0..<50 { threads.append(await actor.note(i)) }
        #expect(await actor.order == Array(0..<50))
        #expect(threads.allSatisfy { pthread_equal($0, threads[0]) != 0 })
        #expect(pthread_equal(threads[0], pthread_self()) == 0)
    }

    /// A task that prefers the executor runs there; after `shutdown` its thread ends, and a task that still
    /// prefers it runs on the global executor instead of waiting forever.
    @Test func aTaskExecutorRunsItsTasksThenHandsThemOnAfterShutdown() async throws {
        let executor = try #require(ThreadExecutor(role: .tasks))
        let first = await withTaskExecutorPreference(executor) { pthread_self() }
        let second = await withTaskExecutorPreference(executor) { pthread_self() }
        #expect(pthread_equal(first, second) != 0)
        executor.shutdown()
        try await Task.sleep(for: .milliseconds(100))  // the thread has seen `stopping` and ended
        let after = await withTaskExecutorPreference(executor) { 6 * 7 }
        #expect(after == 42)
    }

    /// When the system refuses a thread, there is no executor (callers then say so or share the process's).
    @Test func aRefusedThreadGivesNoExecutor() {
        let refused: DedicatedThread.Spawner = { _ in EAGAIN }
        #expect(ThreadExecutor(role: .serial, spawn: refused) == nil)
        #expect(ThreadExecutor(role: .tasks, spawn: refused) == nil)
    }
}

@Suite("DedicatedThread.run", .timeLimit(.minutes(1)))
struct DedicatedThreadRunSeamTests {
    struct Failed: Error, Equatable { var code: Int }

    /// A refused thread is `ThreadRefused`, and the work has not run.
    @Test func aRefusedThreadRunsNothing() async {
        let ran = Atomic<Bool>(false)
        let refused: DedicatedThread.Spawner = { _ in EAGAIN }
        await #expect(throws: ThreadRefused.self) {
            try await DedicatedThread.run("count", spawn: refused) { ran.store(true, ordering: .relaxed) }
        }
        await #expect(throws: ThreadRefused.self) {
            try await DedicatedThread.runThrowing("count", spawn: refused, { ran.store(true, ordering: .relaxed) })
        }
        let didRun = ran.load(ordering: .relaxed)
        #expect(!didRun)
    }

    /// Work that throws: its value, or its own error as it was thrown, and it ran on a thread that is not the caller's.
    @Test func throwingWorkGivesItsValueOrItsError() async throws {
        let caller = pthread_self()
        let other = try await DedicatedThread.runThrowing("compare threads", { pthread_equal(pthread_self(), caller) == 0 })
        #expect(other)
        await #expect(throws: Failed(code: 7)) {
            try await DedicatedThread.runThrowing("fail", { () throws -> Int in throw Failed(code: 7) })
        }
    }
}

@Suite("Latch, more", .timeLimit(.minutes(1)))
struct LatchTests {
    /// One `open` wakes every waiter, timed or not, and a latch opened before the wait does not wait at all.
    @Test func openWakesEveryWaiter() {
        let latch = Latch()
        let woken = Atomic<Int>(0)
        for i in 0..<4 {
            #expect(
                DedicatedThread.spawn {
                    if i % 2 == 0 { latch.wait() } else { _ = latch.wait(milliseconds: 10_000) }
                    woken.add(1, ordering: .relaxed)
                } == 0)
        }
        usleep(50_000)
        let early = woken.load(ordering: .relaxed)
        #expect(early == 0)
        latch.open()
        let start = monotonicNanoseconds()
        while woken.load(ordering: .relaxed) < 4 && monotonicNanoseconds() &- start < 5_000_000_000 { usleep(1000) }
        let all = woken.load(ordering: .relaxed)
        #expect(all == 4)
        let again = monotonicNanoseconds()
        #expect(latch.wait(milliseconds: 10_000))
        #expect(monotonicNanoseconds() &- again < 100_000_000)
    }

    /// A zero or negative bound does not wait; a bound that crosses a second boundary keeps its length.
    @Test func boundsAtTheEdges() {
        let latch = Latch()
        var start = monotonicNanoseconds()
        #expect(!latch.wait(milliseconds: 0))
        #expect(!latch.wait(milliseconds: -5))
        #expect(monotonicNanoseconds() &- start < 100_000_000)
        start = monotonicNanoseconds()
        #expect(!latch.wait(milliseconds: 1_050))
        let waited = Double(monotonicNanoseconds() &- start) / 1e6
        #expect(waited >= 1_040 && waited < 3_000, "\(waited) ms")
    }

    /// No thread for the work: a timed wait by the first caller runs it (unbounded) and gives its result.
    @Test func aRefusedThreadsWorkRunsOnATimedWaitToo() {
        let refused: DedicatedThread.Spawner = { _ in EAGAIN }
        let work = BackgroundWork(spawn: refused) { () -> Int in
            usleep(100_000)
            return 5
        }
        #expect(work.wait(milliseconds: 1) == 5)
        #expect(work.wait(milliseconds: 0) == 5)
    }
}
