import CamProbe
import CamProbeTesting
import CaptureModel
import Doctor
import DoctorTesting
import Testing

/// The busy check: a capture node held open by another process is a warning per process, with the
/// process as data (`holder`: pid, command, node, what it holds), not only in its title and evidence.
@Suite("Doctor: who holds a camera")
struct BusyCheckTests {
    static func camera() throws -> [Device] {
        try Fixtures.system(json: #"{"nodes":["# + webcamNode() + "]}").discoverAll().devices
    }

    static func busy(_ host: FakeDoctorHost) throws -> [DoctorFinding] {
        Checkup(host: host).run(Checkup.Input(devices: try camera())).findings.filter { $0.check == .busy }
    }

    @Test func theOnlyHolderCarriesWhatTheNodeSaysItHolds() throws {
        let host = FakeDoctorHost(
            holders: ["/dev/video0": [NodeHolder(pid: 4242, commandLine: "v4l2-ctl --stream-mmap")]],
            nodeUse: ["/dev/video0": NodeUse(bufferQueueOwned: true, recordPriority: false)])
        let busy = try Self.busy(host)
        try #require(busy.count == 1)
        let holder = try #require(busy[0].holder)
        #expect(holder == DoctorHolder(pid: 4242, command: "v4l2-ctl --stream-mmap", node: "/dev/video0", holds: [.open, .streaming]))
        #expect(busy[0].severity == .warning && busy[0].subject == "/dev/video0")
        #expect(busy[0].fix.hasPrefix("Close that program, or stop it: kill 4242 "))
    }

    @Test func withSeveralHoldersTheNodesAnswerIsPinnedOnNobody() throws {
        let host = FakeDoctorHost(
            holders: [
                "/dev/video0": [NodeHolder(pid: 4242, commandLine: "v4l2-ctl --stream-mmap"), NodeHolder(pid: 77, commandLine: "obs")]
            ],
            nodeUse: ["/dev/video0": NodeUse(bufferQueueOwned: true, recordPriority: true)])
        let holders = try Self.busy(host).compactMap(\.holder)
        #expect(holders.map(\.pid) == [4242, 77])
        #expect(holders.allSatisfy { $0.holds == [.open] && $0.unknown == [.streaming, .recordPriority] })
        #expect(holders.map(\.sharedWith) == [[77], [4242]])
    }

    @Test func aNodeThatDoesNotAnswerLeavesItUnknownNotAbsent() throws {
        let host = FakeDoctorHost(holders: ["/dev/video0": [NodeHolder(pid: 9, commandLine: "cheese")]])
        let busy = try Self.busy(host)
        let holder = try #require(busy.first?.holder)
        #expect(holder.holds == [.open] && holder.unknown == [.streaming, .recordPriority])
        #expect(busy[0].evidence.contains { $0.hasPrefix("VIDIOC_REQBUFS(count 0) on /dev/video0: no answer") })
    }

    @Test func anIdleAnswerIsAbsentForSure() throws {
        let host = FakeDoctorHost(
            holders: ["/dev/video0": [NodeHolder(pid: 9, commandLine: "cheese")]],
            nodeUse: ["/dev/video0": NodeUse(bufferQueueOwned: false, recordPriority: false)])
        let holder = try #require(try Self.busy(host).first?.holder)
        #expect(holder.holds == [.open] && holder.unknown == [])
    }

    @Test func anUnheldNodeHasNoBusyFinding() throws {
        let report = Checkup(host: FakeDoctorHost()).run(Checkup.Input(devices: try Self.camera()))
        #expect(!report.findings.contains { $0.check == .busy })
        #expect(report.devices.map(\.nodes) == [["/dev/video0"]])
    }

    @Test func noCameraIsAnInformationNotAFailure() {
        let report = Checkup(host: FakeDoctorHost()).run(Checkup.Input(devices: []))
        #expect(report.findings.map(\.check).first == .noCamera)
        #expect(!report.hasErrors)
    }
}
