import CaptureModel
import V4L2

extension CaptureDevice {
    /// Locks the device for configuration (AVFoundation's `lockForConfiguration`):
    /// V4L2 record priority plus an advisory lock, so no other handle changes the
    /// format while it is held. Fails clearly when another process records or
    /// configures. The corresponding ioctl is `VIDIOC_S_PRIORITY`.
    public func lockForConfiguration() async throws(CaptureDeviceError) {
        if session != nil { return }
        let port = try usablePort()
        do throws(V4L2Error) {
            session = try ConfigurationSession(port: port)
        } catch {
            throw await failure(error)
        }
    }

    /// Releases the configuration lock (closing the handle also does).
    public func unlockForConfiguration() { session = nil }

    /// Applies a format and frame duration together, reads them back and
    /// reports what the driver changed; on failure nothing stays half-applied.
    /// An explicit format switches the session to `inputPriority`, as in AVFoundation.
    /// The corresponding ioctls are `VIDIOC_S_FMT` and `VIDIOC_S_PARM`, then `G_FMT` / `G_PARM`.
    public func commitConfiguration(_ request: FormatRequest) async throws(CaptureDeviceError) -> AppliedFormat {
        guard let session else {
            throw CaptureDeviceError(kind: .failed, id: id, message: "lock \(name) for configuration first (lockForConfiguration)")
        }
        do throws(V4L2Error) {
            let applied = try session.apply(request)
            sessionPreset = .inputPriority
            return applied
        } catch {
            throw await failure(error)
        }
    }

    /// Negotiates `preset` for this device's capture node and applies the choice
    /// (the session preset then is `preset`). Unsupported presets change nothing.
    public func commit(preset: SessionPreset, for device: Device) async throws(CaptureDeviceError) -> (Decision, AppliedFormat) {
        guard let node = device.captures.first(where: { $0.path == path }) else {
            throw CaptureDeviceError(kind: .failed, id: id, message: "\(device.name) has no capture node \(path)")
        }
        let d = Negotiator.decide(preset: preset, for: node, transport: device.transport, controls: node.controls)
        guard let c = d.choice else {
            throw CaptureDeviceError(
                kind: .failed, id: id,
                message: "\(name) does not support the \(preset.rawValue) preset: " + d.reasons.joined(separator: "; "))
        }
        let applied = try await commitConfiguration(
            FormatRequest(
                bufferType: c.bufferType, fourcc: c.fourcc, width: c.size.width,
                height: c.size.height, frameInterval: c.frameInterval))
        sessionPreset = preset
        return (d, applied)
    }

    /// Streams `frames` frames with the active configuration (mmap buffers) and
    /// measures what arrived: delivered rate, jitter, dropped sequence numbers,
    /// time to first frame. Stops after `timeoutSeconds` without a frame.
    /// It runs on this device's own thread (not the cooperative pool) while frames arrive.
    /// The corresponding ioctls are `VIDIOC_REQBUFS`, `QBUF`, `STREAMON`, `DQBUF`, `STREAMOFF`.
    public func measureStreaming(frames: Int, expectedFPS: Double?, timeoutSeconds: Double = 5) async throws(CaptureDeviceError)
        -> StreamReport
    {
        let port = try usablePort()
        let stream: FrameStream
        do throws(V4L2Error) {
            stream = try FrameStream(port: port, bufferType: bufferType)
        } catch {
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
                    kind: .failed, id: id,
                    message:
                        "\(name): no frame for \(formatFPS(Double(timeout) / 1000)) s after \(records.count) frames (the driver stopped delivering)"
                )
            }
            records.append(next)
        }
        return StreamReport(frames: records, startedAt: stream.startedAt, expectedFPS: expectedFPS)
    }
}
