internal import CV4L2
import CaptureModel
import HostSystem
import Synchronization
import V4L2

/// Memory-mapped streaming as vb2 drivers (uvcvideo, vivid) do it, on a
/// virtual clock: one handle owns the buffers (`EBUSY` for the others), each
/// dequeued frame is one frame interval after the last, and `poll` never
/// sleeps — a queued buffer is ready at once, none queued is a timeout.
extension FakeV4L2Port {
    static let maxBuffers = 32
    /// Buffers are never larger than this in the fake (a hostile `sizeimage` must not exhaust memory).
    static let maxBufferLength = 64 << 20

    var bufferType: UInt32 {
        state.active?.mplane == true ? V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
    }

    /// Another handle owns the buffers.
    var buffersBusy: Bool { state.streamOwner != nil && state.streamOwner != me }

    func requestBuffers(_ r: UnsafeMutablePointer<v4l2_requestbuffers>) -> Int32 {
        guard r.pointee.memory == V4L2_MEMORY_MMAP.rawValue, r.pointee.type == bufferType, let a = state.active else {
            return Errno.EINVAL
        }
        if buffersBusy || state.streaming { return Errno.EBUSY }
        if state.buffers.contains(where: { $0.mappings > 0 }) { return Errno.EBUSY }  // vb2: memory in use
        state.buffers = []
        state.queue = []
        guard r.pointee.count > 0 else {
            state.streamOwner = nil
            return 0
        }
        let count = min(max(Int(r.pointee.count), 2), FakeV4L2Port.maxBuffers)
        let length = max(1, min(Int(a.sizeImage), FakeV4L2Port.maxBufferLength))
        state.buffers = (0..<count).map { FakeBuffer(length: length, offset: UInt32($0) << 24) }
        state.streamOwner = me
        r.pointee.count = UInt32(count)
        return 0
    }

    func queryBuffer(_ b: UnsafeMutablePointer<v4l2_buffer>) -> Int32 {
        guard b.pointee.type == bufferType, Int(b.pointee.index) < state.buffers.count else { return Errno.EINVAL }
        let i = Int(b.pointee.index)
        let buffer = state.buffers[i]
        b.pointee.flags = flags(i)
        if let planes = planeArray(b) {
            planes.pointee.length = UInt32(buffer.length)
            planes.pointee.m.mem_offset = buffer.offset
            b.pointee.length = 1
        } else {
            b.pointee.length = UInt32(buffer.length)
            b.pointee.m.offset = buffer.offset
        }
        return 0
    }

    func queueBuffer(_ b: UnsafeMutablePointer<v4l2_buffer>) -> Int32 {
        if buffersBusy { return Errno.EBUSY }
        let i = Int(b.pointee.index)
        guard b.pointee.type == bufferType, i < state.buffers.count, !state.queue.contains(i) else { return Errno.EINVAL }
        state.queue.append(i)
        b.pointee.flags = flags(i)
        return 0
    }

    func dequeueBuffer(_ b: UnsafeMutablePointer<v4l2_buffer>) -> Int32 {
        if buffersBusy { return Errno.EBUSY }
        guard b.pointee.type == bufferType, state.streaming else { return Errno.EINVAL }
        guard !state.queue.isEmpty else { return Errno.EAGAIN }
        let i = state.queue.removeFirst()
        state.clock &+= frameNanoseconds
        b.pointee.index = UInt32(i)
        if let every = state.spec.dropFrameEvery, every > 1, state.sequence > 0, Int(state.sequence % UInt32(every)) == every - 1 {
            state.sequence &+= 1  // a frame the driver dropped: its number is never delivered
            state.clock &+= frameNanoseconds
        }
        b.pointee.sequence = state.sequence
        state.sequence &+= 1
        b.pointee.timestamp = timeval(tv_sec: Int(state.clock / 1_000_000_000), tv_usec: Int(state.clock % 1_000_000_000 / 1000))
        b.pointee.flags = flags(i) | UInt32(V4L2_BUF_FLAG_DONE) | UInt32(V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC)
        let used = UInt32(state.buffers[i].length)
        if let planes = planeArray(b) { planes.pointee.bytesused = used } else { b.pointee.bytesused = used }
        return 0
    }

    func streamOn(_ type: Int32) -> Int32 {
        if buffersBusy { return Errno.EBUSY }
        guard UInt32(bitPattern: type) == bufferType, !state.buffers.isEmpty else { return Errno.EINVAL }
        state.streaming = true
        state.sequence = 0
        return 0
    }

    func streamOff(_ type: Int32) -> Int32 {
        if buffersBusy { return Errno.EBUSY }
        guard UInt32(bitPattern: type) == bufferType else { return Errno.EINVAL }
        state.streaming = false
        state.queue = []
        return 0
    }

