import CaptureModel
import HostSystem
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
    /// The device the frame came from.
    public var device: DeviceID

    let storage: Storage
    enum Storage: Sendable {
        case copied([UInt8])
        case borrowed(FrameLease, generation: UInt64)
    }

    /// Calls `body` with the frame's bytes, in place in the driver's buffer for a borrowed frame.
    ///
    /// Throws a `CaptureDeviceError` of kind `released` when a borrowed frame was already given
    /// back to the driver (`release()`, or the next frame was asked for, or the stream stopped):
    /// a writer never sees empty bytes for a frame it missed. Errors `body` throws are rethrown.
    /// Calling `release()` inside `body` is safe: the buffer goes back to the driver when `body`
    /// returns, and the mapping stays valid until then (`VIDIOC_QBUF` waits for every reader).
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        switch storage {
        case .copied(let bytes): return try bytes.withUnsafeBytes(body)
        case .borrowed(let lease, let generation):
            guard let r = try lease.read(generation, body) else { throw releasedError() }
            return r
        }
    }

    /// `withUnsafeBytes(_:)` for a body that throws nothing: the only error is `released`, typed.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) throws(CaptureDeviceError) -> R {
        switch storage {
        case .copied(let bytes): return bytes.withUnsafeBytes(body)
        case .borrowed(let lease, let generation):
            guard let r = lease.read(generation, body) else { throw releasedError() }
            return r
        }
    }

    /// The bytes, copied: always available for a copied frame; a borrowed frame must not have
    /// been released yet (else `released`), so copy before asking for the next frame to keep it.
    public func copyBytes() throws(CaptureDeviceError) -> [UInt8] {
        switch storage {
        case .copied(let bytes): return bytes
        case .borrowed(let lease, let generation):
            guard let bytes = lease.read(generation, { Array($0) }) else { throw releasedError() }
            return bytes
        }
    }

    /// Whether the frame's bytes can still be read: always for a copied frame; for a borrowed
    /// one, until it is released (`release()`, the next frame, or the stream's end).
    public var isReadable: Bool {
        switch storage {
        case .copied: return true
        case .borrowed(let lease, let generation): return lease.isLent(generation)
        }
    }

    /// Gives a borrowed frame's buffer back to the driver now (asking for the
    /// next frame does it too). Harmless for copied frames and when repeated; inside
    /// `withUnsafeBytes` the buffer goes back when that call returns.
    public func release() {
        if case .borrowed(let lease, let generation) = storage { lease.giveBack(generation) }
    }

    private func releasedError() -> CaptureDeviceError {
        CaptureDeviceError(
            kind: .released, id: device,
            message:
                "frame \(sequence) was already given back to the driver (released, the next frame was asked for, or the stream stopped); "
                + "copy it (copyBytes, or delivery: .copy) to keep it")
    }
}

/// One driver buffer lent to the consumer: a generation number tells a current frame
/// from a released one, and a count of readers keeps the mapping alive while it is read.
///
/// The lock is held only to change the state, never while the consumer's code runs, so a
/// reader may release the frame it reads (the buffer then goes back when the read ends).
final class FrameLease: Sendable {
    let index: UInt32
    private let state: Mutex<State>
    private let returned: ReturnedBuffers
    struct State {
        var generation: UInt64 = 0
        var lent = false
        /// Readers inside `read` now: the buffer is neither queued again nor unmapped while any is.
        var readers = 0
        /// Released while read: goes back to the driver when the last reader leaves.
        var returnWhenRead = false
        /// Where the lent bytes are (an address, so the state stays Sendable) and how many.
        var address: UInt = 0
        var count = 0
        /// Opened when the last reader leaves, for a `revoke` waiting for it.
        var drained: Latch?
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
            s.returnWhenRead = false
            s.address = UInt(bitPattern: bytes.baseAddress)
            s.count = bytes.count
            return s.generation
        }
    }

    func isLent(_ generation: UInt64) -> Bool { state.withLock { $0.lent && $0.generation == generation } }

    /// Runs `body` over the lent bytes, or returns nil when this generation is no longer lent.
    func read<R>(_ generation: UInt64, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        let bytes: UnsafeRawBufferPointer? = state.withLock { s in
            guard s.lent, s.generation == generation else { return nil }
            s.readers += 1
            return UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: s.address), count: s.count)
        }
        guard let bytes else { return nil }
        defer {
            let (back, drained) = state.withLock { s -> (Bool, Latch?) in
                s.readers -= 1
                guard s.readers == 0 else { return (false, nil) }
                defer { s.drained = nil }
                guard s.returnWhenRead else { return (false, s.drained) }
                s.returnWhenRead = false
                return (true, s.drained)
            }
            drained?.open()
            if back { returned.push(index) }
        }
        return try body(bytes)
    }

    /// The consumer is done: the buffer goes back to the producer's return list (at once, or
    /// when the last reader leaves).
    func giveBack(_ generation: UInt64) {
        let back = state.withLock { s in
            guard s.lent, s.generation == generation else { return false }
            s.lent = false
            if s.readers > 0 {
                s.returnWhenRead = true
                return false
            }
            return true
        }
        if back { returned.push(index) }
    }

    /// Takes the buffer back without the consumer (stream stopping, or a late frame discarded),
    /// after any reader has left (the buffer is queued again or unmapped next). Returns whether it was lent.
    /// With a reader inside `withUnsafeBytes`, it waits on a latch the last reader opens as it leaves.
    @discardableResult
    func revoke() -> Bool {
        let (was, drained) = state.withLock { s -> (Bool, Latch?) in
            let was = s.lent || s.returnWhenRead
            s.lent = false
            s.returnWhenRead = false
            guard s.readers > 0 else { return (was, nil) }
            let latch = s.drained ?? Latch()
            s.drained = latch
            return (was, latch)
        }
        drained?.wait()  // a reader's body is running: it ends when the body returns
        return was
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
