import CamProbe
import CaptureModel
import HostSystem
import V4L2

#if canImport(Glibc)
    import Glibc
#endif

/// One streaming check of a camera for `monitor --verify-every`: stream a few
/// frames in whatever format the camera is set to (nothing is changed) and
/// measure the delivered rate against the set one.
///
/// A camera another program holds open is not touched: the check is counted
/// as `busy`, naming the holder, so a fleet check never takes a camera from a
/// recorder. The `/proc` scan and the streaming run on their own threads.
package enum FleetVerifier {
    /// Checks `device` through `registry` with `frames` frames, giving up after `timeoutSeconds` without one.
    package static func check(
        _ device: Device, registry: DeviceRegistry, frames: Int, timeoutSeconds: Double = 5
    ) async -> Result<FleetInventory.Verification, FleetInventory.VerificationFailure> {
        guard let path = device.captures.first?.path else {
            return .failure(.init(reason: .failed, message: "\(device.name) has no video capture node"))
        }
        if let who = await HolderLookup.shared?.describe(path) {
            return .failure(.init(reason: .busy, message: "\(device.name): \(path) is held by \(who); not checked"))
        }
        let camera: CaptureDevice
        do throws(CaptureDeviceError) {
            camera = try await registry.open(device.id)
        } catch {
            return .failure(failure(error))
        }
        do throws(CaptureDeviceError) {
            let parameters = try await camera.streamingParameters()
            let expected = parameters?.frameInterval?.fps
            let report = try await camera.measureStreaming(
                frames: frames, expectedRate: parameters?.frameInterval?.rate, timeoutSeconds: timeoutSeconds)
            await camera.close()
            return .success(
                FleetInventory.Verification(
                    deliveredFPS: report.deliveredFPS, negotiatedFPS: expected, droppedFrames: report.framesDropped,
                    lastSuccess: FleetTextfile.now()))
        } catch {
            await camera.close()
            return .failure(failure(error))
        }
    }

    static func failure(_ e: CaptureDeviceError) -> FleetInventory.VerificationFailure {
        if e.kind == .disconnected { return .init(reason: .gone, message: e.message) }
        // Held by another handle: the kind says so (a lock held in this process has no errno), or EBUSY from the driver.
        if e.kind == .busy || e.underlying?.errno == Errno.EBUSY { return .init(reason: .busy, message: e.message) }
        if e.kind == .stalled { return .init(reason: .noFrames, message: e.message) }
        return .init(reason: .failed, message: e.message)
    }
}

/// `SnapshotHolders.describe` on a thread of its own (it reads `/proc`).
actor HolderLookup {
    private nonisolated let executor: ThreadExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    static let shared: HolderLookup? = ThreadExecutor().map(HolderLookup.init)

    init(executor: ThreadExecutor) { self.executor = executor }

    func describe(_ path: String) -> String? { SnapshotHolders.describe(path: path) }
}
