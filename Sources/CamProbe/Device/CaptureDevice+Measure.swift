import CaptureModel
import V4L2

extension CaptureDevice {
    /// Streams `frames` frames with the active configuration (mmap buffers) and
    /// measures what arrived: delivered rate, jitter, dropped sequence numbers,
    /// time to first frame, against `expectedRate` as an exact fraction (`AppliedConfiguration.mode.frameRate`;
    /// nil or invalid: nothing to compare with). Stops after `timeoutSeconds` without a frame.
    /// It runs on this device's own thread (not the cooperative pool) while frames arrive.
    /// The corresponding ioctls are `VIDIOC_REQBUFS`, `QBUF`, `STREAMON`, `DQBUF`, `STREAMOFF`.
    public func measureStreaming(frames: Int, expectedRate: Rational?, timeoutSeconds: Double = 5) async throws(CaptureDeviceError)
        -> StreamReport
    {
        await settleStream()
        let port = try usablePort()
        if frameProducer != nil {
            throw CaptureDeviceError(kind: .failed, id: id, message: "\(name) is streaming frames to this handle; stop them first")
        }
        let stream: FrameStream
        do throws(V4L2Error) {
            stream = try FrameStream(port: port, bufferType: bufferType)
        } catch {
            if let i = CaptureInterruption.refusal(error, name: name, usb: usbContext), i.reason == .usbBandwidth { throw interrupted(i) }
            throw await failure(error)
        }
        defer { stream.stop() }
        var records: [FrameRecord] = []
        records.reserveCapacity(min(frames, 100_000))
        let timeout = Int32(max(1, min(timeoutSeconds * 1000, 600_000)))
        while records.count < min(frames, 100_000) {
            let next: FrameRecord?
            do throws(V4L2Error) {
                next = try stream.next(timeoutMilliseconds: timeout)
            } catch {
                throw await failure(error)
            }
            guard let next else {
                throw CaptureDeviceError(
                    kind: .stalled, id: id,
                    message:
                        "\(name): no frame for \(formatFPS(Double(timeout) / 1000)) s after \(records.count) frames (the driver stopped delivering)"
                )
            }
            records.append(next)
        }
        return StreamReport(
            frames: records, startedAt: stream.startedAt, expectedFPS: expectedRate.flatMap { $0.isValid ? $0.doubleValue : nil })
    }
}
