#if canImport(Glibc)
    import Glibc
#endif

/// An executor that runs its jobs on one dedicated thread, so work that does
/// blocking device I/O (ioctls, `poll(2)`, udev reads) never holds a thread of
/// Swift's cooperative pool: one stuck device stalls only itself.
///
/// Two roles, fixed at creation:
/// - `serial` (the default): a `SerialExecutor` for an actor. `CaptureDevice`
///   and `DeviceRegistry` each run on one.
/// - `tasks`: a `TaskExecutor` that a task prefers (`withTaskExecutorPreference`).
///   `VideoFrames.forEach` runs its loop on one, so the streaming thread's
///   wake-up of the consumer is a push onto this queue, which allocates nothing,
///   where a resume onto the global executor costs libdispatch two heap blocks.
///
/// The thread ends when `shutdown()` is called (an owner's `deinit` does) and
/// its queue is empty. A task job enqueued after that runs on the global
/// executor instead of waiting forever.
///
/// `@unchecked Sendable` is honest: the only mutable state (`jobs`, `stopping`,
/// `exited`) is read and written with `mutex` held, and the mutex and condition
/// live at fixed addresses allocated once and freed in `deinit`, which runs
/// only after the thread (which holds a reference) has ended.
package final class ThreadExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    package enum Role: Sendable {
        case serial
        case tasks
    }
    private let role: Role
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var jobs: [UnownedJob] = []
    private var stopping = false
    private var exited = false

    /// Starts the thread; nil when the system refuses one (`pthread_create`
    /// fails, e.g. at the process's thread limit). The corresponding C call is `pthread_create`.
    package convenience init?(role: Role = .serial) { self.init(role: role, spawn: DedicatedThread.spawn) }

    /// `init(role:)` with the thread's spawner given (a seam for tests that have it refused).
    package init?(role: Role, spawn: DedicatedThread.Spawner) {
        self.role = role
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        jobs.reserveCapacity(16)
        if spawn({ [self] in self.run() }) != 0 { return nil }
    }

    /// The executor of the process-wide device thread, for actors that must
    /// exist even when a thread of their own could not be started.
    package static let shared: ThreadExecutor? = ThreadExecutor()

    package func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        pthread_mutex_lock(mutex)
        let gone = exited
        if !gone {
            jobs.append(unowned)
            pthread_cond_signal(condition)
        }
        pthread_mutex_unlock(mutex)
        if gone { globalConcurrentExecutor.enqueue(ExecutorJob(unowned)) }
    }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    /// Lets the thread end once the jobs already queued have run.
    package func shutdown() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    private func run() {
        // Two arrays traded back and forth: taking a batch copies nothing and allocates nothing.
        var batch: [UnownedJob] = []
        batch.reserveCapacity(16)
        while true {
            pthread_mutex_lock(mutex)
            while jobs.isEmpty && !stopping { pthread_cond_wait(condition, mutex) }
            if jobs.isEmpty && stopping {
                exited = true
                pthread_mutex_unlock(mutex)
                break
            }
            swap(&batch, &jobs)
            pthread_mutex_unlock(mutex)
            // Indexed, not `for job in batch`: an unspecialised (debug) iterator reads through
            // a coroutine whose frame comes from the heap, once per job.
            var i = 0
            while i < batch.count {
                switch role {
                case .serial: batch[i].runSynchronously(on: asUnownedSerialExecutor())
                case .tasks: batch[i].runSynchronously(on: asUnownedTaskExecutor())
                }
                i += 1
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }
}
