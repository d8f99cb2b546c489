import CamProbeTesting
import CaptureModel
import FoundationEssentials
import Glibc
import HostSystem
import Testing

@testable import CamProbe
@testable import Fleet

/// `monitor --textfile`'s parts: the fingerprint, the inventory and the exposition it is written as.
@Suite struct FleetTests {
    static let repo = Fixtures.directory.components(separatedBy: "/Tests/")[0]

    static func c525() throws -> Device { try ProfileFile.load(repo + "/Profiles/c525.json") }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex([UInt8](repeating: 0x61, count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func fingerprintIgnoresWhichUnitAndWhatItIsDoing() throws {
        let a = try Self.c525()
        var b = a
        b.id = DeviceID("usb-046d:0826-OTHER")
        b.identity.serial = "OTHER"
        b.identity.busInfo = "usb-0000:00:1d.0-1.4"
        b.identity.portPath = "pci-0000:00:1d.0-usb-0:1.4"
        b.transport = Transport(kind: .usb, speedMbps: 12)
        b.nodes = b.nodes.map {
            DeviceNode(role: $0.role, path: $0.path == "/dev/video0" ? "/dev/video6" : $0.path, deviceCaps: $0.deviceCaps)
        }
        b.captures[0].path = "/dev/video6"
        b.captures[0].identity.busInfo = "usb-0000:00:1d.0-1.4"
        b.captures[0].activeFormat = nil
        b.captures[0].streamingParameters?.frameInterval = nil
        b.captures[0].controls = b.captures[0].controls?.map { c in
            var c = c
            c.value = nil
            c.flags = ControlFlags(rawValue: c.flags.rawValue | 0x10)
            return c
        }
        #expect(CapabilityFingerprint(of: a) == CapabilityFingerprint(of: b))
        #expect(CapabilityFingerprint(of: a).value.count == 16)
        #expect(CapabilityFingerprint(of: a).isComplete)
    }

    @Test func fingerprintChangesWithWhatTheCameraCanDo() throws {
        let a = try Self.c525()
        var range = a
        let i = try #require(range.captures[0].controls?.firstIndex { $0.key == "brightness" })
        range.captures[0].controls?[i].maximum = 200
        var formats = a
        formats.captures[0].formats.removeLast()
        var unread = a
        unread.captures[0].controls = nil
        let all = [a, range, formats, unread].map { CapabilityFingerprint(of: $0).value }
        #expect(Set(all).count == 4)
        #expect(!CapabilityFingerprint(of: unread).isComplete)
        #expect(CapabilityDifference.between(a, range).map(\.fact) == ["control brightness range"])
        let gone = CapabilityDifference.between(a, formats)
        // The missing format is one difference, not one per size.
        #expect(gone.filter { $0.b == nil }.count == 1)
    }

    static func device(_ n: Int, problems: [Problem] = []) throws -> Device {
        var d = try c525()
        d.id = DeviceID("usb-046d:0826-S\(n)")
        d.identity.serial = "S\(n)"
        d.problems = problems
        return d
    }

    @Test func aRemovedCameraGoesToZeroAndTheCountersMove() throws {
        var inv = FleetInventory()
        inv.seed([try Self.device(1), try Self.device(2)])
        let first = inv.apply(.disconnected(DeviceID("usb-046d:0826-S1"), name: "x"))
        let second = inv.apply(.disconnected(DeviceID("usb-046d:0826-S1"), name: "x"))
        #expect(first)
        #expect(!second, "a second remove changes nothing")
        var text = FleetMetrics.render(inv, now: 100, startedAt: 50, version: "t")
        #expect(
            text.contains(
                #"camprobe_camera_present{id="usb-046d:0826-S1",name="HD Webcam C525",vidpid="046d:0826",serial="S1",bus="usb"} 0"#))
        #expect(
            text.contains(
                #"camprobe_camera_present{id="usb-046d:0826-S2",name="HD Webcam C525",vidpid="046d:0826",serial="S2",bus="usb"} 1"#))
        #expect(text.contains(#"camprobe_camera_disconnects_total{id="usb-046d:0826-S1"} 1"#))
        #expect(text.contains(#"camprobe_camera_connects_total{id="usb-046d:0826-S1"} 0"#))
        // A live connect comes in two events; the camera is counted once its capabilities are in.
        var arrived = try Self.device(1)
        arrived.captures = []
        #expect(arrived.awaitsCapabilities && !inv.apply(.connected(arrived)))
        #expect(
            FleetMetrics.render(inv, now: 100, startedAt: 50, version: "t").contains(
                #"camprobe_camera_connects_total{id="usb-046d:0826-S1"} 0"#))
        let back = inv.apply(.capabilitiesRead(try Self.device(1)))
        #expect(back)
        text = FleetMetrics.render(inv, now: 100, startedAt: 50, version: "t")
        #expect(text.contains(#"camprobe_camera_connects_total{id="usb-046d:0826-S1"} 1"#))
        #expect(text.contains("camprobe_textfile_timestamp_seconds 100\n"))
        #expect(text.contains("camprobe_tracked_devices 2\n"))
    }

    @Test func problemKindsAreBoundedAndStayOnceSeen() throws {
        var inv = FleetInventory()
        inv.seed([try Self.device(1, problems: [Problem(kind: .access, message: "a"), Problem(kind: "made-up-kind", message: "b")])])
        var text = FleetMetrics.render(inv, now: 0, startedAt: 0, version: "t")
        #expect(text.contains(#"camprobe_camera_problems{id="usb-046d:0826-S1",kind="access"} 1"#))
        #expect(text.contains(#"camprobe_camera_problems{id="usb-046d:0826-S1",kind="other"} 1"#))
        #expect(!text.contains("made-up-kind"))
        inv.apply(.changed(try Self.device(1)))
        text = FleetMetrics.render(inv, now: 0, startedAt: 0, version: "t")
        #expect(text.contains(#"camprobe_camera_problems{id="usb-046d:0826-S1",kind="access"} 0"#))
    }

    @Test func theDeviceGoneLongestIsForgottenPastTheBound() throws {
        var inv = FleetInventory(maximumDevices: 3)
        inv.seed([try Self.device(0)])
        for n in 1...4 {
            inv.apply(.connected(try Self.device(n)))
            inv.apply(.disconnected(DeviceID("usb-046d:0826-S\(n)"), name: "x"))
        }
        #expect(inv.entries.count == 3)
        #expect(inv.forgotten == 2)
        #expect(inv.entries[DeviceID("usb-046d:0826-S0")]?.present == true, "a present device is never forgotten")
        #expect(inv.entries[DeviceID("usb-046d:0826-S1")] == nil && inv.entries[DeviceID("usb-046d:0826-S4")] != nil)
        #expect(FleetMetrics.render(inv, now: 0, startedAt: 0, version: "t").contains("camprobe_forgotten_devices_total 2\n"))
    }

    @Test func labelValuesAreEscapedAndClipped() throws {
        #expect(PrometheusExposition.escapeLabel("a\"b\\c\nd") == #"a\"b\\c\nd"#)
        let long = PrometheusExposition.escapeLabel(String(repeating: "x", count: 500))
        #expect(long.count == PrometheusExposition.maximumLabelLength && long.hasSuffix("…"))
        var d = try Self.device(1)
        d.name = "Evil\" } 1\nfake_metric 9"
        var inv = FleetInventory()
        inv.seed([d])
        let text = FleetMetrics.render(inv, now: 0, startedAt: 0, version: "t")
        let lines = text.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("fake_metric") })
        #expect(PrometheusExposition.format(29.97) == "29.97" && PrometheusExposition.format(30) == "30")
        #expect(PrometheusExposition.format(.nan) == "NaN" && PrometheusExposition.format(-.infinity) == "-Inf")
    }

    @Test func verificationsAreExportedWithEveryReason() throws {
        var inv = FleetInventory()
        inv.seed([try Self.device(1)])
        let id = DeviceID("usb-046d:0826-S1")
        inv.record(id, verified: .success(.init(deliveredFPS: 29.5, negotiatedFPS: 30, droppedFrames: 1, lastSuccess: 1000)))
        inv.record(id, verified: .failure(.init(reason: .busy, message: "held")))
        inv.record(id, verified: .failure(.init(reason: .failed, message: "?")))
        let text = FleetMetrics.render(inv, now: 0, startedAt: 0, version: "t")
        #expect(text.contains(#"camprobe_camera_verified_fps{id="usb-046d:0826-S1"} 29.5"#))
        #expect(text.contains(#"camprobe_camera_negotiated_fps{id="usb-046d:0826-S1"} 30"#))
        #expect(text.contains(#"camprobe_camera_verify_failures_total{id="usb-046d:0826-S1",reason="busy"} 1"#))
        #expect(text.contains(#"camprobe_camera_verify_failures_total{id="usb-046d:0826-S1",reason="failed"} 1"#))
        #expect(text.contains(#"camprobe_camera_verify_failures_total{id="usb-046d:0826-S1",reason="gone"} 0"#))
    }

    @Test func theWriterReplacesTheFileAndLeavesNoTemporary() throws {
        let dir = "/tmp/camprobe-textfile-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        #expect(mkdir(dir, 0o755) == 0)
        defer {
            for n in HostFiles.entries(dir, limit: 100) { unlink(dir + "/" + n) }
            rmdir(dir)
        }
        let w = TextfileWriter(directory: dir)
        try w.write("a 1\n")
        try w.write("a 2\n")
        #expect(HostFiles.entries(dir, limit: 100) == ["camprobe.prom"])
        #expect((try? HostFiles.read(dir + "/camprobe.prom").get()).map { String(decoding: $0, as: UTF8.self) } == "a 2\n")
        var st = stat()
        #expect(stat(dir + "/camprobe.prom", &st) == 0 && st.st_mode & 0o777 == 0o644, "node_exporter's user must read it")
        #expect(throws: TextfileWriter.WriteError.self) { try TextfileWriter(directory: dir + "/missing").write("x") }
        do {
            try TextfileWriter(directory: dir + "/missing").write("x")
        } catch {
            #expect(error.description.contains("the directory must exist"))
        }
        // A textfile path that is not a regular file is refused and said so, and left as it is.
        #expect(mkfifo(dir + "/fifo.prom", 0o644) == 0)
        do {
            try TextfileWriter(directory: dir, name: "fifo.prom").write("x")
            Issue.record("a FIFO was written over")
        } catch {
            #expect(error.description.contains("not a regular file"), "\(error)")
        }
        #expect(stat(dir + "/fifo.prom", &st) == 0 && st.st_mode & S_IFMT == S_IFIFO)
    }
}
