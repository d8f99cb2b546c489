import Foundation
import Testing

/// `camprobe doctor` through the fake twin: each check driven by injected machine data (a fixture for
/// the nodes, a `CAMPROBE_FAKE_DOCTOR` file for groups, holders, links and udev's state).
@Suite("camprobe doctor")
struct DoctorTests {
    /// Runs `camprobe-fake doctor ARGS --fixture …` with `host` (JSON) as the injected machine.
    func doctor(_ args: [String], fixtures: [String], host: String = "{}") throws -> Run {
        let hostFile = try CLI.fixture(host)
        return try CLI.run(["doctor"] + args + fixtures.flatMap { ["--fixture", $0] }, environment: ["CAMPROBE_FAKE_DOCTOR": hostFile])
    }

    /// One camera node as a fixture: YUYV (and optionally MJPG) at `size`, current format and rate set,
    /// on USB device `usbPath` (sysfs) at `speed` Mb/s.
    static func camera(
        _ node: String, serial: String, usbPath: String, size: String = "1280x720", fps: Int = 30, fourcc: String = "YUYV",
        speed: String = "480", openError: String? = nil, emulated: Bool = false
    ) -> String {
        let (w, h) = (size.split(separator: "x")[0], size.split(separator: "x")[1])
        let emulatedFormats =
            emulated
            ? #", "emulatedFormats": [{"fourcc": "RGB3", "description": "RGB3 (emulated)", "flags": 2, "sizes": [{"discrete": "\#(size)"}]}]"#
            : ""
        return """
            {"path": "\(node)", "driver": "uvcvideo", "card": "Cam \(serial)", "busInfo": "usb-0000:00:14.0-\(serial)",
             \(openError.map { #""openError": "\#($0)","# } ?? "")
             "capabilities": "0x84a00001", "deviceCaps": "0x04200001",
             "formats": [{"fourcc": "\(fourcc)", "description": "\(fourcc)", "flags": \(fourcc == "MJPG" ? 1 : 0),
                          "sizes": [{"discrete": "\(size)", "intervals": {"discrete": ["1/\(fps)"]}}]}]\(emulatedFormats),
             "activeFormat": {"fourcc": "\(fourcc)", "width": \(w), "height": \(h)}, "frameInterval": "1/\(fps)",
             "udev": {"parent": {"sysPath": "\(usbPath)", "bus": "usb", "vendorID": "1234", "productID": "5678",
                                 "serial": "\(serial)", "speed": "\(speed)", "product": "Cam \(serial)"}}}
            """
    }

