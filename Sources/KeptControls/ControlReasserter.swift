import CamProbe
import CaptureModel
import HostSystem
import V4L2

/// How often `monitor --restore NAME --reassert` may put a control back: a fight with another
/// application must not become a loop.
package struct ReassertPolicy: Sendable, Hashable {
    /// At most one reassertion per control in this interval (default 2 s); a change inside it is put back when it ends.
    package var minimumInterval: Duration
    /// After this many reassertions of one control within `window` (default 5 in 60 s), stop reasserting it.
    package var limit: Int
    package var window: Duration

    package init(minimumInterval: Duration = .seconds(2), limit: Int = 5, window: Duration = .seconds(60)) {
        self.minimumInterval = minimumInterval
        self.limit = limit
        self.window = window
    }
}

/// The rate limit, as a pure value: times are offsets on any monotonic clock.
package struct ReassertLimiter: Sendable, Hashable {
    /// What to do with a control another program changed.
    package enum Verdict: Sendable, Hashable {
        /// Put it back now; this is reassertion number `count` of that control within the window.
        case reassert(count: Int)
        /// Too soon after the last reassertion: look again after this long.
        case wait(Duration)
        /// The limit is reached: stop, and say so (returned once per control).
        case giveUp(count: Int)
        /// Given up earlier: leave the control alone.
        case stopped
    }

    package let policy: ReassertPolicy
    private var history: [UInt32: [Duration]] = [:]
    private var given: Set<UInt32> = []

    package init(policy: ReassertPolicy = ReassertPolicy()) { self.policy = policy }

    /// The verdict for control `id` changed by someone else at `now`; a `.reassert` verdict is recorded.
    package mutating func ask(_ id: UInt32, at now: Duration) -> Verdict {
        if given.contains(id) { return .stopped }
        let recent = (history[id] ?? []).filter { now - $0 < policy.window }
        history[id] = recent
        if recent.count >= policy.limit {
            given.insert(id)
            return .giveUp(count: recent.count)
        }
        if let last = recent.last, now - last < policy.minimumInterval { return .wait(policy.minimumInterval - (now - last)) }
        history[id, default: []].append(now)
        return .reassert(count: recent.count + 1)
    }

    /// True once `id` has been given up.
    package func gaveUp(_ id: UInt32) -> Bool { given.contains(id) }
}

/// Keeps a restored control profile in force: when a control event says another program changed a restored
/// control, the saved value is written back, within `ReassertPolicy`'s limits.
///
/// Events carrying the saved value are ignored: they are the echo of our own writes (the restore's, or a
/// reassertion's, made through another handle than the watcher's) or harmless.
///
/// It runs on a thread of its own: its writes are control ioctls, which a UVC camera can hold for seconds.
package actor ControlReasserter {
    private nonisolated let executor: ThreadExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    /// What happened, for printing.
    package enum Report: Sendable, Hashable {
        /// `control` was `was` (set by another program) and is `value` again; `count` within the window.
        case reasserted(control: String, value: Int64, was: Int64, count: Int)
        /// `control` was reasserted `count` times within the window and is left to the other program from now on.
        case gaveUp(control: String, value: Int64, count: Int)
        /// Writing `control` back failed.
        case failed(control: String, message: String)
    }

    private let device: Device
    private let saved: [UInt32: ControlWrite]
    private let controls: [Control]
    private let system: any DeviceSystem
    private var limiter: ReassertLimiter
    private let now: @Sendable () -> Duration
    private let report: @Sendable (Report) -> Void
    private var ports: [String: any DevicePort] = [:]
    private var pending: Set<UInt32> = []
    private var lookAgain: [UInt32: Task<Void, Never>] = [:]

    /// `writes`: the values to hold (what the restore applied); `makeSystem` gives the machine the writes go
    /// through (another handle than the event watcher's). `now`: a monotonic clock (default: `ContinuousClock`).
    package init(
        device: Device, writes: [ControlWrite], makeSystem: @escaping DeviceRegistry.SystemFactory,
        policy: ReassertPolicy = ReassertPolicy(),
        now: (@Sendable () -> Duration)? = nil, report: @escaping @Sendable (Report) -> Void
    ) throws(ThreadRefused) {
        guard let executor = ThreadExecutor() else { throw ThreadRefused(purpose: "hold the controls of \(device.name)") }
        self.executor = executor
        self.device = device
        self.saved = Dictionary(writes.map { ($0.id, $0) }, uniquingKeysWith: { _, b in b })
        self.controls = device.captures.first?.controls ?? []
        self.system = makeSystem()
        self.limiter = ReassertLimiter(policy: policy)
        if let now {
            self.now = now
        } else {
            let start = ContinuousClock.now
            self.now = { ContinuousClock.now - start }
        }
        self.report = report
    }

    /// The writes to hold after a restore: each applied change at the value the driver kept.
    package static func writes(of outcome: ControlRestorer.Outcome) -> [ControlWrite] {
        outcome.applied.filter { $0.after != nil }.map {
            ControlWrite(id: $0.id, control: $0.control, value: $0.after ?? $0.requested, reason: "reassert saved value")
        }
    }

    /// Handles one control event of the device's capture node.
    package func handle(_ e: ControlEvent) async {
        guard !e.deviceGone, e.changes.contains(.value), let w = saved[e.id], e.value != w.value else { return }
        await consider(w, was: e.value)
    }

    private func consider(_ w: ControlWrite, was: Int64) async {
        switch limiter.ask(w.id, at: now()) {
        case .stopped: return
        case .giveUp(let count): report(.gaveUp(control: w.control, value: w.value, count: count))
        case .reassert(let count): write(w, was: was, count: count)
        case .wait(let delay):
            // One look-again per control: later changes inside the interval are covered by it. It runs on its
            // own task, so the event stream is never held up.
            guard !pending.contains(w.id) else { return }
            pending.insert(w.id)
            lookAgain[w.id] = Task { await self.look(w, after: delay) }
        }
    }

    private func look(_ w: ControlWrite, after delay: Duration) async {
        try? await Task.sleep(for: delay)
        pending.remove(w.id)
        lookAgain[w.id] = nil
        if Task.isCancelled { return }
        guard let current = read(w), current != w.value else { return }
        await consider(w, was: current)
    }

    private func port(for id: UInt32) throws(V4L2Error) -> any DevicePort {
        let path = device.controlNode(for: id, capture: device.captures.first?.path ?? "")
        if let p = ports[path] { return p }
        let p = try system.open(path, throughLibV4L2: false)
        ports[path] = p
        return p
    }

    private func read(_ w: ControlWrite) -> Int64? {
        let is64 = controls.first { $0.id == w.id }?.type == "int64"
        do throws(V4L2Error) { return try port(for: w.id).readControl(w.id, is64Bit: is64) } catch { return nil }
    }

    private func write(_ w: ControlWrite, was: Int64, count: Int) {
        do throws(V4L2Error) {
            let p = try port(for: w.id)
            do throws(ControlTransactionError) {
                _ = try ControlTransaction.apply([w], controls: controls, port: p)
                report(.reasserted(control: w.control, value: w.value, was: was, count: count))
            } catch {
                report(.failed(control: w.control, message: "\(w.control)=\(w.value): \(error.underlying.errnoName)"))
            }
        } catch {
            report(.failed(control: w.control, message: error.description))
        }
    }

    /// Stops pending look-agains and closes the ports it opened.
    package func close() {
        for t in lookAgain.values { t.cancel() }
        lookAgain.removeAll()
        ports.removeAll()
    }

    deinit { executor.shutdown() }
}
