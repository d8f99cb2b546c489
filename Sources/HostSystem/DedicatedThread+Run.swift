extension DedicatedThread {
    /// Runs `body` on a thread made for it and returns what it returned. The awaiting task holds no thread of the
    /// cooperative pool meanwhile, so a call that blocks for seconds (an `open(2)` or a control ioctl on a stuck
    /// device) delays nothing else. The corresponding C call is `pthread_create`.
    /// - Parameter purpose: what the thread is for, as `ThreadRefused` says it.
    /// - Throws: `ThreadRefused` when the system refuses a thread; `body` has not run then.
    package static func run<T: Sendable>(_ purpose: String, _ body: @escaping @Sendable () -> T) async throws(ThreadRefused) -> T {
        let result: T? = await withCheckedContinuation { (c: CheckedContinuation<T?, Never>) in
            if spawn({ c.resume(returning: body()) }) != 0 { c.resume(returning: nil) }
        }
        guard let result else { throw ThreadRefused(purpose: purpose) }
        return result
    }
}
