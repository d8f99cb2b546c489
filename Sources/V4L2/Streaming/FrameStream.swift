internal import CV4L2
import CaptureModel
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// One dequeued frame's bookkeeping (the pixels are not copied).
package struct FrameRecord: Sendable, Hashable {
    /// The driver's frame counter (`v4l2_buffer.sequence`); gaps are dropped frames.
    package var sequence: UInt32
    /// Capture time from the driver, nanoseconds (`v4l2_buffer.timestamp`, CLOCK_MONOTONIC on modern drivers).
    package var timestampNanoseconds: UInt64
    /// When camprobe dequeued it, CLOCK_MONOTONIC nanoseconds.
    package var dequeuedAt: UInt64
    package var bytesUsed: UInt32
    /// `V4L2_BUF_FLAG_ERROR` was set: the driver says the frame is corrupt.
    package var hasError: Bool
    /// The buffer's `V4L2_BUF_FLAG_*` bits as the driver set them (`KEYFRAME`, `ERROR`, the timestamp kind, …).
    package var flags: UInt32

    package init(
        sequence: UInt32, timestampNanoseconds: UInt64, dequeuedAt: UInt64, bytesUsed: UInt32, hasError: Bool, flags: UInt32 = 0
    ) {
        self.sequence = sequence
        self.timestampNanoseconds = timestampNanoseconds
        self.dequeuedAt = dequeuedAt
        self.bytesUsed = bytesUsed
        self.hasError = hasError
        self.flags = flags
    }
}

/// One dequeued frame with its bytes, copied out of the driver's buffer.
package struct CapturedFrame: Sendable, Hashable {
    package var record: FrameRecord
    /// The frame as the driver delivered it (`bytesused` bytes of the mmap'd buffer).
    package var bytes: [UInt8]

    package init(record: FrameRecord, bytes: [UInt8]) {
        self.record = record
        self.bytes = bytes
    }
}

