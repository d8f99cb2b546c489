#if canImport(Glibc)
import Glibc
#endif
internal import CV4L2
import CaptureModel

/// One dequeued frame's bookkeeping (the pixels are not copied).
public struct FrameRecord: Sendable, Hashable {
    /// The driver's frame counter (`v4l2_buffer.sequence`); gaps are dropped frames.
    public var sequence: UInt32
    /// Capture time from the driver, nanoseconds (`v4l2_buffer.timestamp`, CLOCK_MONOTONIC on modern drivers).
    public var timestampNanoseconds: UInt64
    /// When camprobe dequeued it, CLOCK_MONOTONIC nanoseconds.
    public var dequeuedAt: UInt64
    public var bytesUsed: UInt32
    /// `V4L2_BUF_FLAG_ERROR` was set: the driver says the frame is corrupt.
    public var hasError: Bool

    public init(sequence: UInt32, timestampNanoseconds: UInt64, dequeuedAt: UInt64, bytesUsed: UInt32, hasError: Bool) {
        self.sequence = sequence; self.timestampNanoseconds = timestampNanoseconds; self.dequeuedAt = dequeuedAt
        self.bytesUsed = bytesUsed; self.hasError = hasError
    }
}

/// Memory-mapped streaming on a capture node: `VIDIOC_REQBUFS` (MMAP),
/// `VIDIOC_QUERYBUF` + `mmap(2)` per buffer, `VIDIOC_QBUF`, `VIDIOC_STREAMON`,
/// then `poll(2)` + `VIDIOC_DQBUF` / `VIDIOC_QBUF` per frame; `stop()` undoes
/// it all (`VIDIOC_STREAMOFF`, `munmap`, `VIDIOC_REQBUFS` with count 0).
///
/// Not Sendable: confined to the task that streams.
public final class FrameStream {
    let port: SystemV4L2Port
    let type: UInt32
    let multiplanar: Bool
    private var mappings: [(UnsafeMutableRawPointer, Int)] = []
    private var streaming = false
    /// CLOCK_MONOTONIC when STREAMON returned.
    public private(set) var startedAt: UInt64 = 0

    /// Requests `count` buffers and starts streaming.
    public init(port: SystemV4L2Port, bufferType: BufferType, count: UInt32 = 4) throws(V4L2Error) {
        self.port = port
        multiplanar = bufferType == .videoCaptureMultiplanar
        type = multiplanar ? V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        var req = v4l2_requestbuffers()
        req.count = count
        req.type = type
        req.memory = V4L2_MEMORY_MMAP.rawValue
        try port.call(.reqBufs, &req)
        guard req.count > 0 else { throw V4L2Error(call: "VIDIOC_REQBUFS", path: port.path, errno: Errno.ENOMEM, hint: "the driver granted no buffers") }
        do throws(V4L2Error) {
            for i in 0..<min(req.count, 32) {
                try withBuffer(index: i) { (b: inout v4l2_buffer, planes: UnsafeMutablePointer<v4l2_plane>?) throws(V4L2Error) in
                    try port.call(.queryBuf, &b)
                    let (length, offset) = planes.map { (Int($0.pointee.length), $0.pointee.m.mem_offset) } ?? (Int(b.length), b.m.offset)
                    guard let p = port.map(length: length, offset: offset) else {
                        throw V4L2Error(call: "mmap", path: port.path, errno: errno)
                    }
                    mappings.append((p, length))
                    try port.call(.qBuf, &b)
                }
            }
            var t = Int32(bitPattern: type)
            try port.call(.streamOn, &t)
            streaming = true
            startedAt = monotonicNanoseconds()
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Waits up to `timeoutMilliseconds` for the next frame, records it and
    /// gives the buffer back. Throws on a driver error; `nil` on timeout.
    public func next(timeoutMilliseconds: Int32 = 2000) throws(V4L2Error) -> FrameRecord? {
        guard port.waitReadable(timeoutMilliseconds: timeoutMilliseconds) else { return nil }
        var record: FrameRecord?
        try withBuffer(index: 0) { (b: inout v4l2_buffer, _: UnsafeMutablePointer<v4l2_plane>?) throws(V4L2Error) in
            try port.call(.dqBuf, &b)
            let ts = UInt64(b.timestamp.tv_sec) * 1_000_000_000 + UInt64(b.timestamp.tv_usec) * 1000
            record = FrameRecord(sequence: b.sequence, timestampNanoseconds: ts, dequeuedAt: monotonicNanoseconds(),
                                 bytesUsed: b.bytesused, hasError: b.flags & UInt32(V4L2_BUF_FLAG_ERROR) != 0)
            try port.call(.qBuf, &b)
        }
        return record
    }

    /// Stops streaming and releases the buffers. Safe to call twice.
    public func stop() {
        if streaming {
            var t = Int32(bitPattern: type)
            try? port.call(.streamOff, &t)
            streaming = false
        }
        for (p, n) in mappings { munmap(p, n) }
        if !mappings.isEmpty {
            mappings.removeAll()
            var req = v4l2_requestbuffers()
            req.type = type
            req.memory = V4L2_MEMORY_MMAP.rawValue
            try? port.call(.reqBufs, &req)
        }
    }

    /// A zeroed `v4l2_buffer` for `index` (with a plane array for multi-planar nodes).
    private func withBuffer(index: UInt32,
                            _ body: (inout v4l2_buffer, UnsafeMutablePointer<v4l2_plane>?) throws(V4L2Error) -> Void) throws(V4L2Error) {
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
