import Synchronization

/// The bounded queue between the thread that streams and the task that reads
/// frames: a fixed ring (no allocation per frame), one waiting consumer resumed
/// directly, and the end of the stream (finished, or an error).
final class FrameChannel: Sendable {
    struct State {
        var ring: [VideoFrame?]
        var head = 0
        var count = 0
        var waiter: UnsafeContinuation<Result<VideoFrame?, CaptureDeviceError>, Never>?
        var end: Result<Void, CaptureDeviceError>?
        var cancelled = false
    }
    private let state: Mutex<State>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        state = Mutex(State(ring: [VideoFrame?](repeating: nil, count: capacity)))
    }

    /// Offers a frame (producer). With room, or a consumer waiting, it is taken.
    /// Full: with `discardOldest` the oldest waiting frame is returned for the producer
    /// to release and the new one queued; otherwise the new frame is refused (returned).
    enum Offer {
        case taken
        case displaced(VideoFrame)
        case full(VideoFrame)
        case closed(VideoFrame)
    }

    func offer(_ frame: VideoFrame, discardOldest: Bool) -> Offer {
        let (outcome, waiter): (Offer, UnsafeContinuation<Result<VideoFrame?, CaptureDeviceError>, Never>?) = state.withLock { s in
            if s.end != nil || s.cancelled { return (.closed(frame), nil) }
            if let w = s.waiter {
                s.waiter = nil
                return (.taken, w)
            }
            if s.count < capacity {
                s.ring[(s.head + s.count) % capacity] = frame
                s.count += 1
                return (.taken, nil)
            }
            guard discardOldest else { return (.full(frame), nil) }
            let old = s.ring[s.head]!
            s.ring[s.head] = nil
            s.head = (s.head + 1) % capacity
            s.ring[(s.head + s.count - 1) % capacity] = frame
            return (.displaced(old), nil)
        }
        waiter?.resume(returning: .success(frame))
        return outcome
    }

    /// Whether a frame offered now would be taken without displacing one.
    var hasRoom: Bool { state.withLock { s in s.waiter != nil || s.count < capacity } }

    /// Ends the stream (producer): the consumer gets the waiting frames, then nil or the error.
    func finish(_ end: Result<Void, CaptureDeviceError>) {
        let waiter: UnsafeContinuation<Result<VideoFrame?, CaptureDeviceError>, Never>? = state.withLock { s in
            if s.end == nil { s.end = end }
            let w = s.waiter
            s.waiter = nil
            return w
        }
        guard let waiter else { return }
        waiter.resume(returning: end.map { nil })
    }

    /// Removes every waiting frame (the stream stops): the producer revokes their buffers.
    func drainWaiting() -> [VideoFrame] {
        state.withLock { s in
            var out: [VideoFrame] = []
            while s.count > 0 {
                if let f = s.ring[s.head] { out.append(f) }
                s.ring[s.head] = nil
                s.head = (s.head + 1) % capacity
                s.count -= 1
            }
            return out
        }
    }

    /// The consumer stopped listening (cancelled, or the sequence was dropped).
    func cancel() {
        let waiter: UnsafeContinuation<Result<VideoFrame?, CaptureDeviceError>, Never>? = state.withLock { s in
            s.cancelled = true
            let w = s.waiter
            s.waiter = nil
            return w
        }
        waiter?.resume(returning: .success(nil))
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// The next frame (consumer): a waiting one, else suspends until one comes or the stream ends.
    func next() async throws(CaptureDeviceError) -> VideoFrame? {
        let result = await withTaskCancellationHandler {
            await withUnsafeContinuation { (c: UnsafeContinuation<Result<VideoFrame?, CaptureDeviceError>, Never>) in
                let now: Result<VideoFrame?, CaptureDeviceError>? = state.withLock { s in
                    if s.count > 0 {
                        let f = s.ring[s.head]!
                        s.ring[s.head] = nil
                        s.head = (s.head + 1) % capacity
                        s.count -= 1
                        return .success(f)
                    }
                    if s.cancelled { return .success(nil) }
                    if let e = s.end { return e.map { nil } }
                    s.waiter = c
                    return nil
                }
                if let now { c.resume(returning: now) }
            }
        } onCancel: {
            cancel()
        }
        return try result.get()
    }
}
