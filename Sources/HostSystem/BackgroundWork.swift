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

    /// Starts `body` at once; when the system refuses a thread, `wait()` runs it on the caller's.
    package init(_ body: @escaping @Sendable () -> T) {
        self.body = body
        let slot = self.slot
        let done = self.done
        started =
            DedicatedThread.spawn {
                let v = body()
                slot.value.withLock { $0 = v }
                done.open()
            } == 0
    }

    /// The result if the work ends within `milliseconds`; nil when it has not (the thread is left to finish on
    /// its own: a library call that does not keep its own bound must not hang the caller).
    package func wait(milliseconds: Int) -> T? {
        guard started else { return wait() }
        guard done.wait(milliseconds: milliseconds) else { return nil }
        return slot.value.withLock { $0 }
    }

    /// The result, once the work has ended (blocks until then; the work bounds its own time).
    package func wait() -> T {
        if started { done.wait() }
        return slot.value.withLock { v in
            if let v { return v }
            let fresh = body()
            v = fresh
            return fresh
        }
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
        pthread_cond_init(cond, nil)
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

    /// True when opened within `milliseconds` (`pthread_cond_timedwait` on `CLOCK_REALTIME`).
    package func wait(milliseconds: Int) -> Bool {
        var until = timespec()
        clock_gettime(CLOCK_REALTIME, &until)
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