    /// One frame interval on the virtual clock (1/30 s when the node reports none).
    var frameNanoseconds: UInt64 {
        let own = state.spec.deliveredInterval.flatMap { Rational(parsing: $0) }
        guard let r = own ?? state.interval, r.denominator != 0 else { return 33_333_333 }
        return UInt64(r.numerator) * 1_000_000_000 / UInt64(r.denominator)
    }

    func flags(_ i: Int) -> UInt32 {
        (state.buffers[i].mappings > 0 ? UInt32(V4L2_BUF_FLAG_MAPPED) : 0)
            | (state.queue.contains(i) ? UInt32(V4L2_BUF_FLAG_QUEUED) : 0)
    }

    /// The plane array a multi-planar caller passes in `m.planes`.
    func planeArray(_ b: UnsafeMutablePointer<v4l2_buffer>) -> UnsafeMutablePointer<v4l2_plane>? {
        guard b.pointee.type == V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue, b.pointee.length > 0 else { return nil }
        return b.pointee.m.planes
    }

    // MARK: the rest of the seam

    func map(length: Int, offset: UInt32) -> Result<UnsafeMutableRawPointer, DeviceErrno> {
        state.lock.withLock { _ in
            if isSevered?(path) == true { return .failure(DeviceErrno(Errno.ENODEV)) }
            if let e = state.fault(for: "mmap") { return .failure(DeviceErrno(e)) }
            guard let i = state.buffers.firstIndex(where: { $0.offset == offset }), length > 0,
                length <= state.buffers[i].length
            else { return .failure(DeviceErrno(Errno.EINVAL)) }
            state.buffers[i].mappings += 1
            ledger.mapped()
            return .success(UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 64))
        }
    }

    func unmap(_ address: UnsafeMutableRawPointer, length: Int) -> DeviceErrno? {
        state.lock.withLock { _ in
            // Unmapping is process memory: it works after the device has gone.
            if !state.gone, let e = state.fault(for: "munmap") { return DeviceErrno(e) }
            if let i = state.buffers.firstIndex(where: { $0.mappings > 0 }) { state.buffers[i].mappings -= 1 }
            address.deallocate()
            ledger.unmapped()
            return nil
        }
    }

    func lockExclusive() -> DeviceErrno? {
        state.lock.withLock { _ in
            if let e = state.fault(for: "flock") { return DeviceErrno(e) }
            if let owner = state.lockOwner, owner != me { return DeviceErrno(Errno.EAGAIN) }
            state.lockOwner = me
            return nil
        }
    }

    func unlockExclusive() -> DeviceErrno? {
        state.lock.withLock { _ in
            if state.lockOwner == me { state.lockOwner = nil }
            return nil
        }
    }

    func makeWakeSignal() -> Result<any WakeSignal, DeviceErrno> { .success(FakeWakeSignal()) }

    func now() -> UInt64 { state.lock.withLock { _ in state.clock } }

    /// Waits as `poll(2)` would. Frames need no real time (a queued buffer is
    /// ready at once); a control event another thread causes is waited for in
    /// 1 ms steps, bounded by the timeout.
    func wait(for events: PollEvents, timeoutMilliseconds: Int32, wake: (any WakeSignal)?) -> WaitResult {
        let fakeWake = wake as? FakeWakeSignal
        var waited = 0
        while true {
            let result: WaitResult? = state.lock.withLock { _ in
                if isSevered?(path) == true || state.gone { return .hangUp }
                if let e = state.fault(for: "poll") { return .failed(DeviceErrno(e)) }
                if fakeWake?.isRaised == true { return .woken }
                var ready: PollEvents = []
                if events.contains(.readable) && state.streaming && state.streamOwner == me && !state.queue.isEmpty {
                    ready.insert(.readable)
                }
                if events.contains(.priority) && !(state.pendingEvents[me] ?? []).isEmpty { ready.insert(.priority) }
                if !ready.isEmpty { return .ready(ready) }
                if !events.contains(.priority) { return .timedOut }  // nothing will arrive on its own
                return nil
            }
            if let result { return result }
            if timeoutMilliseconds >= 0 && waited >= Int(timeoutMilliseconds) { return .timedOut }
            FakeClock.sleep(milliseconds: 1)
            waited += 1
        }
    }

    /// What closing a handle releases: its buffers and stream, priority, lock and subscriptions.
    func releaseAll() {
        if state.streamOwner == me {
            state.streaming = false
            state.queue = []
            state.buffers = []
            state.streamOwner = nil
        }
        if state.priorityOwner == me { state.priorityOwner = nil }
        if state.lockOwner == me { state.lockOwner = nil }
        state.subscriptions[me] = nil
        state.pendingEvents[me] = nil
    }
}
