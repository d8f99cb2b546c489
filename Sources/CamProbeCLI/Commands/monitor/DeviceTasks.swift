import Synchronization

/// `monitor`'s work for each device that connects (restoring its controls, then following them), each on a task of
/// its own so that a device stuck in its restore delays no other's events. Every task is kept until it ends, and
/// `cancelAll` cancels those still running when the monitor stops; a task started after that is cancelled at once.
final class DeviceTasks: Sendable {
    private struct State {
        var running: [Int: Task<Void, Never>] = [:]
        var next = 0
        var stopped = false
    }
    private let state = Mutex(State())

    /// Runs `body` on a task of its own, kept until it returns.
    func start(_ body: @escaping @Sendable () async -> Void) {
        let cancelled = state.withLock { s -> Task<Void, Never>? in
            let key = s.next
            s.next += 1
            // Made and kept with the lock held: the task's own removal waits for it, so it is never kept after it ended.
            let task = Task { [weak self] in
                await body()
                self?.ended(key)
            }
            guard !s.stopped else { return task }
            s.running[key] = task
            return nil
        }
        cancelled?.cancel()
    }

    /// Cancels every task still running; those started later are cancelled as they start.
    func cancelAll() {
        let tasks = state.withLock { s in
            s.stopped = true
            return Array(s.running.values)
        }
        for t in tasks { t.cancel() }
    }

    /// How many tasks have not ended yet.
    var count: Int { state.withLock { $0.running.count } }

    private func ended(_ key: Int) { _ = state.withLock { $0.running.removeValue(forKey: key) } }
}
