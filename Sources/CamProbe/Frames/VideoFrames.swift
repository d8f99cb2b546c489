import CaptureModel
import Synchronization

/// Frames from a configured camera as they arrive (AVCaptureVideoDataOutput),
/// made by `CaptureDevice.frames(_:)`. One loop reads it, once.
///
/// The stream's life is the loop's: leaving the loop — `break`, `return`, a `throw`, or
/// the task's cancellation — ends streaming (`VIDIOC_STREAMOFF`, `munmap`,
/// `VIDIOC_REQBUFS` 0), and the camera handle's next call (`frames()` again, `apply`,
/// `measureStreaming`) waits until that is done. `stop()` ends it from elsewhere and
/// waits too. The sequence throws a `CaptureDeviceError` when the camera goes away
/// (kind `disconnected`), another process takes it (`interrupted`, unless the options
/// resume after interruptions) or the driver fails or stops delivering (`failed`,
/// `stalled`). By the time it ends, streaming is off and no buffer is mapped any more.
public struct VideoFrames: AsyncSequence, Sendable {
    public typealias Element = VideoFrame
    public typealias Failure = CaptureDeviceError
    let producer: FrameProducer
    /// The mode the frames are in (read back before streaming started).
    public let mode: CaptureMode

    /// Reads the frames; dropping it (the loop was left) ends the stream.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = VideoFrame
        public typealias Failure = CaptureDeviceError
        let producer: FrameProducer
        let lifetime: LoopLifetime
        var current: VideoFrame?

        /// The next frame; a borrowed frame handed out before goes back to the driver first.
        public mutating func next() async throws(CaptureDeviceError) -> VideoFrame? {
            current?.release()
            current = try await producer.channel.next()
            return current
        }

        /// The next frame (`next()`), for a loop isolated to an actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(CaptureDeviceError) -> VideoFrame? {
            current?.release()
            current = try await producer.channel.next()
            return current
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(producer: producer, lifetime: LoopLifetime(producer), current: nil)
    }

    /// Interruptions as they happen and end (AVCaptureSession's `wasInterrupted` and
    /// `interruptionEnded`), for a task beside the frame loop; it finishes when the frames end.
    /// One listener.
    public var events: AsyncStream<FrameStreamEvent> { producer.events }

    /// The interruption in force now; nil while frames flow.
    public var interruption: CaptureInterruption? { producer.interruption.withLock { $0 } }

    /// Calls `body` with each frame as it arrives, on a thread that belongs to this
    /// stream, until the sequence ends (returns) or fails or `body` throws (rethrows).
    /// A borrowed frame goes back to the driver when `body` returns, unless released before.
    ///
    /// This is the way to read frames that allocates nothing per frame: the streaming
    /// thread wakes the loop by a push onto the stream's own queue. A `for try await`
    /// loop on the global executor costs two small libdispatch heap blocks per frame
    /// for that wake-up (a continuation resumed from a thread that is not one of its workers).
    /// Call it from a nonisolated context: when called on an actor (the main actor, say),
    /// the loop runs on that actor instead, and each frame is a hop to it.
    /// The corresponding call is `withTaskExecutorPreference`.
    public func forEach(
        isolation: isolated (any Actor)? = #isolation, _ body: (VideoFrame) async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(producer.consumer, isolation: isolation) {
            for try await frame in self { try await body(frame) }
        }
    }

    /// Counters so far: delivered, dropped by the driver (sequence gaps), discarded because the consumer was late.
    public var statistics: FrameStatistics { producer.stats.withLock { $0 } }

    /// Ends the sequence and waits until streaming is off and every buffer unmapped
    /// (`VIDIOC_STREAMOFF`, `munmap`, `VIDIOC_REQBUFS` 0).
    public func stop() async { await producer.stop() }
}

/// Held by a loop's iterator: when the loop is left (the iterator is dropped), the stream is told to stop.
final class LoopLifetime: Sendable {
    let producer: FrameProducer
    init(_ producer: FrameProducer) { self.producer = producer }
    deinit { producer.abandon() }
}
