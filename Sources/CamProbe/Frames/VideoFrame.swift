import CaptureModel
import Synchronization
import V4L2

/// One frame as it arrived (AVFoundation's sample buffer): the driver's
/// timestamp and sequence number, its flags, and its bytes — in place in the
/// driver's buffer (`.borrow`) or copied (`.copy`).
public struct VideoFrame: Sendable {
    /// The driver's frame counter (`v4l2_buffer.sequence`).
    public var sequence: UInt32
    /// When the driver captured it: `v4l2_buffer.timestamp`, CLOCK_MONOTONIC nanoseconds on modern drivers.
    public var timestampNanoseconds: UInt64
    /// Frames the driver dropped just before this one: the gap in sequence numbers.
    /// Frames discarded because the consumer was late are counted in `VideoFrames.statistics`.
    public var framesLostBefore: Int
    /// `V4L2_BUF_FLAG_ERROR`: the driver says this frame is corrupt.
    public var isCorrupt: Bool
    /// The buffer's `V4L2_BUF_FLAG_*` bits.
    public var flags: UInt32
    /// Bytes of picture (`v4l2_buffer.bytesused`): a whole JPEG for MJPEG.
    public var bytesUsed: Int
    /// Bytes per line of the active format (`VIDIOC_G_FMT`); 0 for compressed formats.
    public var bytesPerLine: Int
    /// The mode the frames are in (read back when streaming started).
    public var mode: CaptureMode

    let storage: Storage
    enum Storage: Sendable {
        case copied([UInt8])
        case borrowed(FrameLease, generation: UInt64)
    }

    /// Calls `body` with the frame's bytes; nil when a borrowed frame was already
    /// released (it belongs to the driver again) — copy it first to keep it.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        switch storage {
        case .copied(let bytes): return try bytes.withUnsafeBytes(body)
        case .borrowed(let lease, let generation): return try lease.read(generation, body)
        }
    }

    /// The bytes, copied (always available for a copied frame; empty once a borrowed frame was released).
    public func copyBytes() -> [UInt8] {
        switch storage {
        case .copied(let bytes): return bytes
        case .borrowed: return withUnsafeBytes { Array($0) } ?? []
        }
    }

    /// Gives a borrowed frame's buffer back to the driver now (asking for the
    /// next frame does it too). Harmless for copied frames and when repeated.
    public func release() {
        if case .borrowed(let lease, let generation) = storage { lease.giveBack(generation) }
    }
}

/// One driver buffer lent to the consumer: a generation number tells a current
/// frame from a released one, and the lock keeps the mapping alive while it is read.
final class FrameLease: Sendable {
    let index: UInt32
    private let state: Mutex<State>
    private let returned: ReturnedBuffers
    struct State {
        var generation: UInt64 = 0
        var lent = false
        /// Where the lent bytes are (an address, so the state stays Sendable) and how many.
        var address: UInt = 0
        var count = 0
    }

    init(index: UInt32, returned: ReturnedBuffers) {
        self.index = index
        self.returned = returned
        state = Mutex(State())
    }

    /// Lends the buffer (producer thread); returns the frame's generation.
    func lend(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        state.withLock { s in
            s.generation &+= 1
            s.lent = true
            s.address = UInt(bitPattern: bytes.baseAddress)
            s.count = bytes.count
            return s.generation
        }
    }

    func read<R>(_ generation: UInt64, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        try state.withLock { s in
            guard s.lent, s.generation == generation else { return nil }
            return try body(UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: s.address), count: s.count))
        }
    }

    /// The consumer is done: the buffer goes back to the producer's return list.
    func giveBack(_ generation: UInt64) {
        let back = state.withLock { s in
            guard s.lent, s.generation == generation else { return false }
            s.lent = false
            return true
        }
        if back { returned.push(index) }
    }

    /// Takes the buffer back without the consumer (stream stopping, or a late frame discarded).
    /// Returns whether it was lent.
    @discardableResult
    func revoke() -> Bool {
        state.withLock { s in
            let was = s.lent
            s.lent = false
            return was
        }
    }
}

/// Buffer indices the consumer gave back, for the producer to queue again; raising the wake signal.
/// A fixed ring of 32 slots (the most buffers a stream has): no allocation per frame.
final class ReturnedBuffers: Sendable {
    private let ring = Mutex<(slots: [UInt32], head: Int, count: Int)>(([UInt32](repeating: 0, count: 32), 0, 0))
    let wake: SendableWake

    init(wake: SendableWake) { self.wake = wake }

    func push(_ index: UInt32) {
        ring.withLock { r in
            guard r.count < r.slots.count else { return }
            r.slots[(r.head + r.count) % r.slots.count] = index
            r.count += 1
        }
        wake.signal.raise()
    }

    func pop() -> UInt32? {
        ring.withLock { r in
            guard r.count > 0 else { return nil }
            let v = r.slots[r.head]
            r.head = (r.head + 1) % r.slots.count
            r.count -= 1
            return v
        }
    }
}

/// The wake signal as a value that crosses threads (`WakeSignal` is Sendable: raising it is a `write(2)` on an eventfd).
struct SendableWake: Sendable {
    let signal: any WakeSignal
}
