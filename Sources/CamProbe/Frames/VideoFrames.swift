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

    /// Counters so far: delivered, dropped by the driver (sequence gaps), discarded because the consumer was late.
    public var statistics: FrameStatistics { producer.stats.withLock { $0 } }

    /// Ends the sequence and waits until streaming is off and every buffer unmapped
    /// (`VIDIOC_STREAMOFF`, `munmap`, `VIDIOC_REQBUFS` 0).
    public func stop() async { await producer.stop() }
}
