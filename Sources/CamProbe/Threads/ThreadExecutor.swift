import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// A serial executor that runs its jobs on one dedicated thread, so an actor
/// that does blocking device I/O (ioctls, `poll(2)`, udev reads) never holds
/// a thread of Swift's cooperative pool: one stuck device stalls only itself.
///
/// `CaptureDevice` and `DeviceRegistry` each run on one. The thread ends when
/// `shutdown()` is called (their `deinit` does) and its queue is empty.
///
/// `@unchecked Sendable` is honest: the only mutable state (`jobs`,
/// `stopping`) is read and written with `mutex` held, and the mutex and
/// condition live at fixed addresses allocated once and freed in `deinit`,
/// which runs only after the thread (which holds a reference) has ended.
package final class ThreadExecutor: SerialExecutor, @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var jobs: [UnownedJob] = []
    private var stopping = false

    /// Starts the thread; nil when the system refuses one (`pthread_create`
    /// fails, e.g. at the process's thread limit). The corresponding C call is `pthread_create`.
    package init?() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        if DedicatedThread.spawn({ [self] in self.run() }) != 0 { return nil }
    }

    /// The executor of the process-wide device thread, for actors that must
    /// exist even when a thread of their own could not be started.
    package static let shared: ThreadExecutor? = ThreadExecutor()

    package func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        pthread_mutex_lock(mutex)
        jobs.append(unowned)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
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
        while true {
            pthread_mutex_lock(mutex)
            while jobs.isEmpty && !stopping { pthread_cond_wait(condition, mutex) }
            if jobs.isEmpty && stopping {
                pthread_mutex_unlock(mutex)
                break
            }
            swap(&batch, &jobs)
            pthread_mutex_unlock(mutex)
            for job in batch { job.runSynchronously(on: asUnownedSerialExecutor()) }
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
