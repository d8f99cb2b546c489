import CamProbe
import CamProbeTesting
import CaptureModel
import Doctor
import Testing

/// The busy check: a capture node held open by another process is a warning naming
/// each holder's pid and command line, with a fix that names the pids.
@Suite("Doctor: who holds a camera")
struct BusyCheckTests {
    static func camera() throws -> [Device] {
        try Fixtures.system(json: #"{"nodes":["# + webcamNode() + "]}").discoverAll().devices
    }

    @Test func aHeldNodeIsAWarningNamingEveryHolder() throws {
        let host = FakeDoctorHost(holders: [
            "/dev/video0": [
                NodeHolder(pid: 4242, commandLine: "v4l2-ctl --stream-mmap"), NodeHolder(pid: 77, commandLine: "obs"),
            ]
        ])
        let report = Doctor(host: host).run(Doctor.Input(devices: try Self.camera()))
        let busy = report.findings.filter { $0.check == "busy" }
        try #require(busy.count == 1)
        #expect(busy[0].severity == .warning)
        #expect(busy[0].subject == "/dev/video0")
        #expect(busy[0].evidence.count == 2)
        #expect(busy[0].fix.hasPrefix("Close that program, or stop it: kill 4242 77"))
    }

    @Test func anUnheldNodeHasNoBusyFinding() throws {
        let report = Doctor(host: FakeDoctorHost()).run(Doctor.Input(devices: try Self.camera()))
        #expect(!report.findings.contains { $0.check == "busy" })
        #expect(report.devices.map(\.nodes) == [["/dev/video0"]])
    }

    @Test func noCameraIsAnInformationNotAFailure() {
        let report = Doctor(host: FakeDoctorHost()).run(Doctor.Input(devices: []))
        #expect(report.findings.map(\.check).first == "no-camera")
        #expect(!report.hasErrors)
    }
}
