import Synchronization

/// Tasks started by one owner (a discovery session's hotplug relay and listeners, `monitor`'s per-device work),
/// each kept until it ends, so that the owner's end cancels every one still running at once: from `deinit`, which
/// cannot await, as well as from a `stop()`. What must be closed with them (an event stream they read) is closed
/// then too. A task started after that is cancelled as it starts.
package final class TaskSet: Sendable {
    private struct State {
        var running: [Int: Task<Void, Never>] = [:]
        var closers: [@Sendable () -> Void] = []
        var next = 0
        var ended = false
    }
    private let state = Mutex(State())

    /// An empty set.
    package init() {}

    /// Runs `body` on a task of its own, kept until it returns; after `cancelAll`, the task is cancelled as it starts.
    @discardableResult
    package func start(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let (task, late) = state.withLock { s -> (Task<Void, Never>, Bool) in
            let key = s.next
            s.next += 1
            // Made and kept with the lock held: the task's own removal waits for it, so it is never kept after it ended.
            let task = Task { [weak self] in
                await body()
                self?.ended(key)
            }
            if !s.ended { s.running[key] = task }
            return (task, s.ended)
        }
        if late { task.cancel() }
        return task
    }

    /// Calls `close` at `cancelAll` (at once when it has been called).
    package func onEnd(_ close: @escaping @Sendable () -> Void) {
        let late = state.withLock { s in
            if !s.ended { s.closers.append(close) }
            return s.ended
        }
        if late { close() }
    }

    /// Cancels every task still running and calls the closers; nothing is awaited. Tasks started later are
    /// cancelled as they start.
    package func cancelAll() {
        let (tasks, closers) = state.withLock { s in
            s.ended = true
            defer { s.closers = [] }
            return (Array(s.running.values), s.closers)
        }
        for t in tasks { t.cancel() }
        for c in closers { c() }
    }

    /// How many tasks have not ended yet.
    package var count: Int { state.withLock { $0.running.count } }

    private func ended(_ key: Int) { _ = state.withLock { $0.running.removeValue(forKey: key) } }
}
