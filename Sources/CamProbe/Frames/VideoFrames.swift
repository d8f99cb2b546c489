import CaptureModel
import Synchronization

/// Frames from a configured camera as they arrive (AVCaptureVideoDataOutput),
/// made by `CaptureDevice.frames(_:)`. One consumer iterates it.
///
/// The sequence ends (returns nil) when `stop()` is called or the consuming task
/// is cancelled, and throws a `CaptureDeviceError` when the camera goes away
/// (kind `disconnected`) or the driver fails or stops delivering (`failed`). By
/// the time it ends, streaming is off and no buffer is mapped any more.
public struct VideoFrames: AsyncSequence, Sendable {
    public typealias Element = VideoFrame
    public typealias Failure = any Error
    let producer: FrameProducer
    /// The mode the frames are in (read back before streaming started).
    public let mode: CaptureMode

    public struct AsyncIterator: AsyncIteratorProtocol {
        let producer: FrameProducer
        var current: VideoFrame?

        /// The next frame; a borrowed frame handed out before goes back to the driver first.
        public mutating func next() async throws -> VideoFrame? {
            current?.release()
            current = try await producer.channel.next()
            return current
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(producer: producer, current: nil) }

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