/// Memory-mapped streaming on a capture node: `VIDIOC_REQBUFS` (MMAP),
/// `VIDIOC_QUERYBUF` + `mmap(2)` per buffer, `VIDIOC_QBUF`, `VIDIOC_STREAMON`,
/// then `poll(2)` + `VIDIOC_DQBUF` / `VIDIOC_QBUF` per frame; `stop()` undoes
/// it all (`VIDIOC_STREAMOFF`, `munmap`, `VIDIOC_REQBUFS` with count 0).
///
/// Every step goes through the `DevicePort` seam, so the fake streams too
/// (on a virtual clock). Not Sendable: confined to the thread that streams.
package final class FrameStream {
    package let port: any DevicePort
    let type: UInt32
    let multiplanar: Bool
    private var mappings: [(UnsafeMutableRawPointer, Int)] = []
    private var streaming = false
    /// The port's clock (CLOCK_MONOTONIC on a real node) when STREAMON returned.
    package private(set) var startedAt: UInt64 = 0

    /// Requests `count` buffers and starts streaming.
    package init(port: any DevicePort, bufferType: BufferType, count: UInt32 = 4) throws(V4L2Error) {
        self.port = port
        multiplanar = bufferType == .videoCaptureMultiplanar
        type = multiplanar ? V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        var req = v4l2_requestbuffers()
        req.count = count
        req.type = type
        req.memory = V4L2_MEMORY_MMAP.rawValue
        try port.call(.reqBufs, &req)
        guard req.count > 0 else {
            throw V4L2Error(call: "VIDIOC_REQBUFS", path: port.path, errno: Errno.ENOMEM, hint: "the driver granted no buffers")
        }
        do throws(V4L2Error) {
            for i in 0..<min(req.count, 32) {
                try withBuffer(index: i) { (b: inout v4l2_buffer, planes: UnsafeMutablePointer<v4l2_plane>?) throws(V4L2Error) in
                    try port.call(.queryBuf, &b)
                    let (length, offset) = planes.map { (Int($0.pointee.length), $0.pointee.m.mem_offset) } ?? (Int(b.length), b.m.offset)
                    switch port.map(length: length, offset: offset) {
                    case .success(let p): mappings.append((p, length))
                    case .failure(let e): throw V4L2Error(call: "mmap", path: port.path, errno: e.code)
                    }
                    try port.call(.qBuf, &b)
                }
            }
            var t = Int32(bitPattern: type)
            try port.call(.streamOn, &t)
            streaming = true
            startedAt = port.now()
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Waits up to `timeoutMilliseconds` for the next frame, records it and
    /// gives the buffer back. Throws on a driver error; `nil` on timeout.
    package func next(timeoutMilliseconds: Int32 = 2000) throws(V4L2Error) -> FrameRecord? {
        try waitAndDequeue(copying: false, timeoutMilliseconds: timeoutMilliseconds)?.record
    }

    /// Waits up to `timeoutMilliseconds` for the next frame and copies its
    /// bytes out of the memory-mapped buffer (the first `bytesused` bytes, from
    /// `data_offset` on a multi-planar node's first plane) before the buffer
    /// goes back to the driver. Throws on a driver error; `nil` on timeout.
    ///
    /// The corresponding C calls are `poll(2)`, `VIDIOC_DQBUF`, a copy out of
    /// the `mmap(2)`ed buffer, then `VIDIOC_QBUF`.
    package func nextFrame(timeoutMilliseconds: Int32 = 2000) throws(V4L2Error) -> CapturedFrame? {
        try waitAndDequeue(copying: true, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// `poll(2)` until the node is readable (EINTR retried a bounded number of times), then
    /// `VIDIOC_DQBUF`; a wake-up without a frame (DQBUF: EAGAIN) waits again, at most 8 times.
    private func waitAndDequeue(copying: Bool, timeoutMilliseconds: Int32) throws(V4L2Error) -> CapturedFrame? {
        var interrupted = 0
        for _ in 0..<8 {
            var waiting = true
            while waiting {
                switch port.wait(for: .readable, timeoutMilliseconds: timeoutMilliseconds, wake: nil) {
                case .timedOut, .woken: return nil
                case .failed(let e) where e.code == Errno.EINTR && interrupted < maxInterruptRetries: interrupted += 1
                case .failed(let e): throw V4L2Error(call: "poll", path: port.path, errno: e.code)
                case .ready, .hangUp: waiting = false  // DQBUF says what a hang-up means (ENODEV, EIO, EPIPE)
                }
            }
            if let frame = try dequeue(copying: copying) { return frame }
        }
        return nil
    }

    /// Dequeues one buffer, records it (and copies its bytes when `copying`)
    /// and queues it again; nil on `EAGAIN`.
    private func dequeue(copying: Bool) throws(V4L2Error) -> CapturedFrame? {
        guard let taken = try takeBuffer() else { return nil }
        let frame = CapturedFrame(record: taken.record, bytes: copying ? Array(bytes(of: taken)) : [])
        try requeue(taken.index)
        return frame
    }

    /// `VIDIOC_DQBUF` of one buffer, described and bounded by its mapping (never trust the
    /// driver's numbers past it); the buffer stays dequeued. nil on `EAGAIN`.
    private func takeBuffer() throws(V4L2Error) -> BorrowedBuffer? {
        var taken: BorrowedBuffer?
        try withBuffer(index: 0) { (b: inout v4l2_buffer, planes: UnsafeMutablePointer<v4l2_plane>?) throws(V4L2Error) in
            do throws(V4L2Error) {
                try port.call(.dqBuf, &b)
            } catch  where error.errno == Errno.EAGAIN {
                return
            }
            let used = planes.map { $0.pointee.bytesused } ?? b.bytesused
            let record = FrameRecord(
                sequence: b.sequence, timestampNanoseconds: FrameStream.nanoseconds(b.timestamp), dequeuedAt: port.now(),
                bytesUsed: used, hasError: b.flags & UInt32(V4L2_BUF_FLAG_ERROR) != 0, flags: b.flags)
            var start = 0
            var end = 0
            if Int(b.index) < mappings.count {
                let length = mappings[Int(b.index)].1
                start = min(Int(planes.map { $0.pointee.data_offset } ?? 0), length)
                end = min(max(Int(used), start), length)
            }
            taken = BorrowedBuffer(index: b.index, record: record, offset: start, count: end - start)
        }
        return taken
    }

    /// How many buffers are mapped (what `VIDIOC_REQBUFS` granted, at most 32).
    package var bufferCount: Int { mappings.count }

    /// Waits up to `timeoutMilliseconds` (or until `wake` is raised) for the next
    /// frame and dequeues it WITHOUT giving the buffer back: the caller reads the
    /// bytes in place (`bytes(of:)`) and returns the buffer with `requeue(_:)`.
    ///
    /// The corresponding C calls are `poll(2)` (with the wake signal's eventfd) and `VIDIOC_DQBUF`.
    package func dequeueBorrowed(timeoutMilliseconds: Int32, wake: (any WakeSignal)?) throws(V4L2Error) -> BorrowOutcome {
        switch port.wait(for: .readable, timeoutMilliseconds: timeoutMilliseconds, wake: wake) {
        case .timedOut: return .timedOut
        case .woken: return .woken
        case .failed(let e) where e.code == Errno.EINTR: return .timedOut
        case .failed(let e): throw V4L2Error(call: "poll", path: port.path, errno: e.code)
        case .ready, .hangUp: break  // DQBUF says what a hang-up means (ENODEV, EIO, EPIPE)
        }
        return try takeBuffer().map { .frame($0) } ?? .timedOut
    }

    /// The bytes of a borrowed buffer, in place (valid until it is requeued or the stream stops).
    package func bytes(of buffer: BorrowedBuffer) -> UnsafeRawBufferPointer {
        guard Int(buffer.index) < mappings.count else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: mappings[Int(buffer.index)].0 + buffer.offset, count: buffer.count)
    }

    /// Gives a borrowed buffer back to the driver. The corresponding ioctl is `VIDIOC_QBUF`.
    package func requeue(_ index: UInt32) throws(V4L2Error) {
        try withBuffer(index: index) { (b: inout v4l2_buffer, _: UnsafeMutablePointer<v4l2_plane>?) throws(V4L2Error) in
            try port.call(.qBuf, &b)
        }
    }

    /// A driver's `timeval` in nanoseconds, clamped (a negative or absurd time must not trap).
    static func nanoseconds(_ t: timeval) -> UInt64 {
        let seconds = UInt64(clamping: Int64(t.tv_sec))
        let micros = UInt64(clamping: Int64(t.tv_usec))
        let (s, o1) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (u, o2) = micros.multipliedReportingOverflow(by: 1000)
        let (sum, o3) = s.addingReportingOverflow(u)
        return o1 || o2 || o3 ? UInt64.max : sum
    }

    /// Stops streaming and releases the buffers. Safe to call twice.
    package func stop() {
        if streaming {
            var t = Int32(bitPattern: type)
            try? port.call(.streamOff, &t)
            streaming = false
        }
        for (p, n) in mappings { _ = port.unmap(p, length: n) }
        if !mappings.isEmpty {
            mappings.removeAll()
            var req = v4l2_requestbuffers()
            req.type = type
            req.memory = V4L2_MEMORY_MMAP.rawValue
            try? port.call(.reqBufs, &req)
        }
    }

    /// A zeroed `v4l2_buffer` for `index` (with a plane array for multi-planar nodes).
    private func withBuffer(
        index: UInt32,
        _ body: (inout v4l2_buffer, UnsafeMutablePointer<v4l2_plane>?) throws(V4L2Error) -> Void
    ) throws(V4L2Error) {
        var b = v4l2_buffer()
        b.index = index
        b.type = type
        b.memory = V4L2_MEMORY_MMAP.rawValue
        guard multiplanar else { return try body(&b, nil) }
        let planes = UnsafeMutablePointer<v4l2_plane>.allocate(capacity: Int(VIDEO_MAX_PLANES))
        planes.initialize(repeating: v4l2_plane(), count: Int(VIDEO_MAX_PLANES))
        defer { planes.deallocate() }
        b.m.planes = planes
        b.length = UInt32(VIDEO_MAX_PLANES)
        try body(&b, planes)
    }
}

/// A buffer dequeued and not yet given back (`FrameStream.dequeueBorrowed`).
package struct BorrowedBuffer: Sendable, Hashable {
    /// The driver's buffer index (`v4l2_buffer.index`).
    package var index: UInt32
    package var record: FrameRecord
    /// Where the frame starts in the mapping (a multi-planar node's `data_offset`) and how many bytes it has.
    package var offset: Int
    package var count: Int
}

/// How `FrameStream.dequeueBorrowed` ended.
package enum BorrowOutcome: Sendable, Hashable {
    case frame(BorrowedBuffer)
    case timedOut
    case woken
}
