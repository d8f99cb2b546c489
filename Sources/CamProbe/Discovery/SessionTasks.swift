import Synchronization

/// The tasks a `DiscoverySession` starts (the one that hands hotplug events to its registry, one per listener),
/// kept until each ends, so that the session's end cancels every one of them at once: `deinit`, which cannot
/// await, as well as `stop()`. What must be closed with them (the registry's event stream) is closed then too.
final class SessionTasks: Sendable {
    private struct State {
        var running: [Int: Task<Void, Never>] = [:]
        var closers: [@Sendable () -> Void] = []
        var next = 0
        var ended = false
    }
    private let state = Mutex(State())

    /// Runs `body` on a task of its own, kept until it returns; after `endAll`, the task is cancelled as it starts.
    func start(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
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

    /// Calls `close` at `endAll` (at once when it has been called).
    func onEnd(_ close: @escaping @Sendable () -> Void) {
        let late = state.withLock { s in
            if !s.ended { s.closers.append(close) }
            return s.ended
        }
        if late { close() }
    }

    /// Cancels every task still running and calls the closers; nothing is awaited.
    func endAll() {
        let (tasks, closers) = state.withLock { s in
            s.ended = true
            defer { s.closers = [] }
            return (Array(s.running.values), s.closers)
        }
        for t in tasks { t.cancel() }
        for c in closers { c() }
    }

    /// How many tasks have not ended yet.
    var count: Int { state.withLock { $0.running.count } }

    private func ended(_ key: Int) { _ = state.withLock { $0.running.removeValue(forKey: key) } }
}
