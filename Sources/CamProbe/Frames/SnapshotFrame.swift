/// One frame grabbed from a live camera, as the driver delivered it.
///
/// Filled by `CaptureDevice.captureFrame`: the format is read back with
/// `VIDIOC_G_FMT`, the bytes are copied out of the `mmap(2)`ed buffer
/// `VIDIOC_DQBUF` returned (its `bytesused`).
package struct SnapshotFrame: Sendable, Hashable {
    /// The format the node streamed in (fourcc, size, bytes per line).
    package var format: ActiveFormat
    /// The frame's bytes (`bytesused` of the buffer).
    package var bytes: [UInt8]
    /// The driver's sequence number of this frame (`v4l2_buffer.sequence`).
    package var sequence: UInt32
    /// Frames dequeued and dropped before this one (warm-up and frames flagged `V4L2_BUF_FLAG_ERROR`).
    package var framesSkipped: Int

    package init(format: ActiveFormat, bytes: [UInt8], sequence: UInt32, framesSkipped: Int) {
        self.format = format
        self.bytes = bytes
        self.sequence = sequence
        self.framesSkipped = framesSkipped
    }

    /// MJPG or JPEG: the frame is a JPEG file as it stands.
    package var isJPEG: Bool { format.fourcc == "MJPG" || format.fourcc == "JPEG" }
}
