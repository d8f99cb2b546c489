import CaptureModel
import HostSystem
import Udev
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
    /// One stream at a time per handle: asking for frames again ends the frames this handle gave
    /// before (their sequence ends, streaming stops, and only then the new stream starts). Throws
    /// when streaming cannot start (naming the ioctl), `disconnected` when the camera is gone.
    /// The corresponding ioctls are `VIDIOC_REQBUFS`, `VIDIOC_QUERYBUF`, `VIDIOC_QBUF`, `VIDIOC_STREAMON`, `VIDIOC_DQBUF`.
    public func frames(_ options: FrameOutputOptions = FrameOutputOptions()) async throws(CaptureDeviceError) -> VideoFrames {
        // One stream per handle: asking again ends the frames this handle gave before (a loop that was
        // left has ended them already; one still read elsewhere ends now, as after `stop()`).
        await stopFrames()
        let port = try usablePort()
        var mode: CaptureMode
        var bytesPerLine: UInt32
        var pending: CaptureInterruption?
        if lock != nil, let known = appliedUnderLock {
            (mode, bytesPerLine) = known  // read back by apply under this lock: unchanged since
        } else {
            do throws(V4L2Error) {
                (mode, bytesPerLine) = try StreamStarter.readMode(port, path: path, bufferType: bufferType)
            } catch {
                throw await failure(error)
            }
            // Another process's VIDIOC_S_FMT since this handle applied its mode (it had unlocked): never streamed silently.
            if let expected = lastApplied, !StreamStarter.sameMode(expected, mode) {
                let found = mode
                let i = CaptureInterruption.reconfigured(expected: expected, found: found, path: path, name: name)
                guard options.resumesAfterInterruption, sensor == nil else { throw interrupted(i) }
                (mode, pending) = (expected, i)  // the starter restores it
            }
        }
        let signal: any WakeSignal
        switch port.makeWakeSignal() {
        case .success(let s): signal = s
        case .failure(let e):
            throw CaptureDeviceError(kind: .failed, id: id, message: "\(name): no wake signal for streaming (eventfd: errno \(e.code))")
        }
        let starter = StreamStarter(
            port: port, name: name, mode: mode, bytesPerLine: bytesPerLine, count: options.bufferCount, restores: sensor == nil,
            usb: usbContext)
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
                handoff, id: id, options: options,
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
        if let pending { producer.report(pending) }
        switch starter.attempt() {
        case .started(let stream):
            handoff.give(.started(stream, starter))
            busLock = nil  // the setting is held now: others deciding on the domain see it
        case .interrupted(let i) where options.resumesAfterInterruption:
            handoff.give(.waiting(i, starter))
        case .interrupted(let i):
            handoff.give(nil)  // the waiting thread ends
            throw interrupted(i)
        case .failed(let error):
            handoff.give(nil)
            throw await failure(error)  // a camera gone is marked disconnected and reported to the registry
        }
        frameProducer = producer
        return VideoFrames(producer: producer, mode: mode)
    }

    /// What a refused STREAMON (`ENOSPC`) is explained with: the USB device, this node's modes, where the bus is read.
    var usbContext: (sysfs: String, node: CaptureNodeCapabilities?, reader: USBBusReader)? {
        usb.map { ($0.sysfs, $0.node, system.usbBus) }
    }

    /// The error for an interruption the caller did not ask to wait out.
    func interrupted(_ i: CaptureInterruption) -> CaptureDeviceError {
        CaptureDeviceError(
            kind: i.reason == .deviceGone ? .disconnected : .interrupted, id: id, message: i.message, underlying: i.refused,
            holders: i.holders, interruption: i)
    }

    /// Waits until the frames of a loop that was left (or stopped) have ended, so the next call
    /// finds the node free: a `break` out of the loop stops the stream, this makes it done.
    func settleStream() async {
        guard let running = frameProducer, running.isAbandoned else { return }
        await running.stop()
        frameProducer = nil
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
