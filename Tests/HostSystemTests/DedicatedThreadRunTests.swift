import HostSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Work on a thread of its own")
struct DedicatedThreadRunTests {
    /// Six blocking calls of 2 s at once (more than the pool has threads) leave the pool free, and each returns
    /// its own result.
    @Test func blockingWorkLeavesThePoolFree() async throws {
        let started = ContinuousClock.now
        let blocked = (0..<6).map { i in
            Task {
                try await DedicatedThread.run("sleep") { () -> Int in
                    usleep(2_000_000)
                    return i
                }
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        let quick = await Task.detached { (1...1000).reduce(0, +) }.value
        #expect(quick == 500_500)
        #expect(ContinuousClock.now - started < .milliseconds(1500), "the pool waited behind the blocking work")
        var results: [Int] = []
        for t in blocked { results.append(try await t.value) }
        #expect(results == [0, 1, 2, 3, 4, 5])
        #expect(ContinuousClock.now - started >= .seconds(2))
    }

    @Test func aRefusedThreadIsAnErrorThatSaysWhatItWasFor() {
        let refused = ThreadRefused(purpose: "hold the controls of Seam Cam")
        #expect(refused.description.hasPrefix("cannot hold the controls of Seam Cam: the system refused a thread"))
    }
}
