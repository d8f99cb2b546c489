import CaptureModel
import HostSystem
import Negotiation
import SensorPipelines
import V4L2

extension CaptureDevice {
    /// Locks the camera for configuration (AVFoundation's `lockForConfiguration`):
    /// an advisory lock that other camprobe processes respect, plus V4L2 record
    /// priority, so no other handle changes the format while it is held. A
    /// media-controller camera locks every node of its pipeline instead (see
    /// `unlockForConfiguration`). Throws `busy`, naming the holder, when another
    /// handle has it. The corresponding C calls are `flock(2)` and the ioctl `VIDIOC_S_PRIORITY`.
    public func lockForConfiguration() async throws(CaptureDeviceError) {
        if lock != nil { return }
        let port = try usablePort()
        do throws(CaptureLockFailure) {
            lock = try CameraLock(port: port, sensor: sensor, system: system)
        } catch {
            if error.error.isDeviceGone { throw await failure(error.error) }
            throw CaptureDeviceError(
                kind: error.error.errno == Errno.EBUSY ? .busy : .failed, id: id, message: error.message(camera: "\(name) (\(id))"),
                underlying: error.error, holders: error.holders.map(\.holder))
        }
    }

    /// Releases the configuration lock now, with the handle still open: the
    /// priority returns to default and the advisory locks are released, so
    /// another handle (this process's or another's) can configure the camera.
    /// Closing the handle, and its `deinit`, release it too.
    /// The corresponding C calls are the ioctl `VIDIOC_S_PRIORITY` (`V4L2_PRIORITY_DEFAULT`) and `flock(2)` (`LOCK_UN`).
    public func unlockForConfiguration() {
        lock?.release()
        lock = nil
        appliedUnderLock = nil
    }

    /// Whether this handle holds the configuration lock.
    public var isLockedForConfiguration: Bool { lock != nil }

    /// Runs `body` with the camera locked for configuration and releases the
    /// lock when it returns, throws or is cancelled (a lock this handle held before stays held).
    ///
    /// Typed: a body that throws only `CaptureDeviceError` — written `{ (camera) throws(CaptureDeviceError) in … }`,
    /// or one that throws nothing — makes the whole scope throw `CaptureDeviceError`. A body that throws
    /// other errors picks the untyped overload. The corresponding C calls are those of
    /// `lockForConfiguration` and `unlockForConfiguration`.
    public func withConfigurationLock<T: Sendable>(
        _ body: @Sendable (CaptureDevice) async throws(CaptureDeviceError) -> T
    ) async throws(CaptureDeviceError) -> T {
        let wasLocked = lock != nil
        try await lockForConfiguration()
        defer { if !wasLocked { unlockForConfiguration() } }
        return try await body(self)
    }

    /// `withConfigurationLock(_:)` for a body that throws errors of its own: they are rethrown
    /// as they are, and a lock that cannot be taken throws a `CaptureDeviceError`.
    public func withConfigurationLock<T: Sendable>(_ body: @Sendable (CaptureDevice) async throws -> T) async throws -> T {
        let wasLocked = lock != nil
        try await lockForConfiguration()
        defer { if !wasLocked { unlockForConfiguration() } }
        return try await body(self)
    }

    /// Applies a negotiated decision (its choice must be for this handle's node).
    /// See `apply(_:)` for a mode.
    public func apply(_ decision: DeviceDecision) async throws(CaptureDeviceError) -> AppliedConfiguration {
        guard let choice = decision.decision.choice else {
            throw CaptureDeviceError(
                kind: .failed, id: id,
                message: "nothing to apply to \(name): the decision is unsupported ("
                    + decision.decision.reasons.joined(separator: "; ") + ")")
        }
        return try await apply(choice.mode)
    }

