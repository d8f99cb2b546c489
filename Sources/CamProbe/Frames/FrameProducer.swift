import CaptureModel
import HostSystem
import Synchronization
import V4L2

#if canImport(Glibc)
    import Glibc
#endif

/// A started stream (buffers mapped and queued, `STREAMON` done), or one waiting for an interruption to end, handed to the
/// thread that reads frames from it. The thread is started first and waits here
/// (`sem_wait`) while the camera's own thread starts the stream, so starting the
/// thread and starting the stream overlap.
///
/// `@unchecked Sendable` because `stream` is written once, by `give`, before
/// `sem_post`, and read once, by `take`, after `sem_wait` returns (the semaphore
/// orders the two); from then on the streaming thread is the only user of the
/// stream, of its `StreamStarter` (which, while an interruption lasts, restores the
/// mode and starts the stream again) and of its port's buffer ioctls (`QBUF`,
/// `DQBUF`, `STREAMOFF`, `REQBUFS` 0), while the owning `CaptureDevice` refuses
/// configuration until the stream has ended. `SystemDevicePort`'s only state is an immutable file
/// descriptor (the kernel serializes ioctls per file); the fake port guards its
/// state with a lock. The semaphore lives at a fixed address, allocated once and
/// freed in `deinit`.
final class StreamHandoff: @unchecked Sendable {
    /// What the streaming thread starts from: a stream already started, or one to start
    /// again once an interruption ends (the starter is then the thread's own).
    enum Start {
        case started(FrameStream, StreamStarter)
        case waiting(CaptureInterruption, StreamStarter)
    }
    private var stream: Start?
    private let ready: UnsafeMutablePointer<sem_t>

    init() {
        ready = .allocate(capacity: 1)
        sem_init(ready, 0, 0)
    }

    /// Hands the started stream over, or nil when it could not start (the thread then ends).
    func give(_ stream: Start?) {
        self.stream = stream
        sem_post(ready)
    }

    /// Waits for `give`, then takes the stream out (once): no reference to it, or to its
    /// port, is left here, so `close()` can release the file once the stream has ended.
    func take() -> Start? {
        while sem_wait(ready) != 0 && errno == EINTR {}
        defer { stream = nil }
        return stream
    }

    deinit {
        sem_destroy(ready)
        ready.deallocate()
    }
}

/// Counters of a frame stream, readable while it runs.
public struct FrameStatistics: Sendable, Hashable {
    /// Frames handed to the consumer.
    public var delivered: Int = 0
    /// Frames the driver dropped: the sum of the gaps in sequence numbers.
    public var droppedByDriver: Int = 0
    /// Frames this process discarded because the consumer was late (`.discardLate`).
    public var discardedLate: Int = 0
}

/// The streaming loop, on a thread of its own (never the cooperative pool):
/// `VIDIOC_REQBUFS` + `mmap` + `STREAMON`, then `poll(2)` / `DQBUF` per frame,
/// buffers lent to the consumer and queued again when given back, and at the end
/// `STREAMOFF`, `munmap` and `REQBUFS` 0 before the consumer hears the stream ended.
final class FrameProducer: Sendable {
    let channel: FrameChannel
    let returned: ReturnedBuffers
    let stats = Mutex(FrameStatistics())
    /// Interruptions and their ends, for `VideoFrames.events`.
    let events: AsyncStream<FrameStreamEvent>
    private let eventSink: AsyncStream<FrameStreamEvent>.Continuation
    /// The interruption in force now (nil while frames flow).
    let interruption = Mutex<CaptureInterruption?>(nil)
    private let ended = Mutex<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    private let consumerThread = Mutex<ThreadExecutor?>(nil)

    init(channel: FrameChannel, returned: ReturnedBuffers) {
        self.channel = channel
        self.returned = returned
        (events, eventSink) = AsyncStream.makeStream(of: FrameStreamEvent.self, bufferingPolicy: .bufferingNewest(32))
    }

