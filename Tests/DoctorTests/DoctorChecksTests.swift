import CamProbe
import CamProbeTesting
import CaptureModel
import Doctor
import DoctorTesting
import Testing

/// Every check in `DoctorChecks.all`, run alone over machines where each has something to find: its findings carry
/// its own id, and every check finds something somewhere (so the first claim is not empty).
@Suite("Doctor: each check's findings carry its id")
struct DoctorChecksTests {
    static let host = FakeDoctorHost(
        holders: ["/dev/video0": [NodeHolder(pid: 9, commandLine: "cheese")]], udev: UdevState(controlExists: false, databaseEntries: 0),
        files: ["/etc/app.conf": "device=/dev/video0\n"])

    static func inputs() throws -> [Checkup.Input] {
        let sensors = try FakeDeviceSystem(fixtures: [Fixtures.path("vimc-topology.json"), Fixtures.path("vimc-subdevs.json")])
            .discoverAll().devices
        return [
            Checkup.Input(devices: [], configs: ["/etc/app.conf"]),
            Checkup.Input(devices: try FindingDataTests.refusedCamera()),
            Checkup.Input(devices: try MachineChecksTests.cameras(buses: [1, 1, 1])),
            Checkup.Input(devices: try AlikeCamerasTests.cameras(serials: [nil, nil])),
            Checkup.Input(devices: try CameraChecksTests.camera(exposureAutoPriority: 1)),
            Checkup.Input(devices: try CameraChecksTests.emulating()),
            Checkup.Input(devices: sensors),
        ]
    }

    @Test func eachChecksFindingsCarryItsIDAndEachFindsSomething() throws {
        let inputs = try Self.inputs()
        var found: Set<DoctorCheckID> = []
        for check in DoctorChecks.all {
            for input in inputs {
                let ids = Checkup(host: Self.host).run(input, checks: [check]).findings.map(\.check)
                #expect(ids.allSatisfy { $0 == check.id }, "\(check.id) made findings \(ids)")
                found.formUnion(ids)
            }
        }
        #expect(found == Set(DoctorChecks.all.map(\.id)))
    }
}