    /// Makes `mode` the camera's active mode, reads it back and reports what the
    /// driver changed. A media-controller camera's pipeline is set with it: every
    /// pad of the sensor's connected graph (`VIDIOC_SUBDEV_S_FMT`), the graph's
    /// other capture nodes, the sensor's vertical blanking for the rate, then the
    /// links are checked as the kernel will. Needs `lockForConfiguration` first.
    /// On failure nothing stays half-applied on the capture node. An explicit mode
    /// switches the session preset to `inputPriority`, as in AVFoundation.
    /// The corresponding ioctls are `VIDIOC_S_FMT` and `VIDIOC_S_PARM`, then `G_FMT` / `G_PARM`.
    public func apply(_ mode: CaptureMode) async throws(CaptureDeviceError) -> AppliedConfiguration {
        guard let lock else {
            throw CaptureDeviceError(kind: .failed, id: id, message: "lock \(name) for configuration first (lockForConfiguration)")
        }
        if let p = mode.path, p != path {
            throw CaptureDeviceError(kind: .failed, id: id, message: "\(mode) is a mode of \(p); this handle holds \(path)")
        }
        await settleStream()
        _ = try usablePort()
        if let running = frameProducer, !running.hasEnded {
            throw CaptureDeviceError(
                kind: .failed, id: id, message: "\(name) is streaming to this handle; stop the frames before changing the mode")
        }
        var pipeline: PipelineApplied?
        if let sensor {
            let setup: SensorPipelineSetup
            switch SensorPipelineSetup.make(mode, path: path, sensor: sensor) {
            case .success(let s): setup = s
            case .failure(let e): throw CaptureDeviceError(kind: .failed, id: id, message: "nothing applied to \(name): \(e.message)")
            }
            pipeline = try configurePipeline(setup, sensor: sensor)
        }
        // A sensor's rate is its blanking (set with the pipeline): its capture node takes no S_PARM.
        let request = FormatRequest(
            bufferType: mode.bufferType, fourcc: mode.fourcc, width: mode.size.width, height: mode.size.height,
            frameInterval: sensor == nil ? mode.frameInterval : nil)
        do throws(V4L2Error) {
            let applied = try lock.primary.apply(request)
            sessionPreset = .inputPriority
            let result = AppliedConfiguration(requested: mode, path: path, details: applied, pipeline: pipeline)
            appliedUnderLock = (result.mode, applied.after.bytesPerLine)
            lastApplied = result.mode
            return result
        } catch {
            throw await failure(error)
        }
    }

    /// The mode the driver has now, read back (`VIDIOC_G_FMT`, `VIDIOC_G_PARM`).
    public func activeMode() async throws(CaptureDeviceError) -> CaptureMode {
        let format = try await activeFormat()
        let rate = (try? await streamingParameters())??.frameInterval.flatMap { $0.interval.isValid ? $0.interval.reciprocal : nil }
        return CaptureMode(
            path: path, bufferType: format.bufferType, fourcc: format.fourcc, size: Dimensions(width: format.width, height: format.height),
            frameRate: rate)
    }

    /// Applies a format and frame duration together (the V4L2-level form of `apply(_:)`).
    package func commitConfiguration(_ request: FormatRequest) async throws(CaptureDeviceError) -> AppliedFormat {
        try await apply(
            CaptureMode(
                path: path, bufferType: request.bufferType, fourcc: request.fourcc,
                size: Dimensions(width: request.width, height: request.height),
                frameRate: request.frameInterval.flatMap { $0.interval.isValid ? $0.interval.reciprocal : nil })
        ).details
    }

    /// Negotiates `preset` for this device's capture node and applies the choice
    /// (the session preset then is `preset`); the decision is the result's `decision`.
    /// Unsupported presets change nothing.
    public func commit(preset: SessionPreset, for device: Device) async throws(CaptureDeviceError) -> AppliedConfiguration {
        guard let node = device.captures.first(where: { $0.path == path }) else {
            throw CaptureDeviceError(kind: .failed, id: id, message: "\(device.name) has no capture node \(path)")
        }
        let d = Negotiator.decide(preset: preset, for: node, transport: device.transport, controls: node.controls)
        guard let c = d.choice else {
            throw CaptureDeviceError(
                kind: .failed, id: id,
                message: "\(name) does not support the \(preset.rawValue) preset: " + d.reasons.joined(separator: "; "))
        }
        var applied = try await apply(c.mode)
        applied.decision = d
        sessionPreset = preset
        return applied
    }
}
