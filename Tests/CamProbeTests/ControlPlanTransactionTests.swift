import CamProbe
import CamProbeTesting
import CaptureModel
import FoundationEssentials
import Negotiation
import Testing
import V4L2

/// `ctl` plans applied through the fake driver, which enforces uvcvideo's coupling: in order, read back,
/// rolled back when a write fails halfway.
@Suite("Control plans applied as transactions")
struct ControlPlanTransactionTests {
    /// The C525 (old control names) on the fake driver, and the device discovery reads from it.
    func c525(faults: [FakeFaultSpec] = []) throws -> (FakeDeviceSystem, Device) {
        var spec = try JSONDecoder().decode(FakeSystemSpec.self, from: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("c525.json"))))
        if !faults.isEmpty { spec.nodes[0].faults = faults }
        let system = FakeDeviceSystem(spec: spec)
        return (system, try #require(DeviceDiscovery(system: system).discover().devices.first))
    }

    func controls(_ d: Device) -> [Control] { d.captures[0].controls ?? [] }

    @Test func aTransactionAppliesInOrderAndReadsBack() throws {
        let (system, d) = try c525()
        let plan = try ControlPlanner.plan(["focus=locked:120", "brightness=140"], controls: controls(d))
        let port = try system.open("/dev/video0", throughLibV4L2: false)
        let changes = try ControlTransaction.apply(plan, controls: controls(d), port: port)
        #expect(
            changes.map { "\($0.control) \($0.before ?? -1)→\($0.after ?? -1)" } == [
                "focus_auto 1→0", "focus_absolute 60→120", "brightness 128→140",
            ])
        // The driver now reports focus_absolute active.
        #expect(try port.controlFlags(0x009a_090a).contains(.inactive) == false)
    }

    @Test func aTransactionThatFailsHalfwayRollsBack() throws {
        // The third S_EXT_CTRLS fails: the first two are written back.
        let (system, d) = try c525(faults: [FakeFaultSpec(ioctl: "VIDIOC_S_EXT_CTRLS", afterCalls: 2, errno: "EIO", sticky: false)])
        let plan = try ControlPlanner.plan(["focus=locked:120", "brightness=140"], controls: controls(d))
        let port = try system.open("/dev/video0", throughLibV4L2: false)
        do throws(ControlTransactionError) {
            _ = try ControlTransaction.apply(plan, controls: controls(d), port: port)
            Issue.record("must fail")
        } catch {
            #expect(error.failed.control == "brightness")
            #expect(error.rolledBack.map(\.control) == ["focus_absolute", "focus_auto"])
            #expect(error.description.contains("undone: focus_absolute back to 60, focus_auto back to 1"))
        }
        #expect(try port.readControl(0x009a_090c) == 1)
        #expect(try port.readControl(0x0098_0900) == 128)
    }
}
