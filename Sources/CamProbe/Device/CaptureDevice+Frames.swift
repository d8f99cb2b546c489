import CaptureModel
import HostSystem
import V4L2

extension CaptureDevice {
    /// Starts streaming in the active mode and returns the frames as they arrive
    /// (AVCaptureVideoDataOutput). Streaming runs on a thread of its own; the
    /// driver's buffers are memory-mapped (`VIDIOC_REQBUFS`, `mmap`, `STREAMON`).
    /// Each frame carries the driver's monotonic timestamp, sequence number, flags,
    /// bytes used and bytes per line; MJPEG frames are whole JPEG images.
    ///
    /// Configure first (`lockForConfiguration`, `apply`); keep the lock while
    /// recording so no one changes the mode between apply and the first frame.
    /// One stream at a time per handle: `stop()` the previous one first. Throws
    /// when streaming cannot start (naming the ioctl), `disconnected` when the camera is gone.
    /// The corresponding ioctls are `VIDIOC_REQBUFS`, `VIDIOC_QUERYBUF`, `VIDIOC_QBUF`, `VIDIOC_STREAMON`, `VIDIOC_DQBUF`.
    public func frames(_ options: FrameOutputOptions = FrameOutputOptions()) async throws(CaptureDeviceError) -> VideoFrames {
        let port = try usablePort()
        if let running = frameProducer, !running.hasEnded {
            throw CaptureDeviceError(kind: .failed, id: id, message: "\(name) is already streaming to this handle; stop those frames first")
        }
        let mode: CaptureMode
        let bytesPerLine: UInt32
        if lock != nil, let known = appliedUnderLock {
            (mode, bytesPerLine) = known  // read back by apply under this lock: unchanged since
        } else {
            let format: ActiveFormat
            do throws(V4L2Error) {
                format = try port.readActiveFormat(bufferType)
            } catch {
                throw await failure(error)
            }
            let rate = port.readStreamingParameters(bufferType)?.frameInterval.flatMap {
                $0.interval.isValid ? $0.interval.reciprocal : nil
            }
            mode = CaptureMode(
                path: path, bufferType: format.bufferType, fourcc: format.fourcc,
                size: Dimensions(width: format.width, height: format.height), frameRate: rate)
            bytesPerLine = format.bytesPerLine
        }
        let signal: any WakeSignal
        switch port.makeWakeSignal() {
        case .success(let s): signal = s
        case .failure(let e):
            throw CaptureDeviceError(kind: .failed, id: id, message: "\(name): no wake signal for streaming (eventfd: errno \(e.code))")
        }
        // The streaming thread is started first and waits; buffers and STREAMON are done here,
        // on this camera's own thread (blocking is fine on it), meanwhile. The thread then polls
        // at once: starting a thread is never between STREAMON and the first DQBUF.
        let producer = FrameProducer(
            channel: FrameChannel(capacity: options.depth), returned: ReturnedBuffers(wake: SendableWake(signal: signal)))
        let handoff = StreamHandoff()
        let id = id
        let name = name
        let path = path
        let spawned = DedicatedThread.spawn {
            producer.run(
                handoff, id: id, mode: mode, bytesPerLine: Int(bytesPerLine), options: options,
                fail: { error in
                    CaptureDeviceError(
                        kind: error.isDeviceGone ? .disconnected : .failed, id: id,
                        message: error.isDeviceGone
                            ? "\(name) (\(id)) was disconnected while streaming (\(error.call) on \(path): \(error.errnoName))"
                            : "\(name) (\(id)): \(error)",
                        underlying: error)
                },
                finished: { [weak self] error in
                    guard let error, error.kind == .disconnected, let self else { return }
                    Task { await self.streamSawDisconnect(error) }
                })
        }
        guard spawned == 0 else {
            throw CaptureDeviceError(
                kind: .failed, id: id, message: "\(name): the system refused a thread for streaming (pthread_create: \(spawned))")
        }
        do throws(V4L2Error) {
            handoff.give(try FrameStream(port: port, bufferType: mode.bufferType, count: options.bufferCount))
        } catch {
            handoff.give(nil)  // the waiting thread ends
            throw await failure(error)  // a camera gone is marked disconnected and reported to the registry
        }
        frameProducer = producer
        return VideoFrames(producer: producer, mode: mode)
    }

    /// Stops the frames this handle streams, if any, and waits until no buffer is mapped.
    public func stopFrames() async {
        await frameProducer?.stop()
        frameProducer = nil
    }

    func streamSawDisconnect(_ error: CaptureDeviceError) async {
        if let underlying = error.underlying { _ = await failure(underlying) }
    }
}
