import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Work started on a thread of its own now and waited for later: what a command overlaps with its own reading
/// (the PipeWire registry while V4L2 nodes are opened). The corresponding C calls are `pthread_create` (through
/// `DedicatedThread.spawn`) and a `pthread_cond_wait` for its end.
package final class BackgroundWork<T: Sendable>: Sendable {
    private let slot = BackgroundSlot<T>()
    private let done = Latch()
    private let body: @Sendable () -> T
    private let started: Bool
    /// Set by the one caller that runs `body` itself when no thread could be had.
    private let claimed = Atomic<Bool>(false)

    /// Starts `body` at once; when the system refuses a thread, the first `wait` runs it on the caller's.
    package convenience init(_ body: @escaping @Sendable () -> T) {
        self.init(spawn: DedicatedThread.spawn, body)
    }

    /// `init(_:)` with the thread's spawner given (a seam for tests).
    package init(spawn: DedicatedThread.Spawner, _ body: @escaping @Sendable () -> T) {
        self.body = body
        let slot = self.slot
        let done = self.done
        started =
            spawn {
                // The work runs with no lock held; only its result is stored under the slot's.
                let value = body()
                slot.value.withLock { $0 = value }
                done.open()
            } == 0
    }

    /// The result if the work ends within `milliseconds`; nil when it has not (the thread is left to finish on
    /// its own: a library call that does not keep its own bound must not hang the caller). Without a thread,
    /// the first caller runs the work itself (unbounded, as `wait()`), and others wait for it within their bound.
    package func wait(milliseconds: Int) -> T? {
        if runHereIfRefused() { return result() }
        guard done.wait(milliseconds: milliseconds) else { return nil }
        return result()
    }

    /// The result, once the work has ended (blocks until then; the work bounds its own time).
    package func wait() -> T {
        _ = runHereIfRefused()
        done.wait()
        return result()
    }

    /// When no thread was had, runs the work on this caller (once, the first to come); no lock is held
    /// while it runs. True when this caller ran it.
    private func runHereIfRefused() -> Bool {
        guard !started, claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            return false
        }
        let value = body()
        slot.value.withLock { $0 = value }
        done.open()
        return true
    }

    private func result() -> T {
        guard let v = slot.value.withLock({ $0 }) else { preconditionFailure("BackgroundWork: the latch opened before the result was set") }
        return v
    }
}

/// Where `BackgroundWork` leaves its result.
final class BackgroundSlot<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
}

/// A one-shot gate: `wait()` returns once `open()` was called (`pthread_mutex_t` and `pthread_cond_t`).
package final class Latch: @unchecked Sendable {
    // Why unchecked: the mutex and condition are only touched through pthread calls, which synchronise them
    // (that is their purpose); `isOpen` is read and written with the mutex held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var isOpen = false

    package init() {
        pthread_mutex_init(mutex, nil)
        // Timed waits count on the monotonic clock: a wall-clock step (NTP, a user setting the date) neither
        // cuts nor stretches them.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(cond, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    package func open() {
        pthread_mutex_lock(mutex)
        isOpen = true
        pthread_cond_broadcast(cond)
        pthread_mutex_unlock(mutex)
    }

    package func wait() {
        pthread_mutex_lock(mutex)
        while !isOpen { pthread_cond_wait(cond, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// True when opened within `milliseconds` (`pthread_cond_timedwait` on `CLOCK_MONOTONIC`, set on the condition).
    package func wait(milliseconds: Int) -> Bool {
        var until = timespec()
        clock_gettime(CLOCK_MONOTONIC, &until)
        let ms = max(0, milliseconds)
        until.tv_sec += ms / 1000
        until.tv_nsec += (ms % 1000) * 1_000_000
        if until.tv_nsec >= 1_000_000_000 {
            until.tv_sec += 1
            until.tv_nsec -= 1_000_000_000
        }
        pthread_mutex_lock(mutex)
        while !isOpen { if pthread_cond_timedwait(cond, mutex, &until) != 0 { break } }
        let open = isOpen
        pthread_mutex_unlock(mutex)
        return open
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        cond.deallocate()
    }
}
