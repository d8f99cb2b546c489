/// How `CaptureDevice.frames(_:)` delivers frames (AVCaptureVideoDataOutput's settings).
public struct FrameOutputOptions: Sendable, Hashable {
    /// How a frame's bytes reach the consumer.
    public enum Delivery: Sendable, Hashable {
        /// Zero-copy: the frame is the driver's mmap buffer itself, valid until the
        /// consumer asks for the next frame or calls `release()`; then the buffer
        /// goes back to the driver (`VIDIOC_QBUF`). No allocation per frame.
        case borrow
        /// Each frame's bytes are copied out and the buffer goes back at once; frames may be kept.
        case copy
    }

    /// What happens when the consumer is slower than the camera.
    public enum LateFramePolicy: Sendable, Hashable {
        /// AVFoundation's default (`alwaysDiscardsLateVideoFrames`): the oldest waiting
        /// frame is discarded for the new one; the driver never waits for the consumer.
        case discardLate
        /// Waiting frames are kept; when the queue is full no buffer is taken from the
        /// driver until there is room, so the driver drops frames itself (seen as sequence gaps).
        case block
    }

    public var delivery: Delivery
    public var lateFrames: LateFramePolicy
    /// Frames that may wait for the consumer (1…16).
    public var queueDepth: Int
    /// Driver buffers to request (`VIDIOC_REQBUFS`); at least `queueDepth + 2` are asked for, so
    /// the driver always has a buffer to fill while the consumer holds one and the queue is full.
    public var driverBuffers: Int
    /// How long without a frame ends the sequence with an error (the driver stopped delivering).
    public var noFrameTimeout: Duration
    /// When another process streams from the camera or changed its mode, or the USB bus has no
    /// bandwidth left, wait and try again (every `retryInterval`) instead of failing: the stream
    /// reports `interrupted(…)` in `VideoFrames.events`, restores the mode it started with
    /// (`VIDIOC_S_FMT`, `VIDIOC_S_PARM`) once the camera is free, then `interruptionEnded`, and
    /// frames follow. Off by default: the sequence then fails with kind `interrupted`.
    public var resumesAfterInterruption: Bool
    /// How often an interrupted stream tries again (50 ms … 10 s).
    public var retryInterval: Duration

    public init(
        delivery: Delivery = .borrow, lateFrames: LateFramePolicy = .discardLate, queueDepth: Int = 2, driverBuffers: Int = 4,
        noFrameTimeout: Duration = .seconds(5), resumesAfterInterruption: Bool = false, retryInterval: Duration = .milliseconds(250)
    ) {
        self.resumesAfterInterruption = resumesAfterInterruption
        self.retryInterval = retryInterval
        self.delivery = delivery
        self.lateFrames = lateFrames
        self.queueDepth = queueDepth
        self.driverBuffers = driverBuffers
        self.noFrameTimeout = noFrameTimeout
    }

    var depth: Int { min(max(queueDepth, 1), 16) }
    var retryMilliseconds: Int32 {
        let ms = retryInterval.components.seconds * 1000 + retryInterval.components.attoseconds / 1_000_000_000_000_000
        return Int32(min(max(ms, 50), 10_000))
    }
    var bufferCount: UInt32 { UInt32(min(max(driverBuffers, depth + 2), 32)) }
}