    /// The thread `VideoFrames.forEach` runs its loop on, started the first time it is asked
    /// for (nil when the system refused one: `forEach` then runs where it was called).
    var consumer: ThreadExecutor? {
        consumerThread.withLock { t in
            if t == nil { t = ThreadExecutor(role: .tasks) }
            return t
        }
    }

    deinit { consumerThread.withLock { $0?.shutdown() } }

    /// Stops streaming: the consumer's sequence ends, then returns once every buffer is unmapped.
    func stop() async {
        abandon()
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let resumeNow = ended.withLock { e in
                if e.done { return true }
                e.waiters.append(c)
                return false
            }
            if resumeNow { c.resume() }
        }
    }

    /// Tells the streaming thread to stop, without waiting (the loop was left, or its camera
    /// handle dropped): it wakes at once and undoes the stream (`STREAMOFF`, `munmap`, `REQBUFS` 0).
    /// The camera's handle waits for that before its next call touches the device.
    func abandon() {
        channel.cancel()
        returned.wake.signal.raise()
    }

    /// Whether nobody will read this stream's frames any more (stopped, left, or ended).
    var isAbandoned: Bool { channel.isCancelled || hasEnded }

    var hasEnded: Bool { ended.withLock { $0.done } }

    private func markEnded() {
        let waiters = ended.withLock { e in
            e.done = true
            let w = e.waiters
            e.waiters = []
            return w
        }
        waiters.forEach { $0.resume() }
    }

    /// Says an interruption began (`interrupted`) or ended (nil: `interruptionEnded`).
    func report(_ now: CaptureInterruption?) {
        let before = interruption.withLock { i in
            defer { i = now }
            return i
        }
        if let now {
            if before != now { eventSink.yield(.interrupted(now)) }
        } else if before != nil {
            eventSink.yield(.interruptionEnded)
        }
    }

    /// The loop, on the streaming thread, over a stream already started (`STREAMON` done), or
    /// one waiting for its interruption to end. `finished` is called once at the very end, with
    /// the error that ended the stream (nil: stopped).
    func run(
        _ handoff: StreamHandoff, id: DeviceID, options: FrameOutputOptions,
        fail: @Sendable (V4L2Error) -> CaptureDeviceError, finished: @Sendable (CaptureDeviceError?) -> Void
    ) {
        // The stream (and its port) is held only inside this scope: the file can close as soon as it has ended.
        var failure: CaptureDeviceError?
        do {
            guard let start = handoff.take() else {  // it never started
                eventSink.finish()
                markEnded()
                return
            }
            let stream: FrameStream?
            let starter: StreamStarter
            switch start {
            case .started(let s, let st):
                (stream, starter) = (s, st)
            case .waiting(let interruption, let st):
                starter = st
                report(interruption)
                (stream, failure) = waitForEnd(of: interruption, starter, id: id, options: options, fail: fail)
            }
            if let stream {
                report(nil)
                failure = loop(stream, id: id, mode: starter.mode, bytesPerLine: Int(starter.bytesPerLine), options: options, fail: fail)
            }
        }  // the stream is let go here, before anyone hears it ended
        if let failure, failure.kind == .disconnected {
            report(CaptureInterruption(reason: .deviceGone, message: failure.message))
        }
        eventSink.finish()
        channel.finish(failure.map { .failure($0) } ?? .success(()))
        markEnded()
        finished(failure)
    }

    /// Tries `starter` again every `retryInterval` until the stream starts, the consumer
    /// stops, or a real failure; each new reason is reported as it is seen.
    private func waitForEnd(
        of first: CaptureInterruption, _ starter: StreamStarter, id: DeviceID, options: FrameOutputOptions,
        fail: @Sendable (V4L2Error) -> CaptureDeviceError
    ) -> (FrameStream?, CaptureDeviceError?) {
        let wake = returned.wake.signal
        while !channel.isCancelled {
            wake.reset()
            _ = starter.port.wait(for: [], timeoutMilliseconds: options.retryMilliseconds, wake: wake)
            if channel.isCancelled { break }
            switch starter.attempt() {
            case .started(let stream):
                return (stream, nil)
            case .interrupted(let i):
                report(i)
            case .failed(let e):
                return (nil, fail(e))
            }
        }
        return (nil, nil)
    }

    /// Streams until stopped or failed; every buffer is unmapped when it returns.
    private func loop(
        _ stream: FrameStream, id: DeviceID, mode: CaptureMode, bytesPerLine: Int, options: FrameOutputOptions,
        fail: @Sendable (V4L2Error) -> CaptureDeviceError
    ) -> CaptureDeviceError? {
        let port = stream.port
        let leases = (0..<UInt32(stream.bufferCount)).map { FrameLease(index: $0, returned: returned) }
        let wake = returned.wake.signal
        let discard = options.lateFrames == .discardLate
        let timeoutNanoseconds =
            UInt64(clamping: options.noFrameTimeout.components.seconds) &* 1_000_000_000
            &+ UInt64(clamping: options.noFrameTimeout.components.attoseconds / 1_000_000_000)
        var lastSequence: UInt32?
        var lastFrameAt = monotonicNanoseconds()
        var failure: CaptureDeviceError?

        func giveBack(_ frame: VideoFrame) throws(V4L2Error) {
            if case .borrowed(let lease, _) = frame.storage, lease.revoke() { try stream.requeue(lease.index) }
        }

        loop: while !channel.isCancelled {
            do throws(V4L2Error) {
                while let i = returned.pop() { try stream.requeue(i) }
                if !discard && !channel.hasRoom {
                    wake.reset()
                    if !channel.hasRoom { _ = port.wait(for: [], timeoutMilliseconds: 100, wake: wake) }
                    continue loop
                }
                wake.reset()
                let before = monotonicNanoseconds()
                switch try stream.dequeueBorrowed(timeoutMilliseconds: 200, wake: wake) {
                case .woken:
                    continue loop
                case .timedOut:
                    let now = monotonicNanoseconds()
                    if now &- before < 1_000_000 { usleep(1000) }  // a seam that answers at once must not spin
                    if now &- lastFrameAt > timeoutNanoseconds {
                        failure = CaptureDeviceError(
                            kind: .stalled, id: id,
                            message: "\(port.path): no frame for \(options.noFrameTimeout) (the driver stopped delivering)")
                        break loop
                    }
                case .frame(let b):
                    lastFrameAt = monotonicNanoseconds()
                    var gap = 0
                    if let last = lastSequence {
                        let d = b.record.sequence &- last
                        if d > 1 && d < 1 << 30 { gap = Int(d - 1) }
                    }
                    lastSequence = b.record.sequence
                    let bytes = stream.bytes(of: b)
                    let storage: VideoFrame.Storage
                    switch options.delivery {
                    case .copy:
                        storage = .copied(Array(bytes))
                        try stream.requeue(b.index)
                    case .borrow:
                        let lease = leases[Int(b.index)]
                        storage = .borrowed(lease, generation: lease.lend(bytes))
                    }
                    let frame = VideoFrame(
                        sequence: b.record.sequence, timestampNanoseconds: b.record.timestampNanoseconds, framesLostBefore: gap,
                        isCorrupt: b.record.hasError, flags: b.record.flags, bytesUsed: Int(b.record.bytesUsed),
                        bytesPerLine: bytesPerLine, mode: mode, device: id, storage: storage)
                    switch channel.offer(frame, discardOldest: discard) {
                    case .taken:
                        stats.withLock {
                            $0.delivered += 1
                            $0.droppedByDriver += gap
                        }
                    case .displaced(let old):
                        try giveBack(old)
                        stats.withLock {
                            $0.delivered += 1
                            $0.droppedByDriver += gap
                            $0.discardedLate += 1
                        }
                    case .full(let f), .closed(let f):
                        try giveBack(f)
                    }
                }
            } catch {
                failure = fail(error)
                break loop
            }
        }
        // Take every buffer back (a reader holding one finishes first: the lease's lock), then undo the stream.
        for lease in leases { lease.revoke() }
        _ = channel.drainWaiting()
        stream.stop()
        return failure
    }
}
