#if canImport(Glibc)
    import Glibc
#endif

extension DedicatedThread {
    /// Runs `body` on a thread made for it and returns what it returned. The awaiting task holds no thread of the
    /// cooperative pool meanwhile, so a call that blocks for seconds (an `open(2)` or a control ioctl on a stuck
    /// device) delays nothing else. The corresponding C call is `pthread_create`.
    /// - Parameter purpose: what the thread is for, as `ThreadRefused` says it.
    /// - Throws: `ThreadRefused` when the system refuses a thread; `body` has not run then.
    /// - Parameter niceness: added to the thread's nice value before `body` runs (`setpriority(2)` on the thread:
    ///   Linux keeps one per thread): work that may wait behind what the user sees now, such as reading a new
    ///   camera's capabilities while its arrival is printed.
    /// - Parameter spawn: what starts the thread (a seam for tests that have it refused).
    package static func run<T: Sendable>(
        _ purpose: String, niceness: Int32 = 0, spawn: Spawner = DedicatedThread.spawn, _ body: @escaping @Sendable () -> T
    ) async throws(ThreadRefused) -> T {
        let result: T? = await withCheckedContinuation { (c: CheckedContinuation<T?, Never>) in
            let started = spawn {
                if niceness > 0 {
                    // who 0 is the calling thread; a refusal leaves it at the process's priority, which is only slower.
                    _ = setpriority(
                        __priority_which_t(PRIO_PROCESS.rawValue), 0, getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) + niceness)
                }
                c.resume(returning: body())
            }
            if started != 0 { c.resume(returning: nil) }
        }
        guard let result else { throw ThreadRefused(purpose: purpose) }
        return result
    }
}
