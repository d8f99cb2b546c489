import CamProbeTesting
import CaptureModel
import Glibc
import HostSystem
import Testing

@testable import CamProbe
@testable import Fleet
@testable import V4L2

/// `monitor --verify-every`'s one streaming check, against the fake machine, and how a
/// failed check is counted.
@Suite struct FleetVerifierTests {
    /// A webcam at `/dev/video57` (a path no real camera here has, so the `/proc` holder scan finds no one).
    static func machine() throws -> (FakeDeviceSystem, DeviceRegistry, Device) {
        // nonisolated(unsafe): the fake keeps its state behind a lock, so sharing it with the registry's thread is safe.
        nonisolated(unsafe) let sys = try Fixtures.system(json: #"{"nodes":[\#(webcamNode(path: "/dev/video57"))]}"#)
        let registry = DeviceRegistry(makeSystem: { sys }, ownThread: false)
        let device = try #require(sys.discoverAll().devices.first)
        return (sys, registry, device)
    }

    @Test func aCameraThatStreamsIsMeasuredAtItsSetRate() async throws {
        let (_, registry, device) = try Self.machine()
        await registry.list()
        let result = await FleetVerifier.check(device, registry: registry, frames: 5)
        let ok = try result.get()
        #expect(ok.droppedFrames == 0)
        #expect(ok.negotiatedFPS.map { $0 > 0 } == true)
        #expect(ok.deliveredFPS.map { $0 > 0 } == true)
        #expect(ok.lastSuccess.map { $0 > 0 } == true)
    }

    @Test func aCameraNoLongerListedIsGoneOrFailed() async throws {
        let (_, registry, device) = try Self.machine()
        // Never listed: the registry does not know it.
        let result = await FleetVerifier.check(device, registry: registry, frames: 5)
        guard case .failure(let f) = result else {
            Issue.record("an unknown device was checked")
            return
        }
        #expect(f.reason == .failed)
        #expect(f.message.contains("no device"))
    }

    @Test func aDeviceWithoutACaptureNodeIsNotOpened() async throws {
        let (_, registry, device) = try Self.machine()
        var mic = device
        mic.captures = []
        let result = await FleetVerifier.check(mic, registry: registry, frames: 5)
        guard case .failure(let f) = result else {
            Issue.record("a device without a capture node was checked")
            return
        }
        #expect(f.reason == .failed)
        #expect(f.message == "\(device.name) has no video capture node")
    }

    @Test func failuresAreCountedByWhatWentWrong() {
        let id = DeviceID("usb-1")
        func reason(_ kind: CaptureDeviceError.Kind, errno: Int32? = nil) -> FleetInventory.VerificationFailure.Reason {
            let underlying = errno.map { V4L2Error(call: "VIDIOC_STREAMON", path: "/dev/video0", errno: $0) }
            return FleetVerifier.failure(CaptureDeviceError(kind: kind, id: id, message: "m", underlying: underlying)).reason
        }
        #expect(reason(.disconnected) == .gone)
        #expect(reason(.disconnected, errno: Errno.EBUSY) == .gone)
        #expect(reason(.failed, errno: Errno.EBUSY) == .busy)
        #expect(reason(.busy) == .busy)  // another handle holds it: no errno underneath
        #expect(reason(.stalled) == .noFrames)
        #expect(reason(.failed, errno: Errno.EIO) == .failed)
        #expect(reason(.failed) == .failed)
        #expect(FleetVerifier.failure(CaptureDeviceError(kind: .stalled, id: id, message: "no frame in 5 s")).message == "no frame in 5 s")
    }
}