    static func fixture(_ nodes: String...) throws -> String {
        try CLI.fixture(#"{"description": "doctor test", "nodes": [\#(nodes.joined(separator: ","))]}"#)
    }

    static let c525 = CLI.fixtures + "/c525.json"

    @Test func permissionDeniedNamesTheGroupTheTagAndTheFix() throws {
        let f = try Self.fixture(
            Self.camera("/dev/video0", serial: "A1", usbPath: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1", openError: "EACCES"))
        let r = try doctor(
            [], fixtures: [f],
            host: #"{"udevTags": {"/dev/video0": ["seat", "uaccess"]}, "groups": ["alice", "audio"],"#
                + #" "ownership": {"/dev/video0": {"group": "video", "mode": 8624, "device": "81:0"}}}"#)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("ERROR   No permission to open /dev/video0"), "\(r.stdout)")
        #expect(r.stdout.contains("evidence: open(/dev/video0): EACCES\n"))
        #expect(r.stdout.contains("stat(/dev/video0): group video, mode 0660"))
        #expect(r.stdout.contains("udev tags (/run/udev/data/c81:0): seat, uaccess — uaccess present"))
        #expect(r.stdout.contains("ACL (system.posix_acl_access): none"))
        #expect(r.stdout.contains("sudo usermod -aG video $USER   # then log out and in"))
        // Already in the group: the fix is a new login, not usermod.
        let member = try doctor([], fixtures: [f], host: #"{"groups": ["alice", "video"]}"#)
        #expect(member.stdout.contains("You are in group 'video' but it still refuses: log out and in"), "\(member.stdout)")
    }

    @Test func busyNodeNamesEveryHolderWithItsCommandLine() throws {
        let r = try doctor(
            [], fixtures: [Self.c525],
            host: #"{"holders": {"/dev/video0": [{"pid": 4242, "commandLine": "v4l2-ctl -d /dev/video0 --stream-mmap"},"#
                + #" {"pid": 77, "commandLine": "obs"}]}}"#)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("/dev/video0 is held open by pid 4242 (v4l2-ctl -d /dev/video0 --stream-mmap)"), "\(r.stdout)")
        #expect(r.stdout.contains("/dev/video0 is held open by pid 77 (obs)"), "\(r.stdout)")
        #expect(r.stdout.contains("/proc/4242/cmdline: v4l2-ctl -d /dev/video0 --stream-mmap"))
        #expect(r.stdout.contains("kill 4242 ") && r.stdout.contains("kill 77 "))
        let idle = try doctor([], fixtures: [Self.c525])
        #expect(!idle.stdout.contains("held open"))
    }

    /// PipeWire holds the node for an application: doctor names the application behind the daemon (from the links),
    /// tells to close it rather than kill the daemon, and says so as data; with PipeWire unreachable it says that.
    @Test func aNodeHeldByPipeWireNamesTheApplicationBehindIt() throws {
        let held = #"{"holders": {"/dev/video0": [{"pid": 227, "commandLine": "/usr/bin/pipewire"}]}"#
        let r = try doctor(
            [], fixtures: [Self.c525],
            host: held
                + #", "pipeWireUsers": {"/dev/video0": [{"nodeID": 51, "application": "Firefox", "processID": 4242, "flatpakID": "org.mozilla.firefox"}]}}"#
        )
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains("/dev/video0 is held open by pid 227 (/usr/bin/pipewire) for Firefox (pid 4242) [org.mozilla.firefox]"),
            "\(r.stdout)")
        #expect(r.stdout.contains("Close Firefox (pid 4242) [org.mozilla.firefox]: it uses the camera through PipeWire"), "\(r.stdout)")
        #expect(!r.stdout.contains("kill 227"), "\(r.stdout)")
        let json = try doctor(
            ["--json"], fixtures: [Self.c525],
            host: held + #", "pipeWireUsers": {"/dev/video0": [{"nodeID": 51, "application": "Firefox", "processID": 4242}]}}"#)
        #expect(try OutputSchemaTests.issues("camprobe-doctor.schema.json", json.stdout) == [])
        #expect(json.stdout.contains(#""behind" : ["#) && json.stdout.contains(#""application" : "Firefox""#), "\(json.stdout)")
        let unknown = try doctor([], fixtures: [Self.c525], host: held + "}")
        #expect(unknown.stdout.contains("PipeWire could not be asked which applications are behind it"), "\(unknown.stdout)")
        #expect(unknown.stdout.contains("kill 227"))
    }

    /// Two cameras alike without a serial: the header tells them apart by ID, and the finding says only the port does.
    @Test func camerasAlikeWithoutSerialAreToldApartByTheirIDs() throws {
        func twin(_ n: Int) -> String {
            """
            {"path": "/dev/video\(n * 2)", "driver": "uvcvideo", "card": "Twin", "busInfo": "usb-0000:00:14.0-\(n)",
             "capabilities": "0x84a00001", "deviceCaps": "0x04200001",
             "formats": [{"fourcc": "MJPG", "description": "MJPG", "flags": 1,
                          "sizes": [{"discrete": "640x480", "intervals": {"discrete": ["1/30"]}}]}],
             "activeFormat": {"fourcc": "MJPG", "width": 640, "height": 480}, "frameInterval": "1/30",
             "udev": {"parent": {"sysPath": "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-\(n)", "bus": "usb", "vendorID": "1d6b",
                                 "productID": "0103", "speed": "480", "portPath": "pci-0000:00:14.0-usb-0:\(n)"}}}
            """
        }
        let r = try doctor([], fixtures: [try Self.fixture(twin(1), twin(2))])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                "2 cameras checked (Twin usb-1d6b:0103@pci-0000:00:14.0-usb-0:1, Twin usb-1d6b:0103@pci-0000:00:14.0-usb-0:2)"),
            "\(r.stdout)")
        #expect(r.stdout.contains("WARNING 2 cameras 1d6b:0103 (Twin) have no serial number: only their USB port tells them apart"))
    }

    @Test func camerasWhoseBusCannotBeReadAreNotEstimated() throws {
        // Two 1280x720 YUYV 30 fps streams on one bus, whose sysfs (a fixture's) gives no USB device: the bandwidth is
        // unknown, said as such; no bytes-per-second guess (the bus model is unit-tested in DoctorTests).
        let f = try Self.fixture(
            Self.camera("/dev/video0", serial: "A1", usbPath: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1"),
            Self.camera("/dev/video2", serial: "B2", usbPath: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-2"))
        let r = try doctor([], fixtures: [f])
        #expect(r.stdout.contains("INFO    USB bandwidth not checked for 2 cameras: their buses could not be read"), "\(r.stdout)")
        #expect(!r.stdout.contains("MB/s"), "\(r.stdout)")
    }

    @Test func exposurePriorityWarnsWithTheCtlFix() throws {
        let r = try doctor([], fixtures: [Self.c525])
        #expect(r.status == 0)
        #expect(r.stdout.contains("WARNING Frame rate can halve in the dark"), "\(r.stdout)")
        #expect(r.stdout.contains("exposure_auto_priority (0x009a0903, Exposure, Auto Priority) = 1"))
        #expect(r.stdout.contains("fix:      camprobe ctl usb-046d:0826-8E4B3C60 exposure_auto_priority=0"))
    }

    @Test func sensorCameraNeedsLibcameraAsInfo() throws {
        let r = try doctor(
            ["Sensor A"], fixtures: [CLI.fixtures + "/vimc-topology.json", CLI.fixtures + "/vimc-subdevs.json"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("INFO    Sensor camera: use libcamera, not plain V4L2"), "\(r.stdout)")
        #expect(r.stdout.contains("media graph /dev/media0: sensor entity 'Sensor A'"))
        #expect(r.stdout.contains("`cam -l`"))
        #expect(r.stdout.contains("1 camera checked (Sensor A)"))
    }

    @Test func emulatedOnlyFormatsAreInfo() throws {
        let f = try Self.fixture(
            Self.camera("/dev/video0", serial: "A1", usbPath: "/sys/devices/p/usb1/1-1", size: "640x480", fourcc: "BA81", emulated: true))
        let r = try doctor([], fixtures: [f])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("INFO    1 format only through libv4l2 conversion"), "\(r.stdout)")
        #expect(r.stdout.contains("emulated (V4L2_FMT_FLAG_EMULATED) RGB3"))
        #expect(r.stdout.contains("native: BA81"))
    }

    @Test func configNodePathsGetTheirStableLink() throws {
        let config = CLI.scratch + "/app-\(UUID().uuidString).yaml"
        try "camera:\n  device: /dev/video0\n  backup: /dev/video17\n  dir: /dev/video\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let r = try doctor(
            ["--config", config, "--config", "/nonexistent/camprobe-doctor.conf"], fixtures: [Self.c525],
            host: #"{"links": [{"link": "/dev/v4l/by-path/pci-0000:00:1a.0-usb-0:1.2:1.0-video-index0", "target": "/dev/video0"},"#
                + #" {"link": "/dev/v4l/by-id/usb-046d_HD_Webcam_C525_8E4B3C60-video-index0", "target": "/dev/video0"}]}"#)
        #expect(r.stdout.contains("\(config) names /dev/video0, which can change at reboot or replug"), "\(r.stdout)")
        #expect(r.stdout.contains("In \(config), replace /dev/video0 with /dev/v4l/by-id/usb-046d_HD_Webcam_C525_8E4B3C60-video-index0"))
        #expect(r.stdout.contains("\(config) line 2: /dev/video0"))
        #expect(r.stdout.contains("no /dev/v4l/by-id or by-path link points to /dev/video17 now"))
        #expect(!r.stdout.contains("/dev/video "))
        #expect(r.stdout.contains("ERROR   Cannot read /nonexistent/camprobe-doctor.conf"))
        #expect(r.status == 1)
    }

    @Test func udevNotRunningIsAWarning() throws {
        let r = try doctor([], fixtures: [Self.c525], host: #"{"udev": {"controlExists": false, "databaseEntries": 0}}"#)
        #expect(r.status == 0)
        #expect(r.stdout.contains("udev is not running"), "\(r.stdout)")
        #expect(r.stdout.contains("/run/udev/control: missing"))
        #expect(r.stdout.contains("sudo systemctl start systemd-udevd"))
        #expect(!(try doctor([], fixtures: [Self.c525])).stdout.contains("udev is not running"))
    }

    @Test func noCameraIsAFindingNotACrash() throws {
        let r = try doctor(["--json"], fixtures: [try Self.fixture()])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let findings = try #require(doc["findings"] as? [[String: Any]])
        #expect(findings.map { $0["check"] as? String } == ["no-camera"])
        #expect(findings.first?["severity"] as? String == "info")
    }

    @Test func jsonHasFindingsWithSeverityEvidenceAndFix() throws {
        let r = try doctor(
            ["--json"], fixtures: [Self.c525],
            host: #"{"holders": {"/dev/video0": [{"pid": 9, "commandLine": "cheese"}]}, "udev": {"controlExists": false}}"#)
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(doc["schemaVersion"] as? Int == 1)
        let devices = try #require(doc["devices"] as? [[String: Any]])
        #expect(devices.map { $0["id"] as? String } == ["usb-046d:0826-8E4B3C60"])
        #expect(devices.first?["nodes"] as? [String] == ["/dev/video0"])
        let findings = try #require(doc["findings"] as? [[String: Any]])
        // usb-bandwidth: the fixture's sysfs gives no bus, said as INFO (no estimate).
        #expect(Set(findings.compactMap { $0["check"] as? String }) == ["busy", "low-light", "udev", "usb-bandwidth"])
        for f in findings {
            #expect(["error", "warning", "info"].contains(f["severity"] as? String ?? ""))
            #expect(!((f["title"] as? String) ?? "").isEmpty)
            #expect(!((f["evidence"] as? [String]) ?? []).isEmpty)
            #expect(!((f["fix"] as? String) ?? "").isEmpty)
        }
        let busy = try #require(findings.first { $0["check"] as? String == "busy" })
        #expect(busy["subject"] as? String == "/dev/video0" && (busy["title"] as? String ?? "").contains("pid 9 (cheese)"))
        // The holder as data: a program reading doctor --json needs no title parsing.
        let holder = try #require(busy["holder"] as? [String: Any])
        #expect(holder["pid"] as? Int == 9 && holder["command"] as? String == "cheese" && holder["node"] as? String == "/dev/video0")
        #expect(holder["holds"] as? [String] == ["open"] && holder["unknown"] as? [String] == ["streaming", "record-priority"])
    }

    @Test func deviceArgumentChecksThatCameraOnly() throws {
        let f = try Self.fixture(
            Self.camera("/dev/video0", serial: "A1", usbPath: "/sys/devices/p/usb1/1-1", openError: "EACCES"),
            Self.camera("/dev/video2", serial: "B2", usbPath: "/sys/devices/p/usb2/2-1"))
        let one = try doctor(["/dev/video2", "--json"], fixtures: [f])
        #expect(one.status == 0, "\(one.stdout)\(one.stderr)")
        #expect(one.stdout.contains("\"/dev/video2\"") && !one.stdout.contains("permissions"), "\(one.stdout)")
        let all = try doctor([], fixtures: [f])
        #expect(all.status == 1 && all.stdout.contains("No permission to open /dev/video0"))
        let missing = try doctor(["nosuchcam"], fixtures: [f])
        #expect(missing.status == 1 && missing.stderr.contains("no device matches 'nosuchcam'"), "\(missing.stderr)")
    }

    @Test func helpDocumentsTheExitStatus() throws {
        let r = try CLI.run(["doctor", "--help"])
        #expect(r.stdout.contains("Exit status: 0 when there is no error finding"))
    }
}
