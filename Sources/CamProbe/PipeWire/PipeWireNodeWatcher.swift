import CaptureModel
import HostSystem
import PipeWire
import Synchronization

/// Follows a PipeWire daemon's camera nodes on a thread of its own (the watch blocks in `poll` on the daemon's socket),
/// turning the registry's announcements into `PipeWireNodeEvent`s: the nodes present when it connects, then each
/// one added or removed. A daemon that is not there yet, or goes away, is tried again every second. The thread
/// waits only on the daemon's socket or the stop flag's latch: a consumer that goes away wakes it at once.
package enum PipeWireNodeWatcher {
    /// How long the thread waits between tries (ended early by the stop flag).
    static let retry = 1000
    /// A wait with no end but the daemon's next message or the stop flag (milliseconds).
    static let untilWoken = Int(Int32.max)

    package static func events(_ options: PipeWireReadOptions, port: any PipeWirePort) -> AsyncStream<PipeWireNodeEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PipeWireNodeEvent.self, bufferingPolicy: .bufferingNewest(4096))
        let stop = StopFlag()
        continuation.onTermination = { _ in stop.raise() }
        let rc = DedicatedThread.spawn {
            run(options, port: port, stop: stop) { continuation.yield($0) }
            continuation.finish()
        }
        if rc != 0 {
            continuation.yield(.unavailable(.failed, "cannot start a thread to watch PipeWire (pthread_create: \(rc))"))
            continuation.finish()
        }
        return stream
    }

    /// The thread's body: connects, reports, reconnects, until `stop` is raised (or a port says its library is missing).
    static func run(_ options: PipeWireReadOptions, port: any PipeWirePort, stop: StopFlag, yield: (PipeWireNodeEvent) -> Void) {
        var said: String?  // the last unavailable line, not repeated while nothing changes
        func unavailable(_ status: PipeWireReport.Status, _ message: String) {
            if said != message { yield(.unavailable(status, message)) }
            said = message
        }
        while !stop.isRaised {
            switch PipeWireReading.absence(options, port: port) {
            case .noSession?:
                unavailable(.noDaemon, PipeWireReading.Absence.noSession.message)
                return
            case .noSocket(let path)?:
                unavailable(.noDaemon, PipeWireReading.Absence.noSocket(path).message + "; watching for it")
                pause(retry, stop)
                continue
            case nil: break
            }
            switch port.watch(options) {
            case .failure(let e):
                unavailable(e.kind == .noDaemon ? .noDaemon : e.kind == .timedOut ? .timedOut : .failed, e.message)
                pause(retry, stop)
            case .success(let watch):
                if let lost = follow(watch, options: options, stop: stop, yield: yield, unavailable: unavailable) {
                    said = nil
                    unavailable(.noDaemon, lost)
                    pause(retry, stop)
                } else {
                    said = nil
                }
            }
        }
    }

    /// One connection: its nodes until the daemon goes away (then why) or `stop` (then nil).
    static func follow(
        _ watch: any PipeWireWatch, options: PipeWireReadOptions, stop: StopFlag, yield: (PipeWireNodeEvent) -> Void,
        unavailable: (PipeWireReport.Status, String) -> Void
    ) -> String? {
        var known: [UInt32: PipeWireNode] = [:]
        var present: [PipeWireNode] = []
        var settled = false
        var late = false  // the daemon did not answer in time, and was told so
        let started = monotonicNanoseconds()
        guard stop.interrupts(watch.interrupter) else { return nil }
        defer { stop.interrupts(nil) }
        while !stop.isRaised {
            let patience = settled || late ? untilWoken : max(0, options.timeoutMilliseconds - elapsed(since: started))
            guard let e = watch.next(timeoutMilliseconds: patience) else {
                if !settled && !late && !stop.isRaised && elapsed(since: started) >= options.timeoutMilliseconds {
                    late = true
                    unavailable(.timedOut, "the PipeWire daemon did not answer within \(options.timeoutMilliseconds) ms; still waiting")
                }
                continue
            }
            if stop.isRaised { return nil }
            switch e {
            case .added(let o):
                let node = PipeWireNode(o)
                known[node.id] = node
                if settled { yield(.added(node)) } else { present.append(node) }
            case .removed(let id):
                guard let node = known.removeValue(forKey: id) else { continue }
                if settled { yield(.removed(node)) } else { present.removeAll { $0.id == id } }
            case .settled:
                settled = true
                yield(.connected(present))
                present = []
            case .dropped(let n):
                // What was missed cannot be told apart: a new connection starts from the daemon's current state.
                yield(.dropped(n))
                return "resynchronising after \(n) dropped events"
            case .lost(let why):
                return known.isEmpty ? why : "\(why); its \(known.count) camera node(s) went with it"
            }
        }
        return nil
    }

    /// Milliseconds since `start` (`monotonicNanoseconds`).
    static func elapsed(since start: UInt64) -> Int { Int((monotonicNanoseconds() &- start) / 1_000_000) }

    /// Waits `milliseconds`, ending as soon as `stop` is raised (a timed wait on its latch, no steps).
    static func pause(_ milliseconds: Int, _ stop: StopFlag) {
        _ = stop.wait(milliseconds: milliseconds)
    }

    /// Raised when the stream's consumer is gone; a thread waiting on it, or on the watch it follows, wakes then.
    final class StopFlag: Sendable {
        private let flag = Atomic<Bool>(false)
        private let raised = Latch()
        /// The watch being followed's interrupter, called on raising; kept under the lock so that it is never
        /// called once the watch is let go.
        private let interrupter = Mutex<(@Sendable () -> Void)?>(nil)

        func raise() {
            interrupter.withLock { i in
                flag.store(true, ordering: .releasing)
                i?()
            }
            raised.open()
        }

        var isRaised: Bool { flag.load(ordering: .acquiring) }

        /// True when raised within `milliseconds`.
        func wait(milliseconds: Int) -> Bool { raised.wait(milliseconds: milliseconds) }

        /// Keeps `interrupt` to be called on raising (nil: the watch is let go). False when already raised.
        @discardableResult
        func interrupts(_ interrupt: (@Sendable () -> Void)?) -> Bool {
            interrupter.withLock { i in
                i = interrupt
                return !isRaised
            }
        }
    }
}
