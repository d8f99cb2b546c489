import HostSystem
import Testing

/// The one task-set type (`monitor`'s per-device tasks, a discovery session's listeners, the registry's capability
/// reads): kept until they end, all cancelled at once when their owner stops.
@Suite("Task set: kept until they end, cancelled together", .timeLimit(.minutes(1)))
struct TaskSetTests {
    @Test func cancelAllCancelsEveryTaskAndLaterOnesAtOnce() async throws {
        let tasks = TaskSet()
        let (ended, endedContinuation) = AsyncStream<Bool>.makeStream()
        for _ in 0..<3 {
            tasks.start {
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(60)) }
                endedContinuation.yield(Task.isCancelled)
            }
        }
        tasks.start {}  // ends at once and is not kept
        for _ in 0..<200 where tasks.count != 3 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(tasks.count == 3)
        tasks.cancelAll()
        var it = ended.makeAsyncIterator()
        for _ in 0..<3 { #expect(await it.next() == true) }
        tasks.start {
            endedContinuation.yield(Task.isCancelled)
        }
        #expect(await it.next() == true, "a task started after cancelAll was not cancelled")
        for _ in 0..<200 where tasks.count != 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(tasks.count == 0)
    }
}
