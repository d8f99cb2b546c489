import CamProbe
import CamProbeTesting
import CaptureModel
import Doctor
import DoctorTesting
import Testing

/// Findings other than busy carry their facts as data too: a refused node's group, mode, udev tag,
/// ACL and the group to join; a config file's lines naming `/dev/videoN` and the link to use instead.
@Suite("Doctor: findings carry data")
struct FindingDataTests {
    static func refusedCamera() throws -> [Device] {
        let node = webcamNode(extra: #""openError":"EACCES""#)
        return try Fixtures.system(json: #"{"nodes":["# + node + "]}").discoverAll().devices
    }

    @Test func aRefusedNodeSaysItsGroupModeTagAndTheGroupToJoin() throws {
        let host = FakeDoctorHost(
            ownership: ["/dev/video0": NodeOwnership(group: "video", mode: 0o20660, device: "81:0")], udevTags: ["/dev/video0": ["seat"]],
            groups: ["user", "audio"])
        let findings = Checkup(host: host).run(Checkup.Input(devices: try Self.refusedCamera())).findings
        let access = try #require(findings.first { $0.check == .permissions }?.access)
        #expect(access.node == "/dev/video0" && access.group == "video" && access.mode == "0660")
        #expect(access.uaccess == false && access.acl == false)
        #expect(access.groupToJoin == "video" && !access.inGroup)
    }

    @Test func noUdevEntryLeavesUaccessUnknown() throws {
        let findings = Checkup(host: FakeDoctorHost(groups: ["video"])).run(Checkup.Input(devices: try Self.refusedCamera())).findings
        let access = try #require(findings.first { $0.check == .permissions }?.access)
        #expect(access.uaccess == nil)
        #expect(access.inGroup)
    }

    @Test func aConfigNamingANodeSaysWhereAndWhatToUseInstead() throws {
        let host = FakeDoctorHost(
            links: [StableLink(link: "/dev/v4l/by-id/usb-Cam-video-index0", target: "/dev/video0")],
            files: ["/etc/motion.conf": "# camera\nvideodevice /dev/video0\nother /dev/video0 /dev/video\n"])
        let findings = Checkup(host: host).run(Checkup.Input(devices: [], configs: ["/etc/motion.conf"])).findings
        let config = try #require(findings.first { $0.check == .configNodePath }?.config)
        #expect(config.file == "/etc/motion.conf" && config.node == "/dev/video0" && config.lines == [2, 3])
        #expect(config.stableLink == "/dev/v4l/by-id/usb-Cam-video-index0")
    }

    /// A node owned by root tells no group to join: `video` is named. udev tagged it `uaccess` but no ACL was set: the
    /// fix says so (a remote or inactive session gets no ACL).
    @Test func aRootOwnedNodeWithUaccessButNoACLSaysBoth() throws {
        let host = FakeDoctorHost(
            ownership: ["/dev/video0": NodeOwnership(group: "root", mode: 0o20600, device: "81:0")],
            udevTags: ["/dev/video0": ["seat", "uaccess"]], groups: ["user"])
        let f = try #require(
            Checkup(host: host).run(Checkup.Input(devices: try Self.refusedCamera())).findings.first { $0.check == .permissions })
        #expect(f.severity == .error && f.title == "No permission to open /dev/video0")
        #expect(f.access?.groupToJoin == "video" && f.access?.uaccess == true && f.access?.mode == "0600")
        #expect(
            f.evidence == [
                "open(/dev/video0): EACCES", "stat(/dev/video0): group root, mode 0600",
                "udev tags (/run/udev/data/c81:0): seat, uaccess — uaccess present", "ACL (system.posix_acl_access): none",
                "this process's groups: user",
            ])
        #expect(
            f.fix
                == "sudo usermod -aG video $USER   # then log out and in (udev tags the node uaccess but set no ACL: is this a remote/inactive session?)"
        )
    }
}
