extension DedicatedThread {
    /// `run(_:niceness:spawn:_:)` for work that throws (a name of its own: a trailing closure would otherwise pick
    /// this for work that does not throw): a device lookup that opens nodes, a profile read. The
    /// awaiting task holds no thread of the cooperative pool while `body` runs; `body`'s error is rethrown as it is.
    /// The corresponding C call is `pthread_create`.
    /// - Throws: `ThreadRefused` when the system refuses a thread (`body` has not run then), or what `body` threw.
    package static func runThrowing<T: Sendable>(
        _ purpose: String, spawn: Spawner = DedicatedThread.spawn, _ body: @escaping @Sendable () throws -> T
    ) async throws -> T {
        let result: Result<T, any Error>
        do throws(ThreadRefused) {
            result = try await run(purpose, niceness: 0, spawn: spawn) { Result { try body() } }
        } catch {
            throw error
        }
        return try result.get()
    }
}
