import CaptureModel
import Foundation
import Testing

let webcam = #"""
    {"nodes":[{"path":"/dev/video0","driver":"uvcvideo","card":"HD Webcam C525","busInfo":"usb-0000:00:14.0-1","version":"6.1.0",
      "capabilities":"0x84a00001","deviceCaps":"0x04200001",
      "formats":[{"fourcc":"YUYV","description":"YUYV 4:2:2","sizes":[{"discrete":"640x480","intervals":{"discrete":["1/30","1/15"]}}]},
                 {"fourcc":"MJPG","description":"Motion-JPEG","flags":1,"sizes":[{"discrete":"1920x1080","intervals":{"discrete":["1001/30000"]}}]}],
      "controls":[{"id":"0x00980900","name":"Brightness","type":"int","min":0,"max":255,"step":1,"default":128,"value":140}],
      "activeFormat":{"fourcc":"YUYV","width":640,"height":480},"frameInterval":"1/30",
      "udev":{"byID":["/dev/v4l/by-id/usb-046d_0826_ABC-video-index0"],"parent":{"sysPath":"/sys/x","bus":"usb","vendorID":"046d","productID":"0826","serial":"ABC","speed":"480","portPath":"pci-0000:00:14.0-usb-0:1"}}},
     {"path":"/dev/video1","driver":"uvcvideo","card":"HD Webcam C525","busInfo":"usb-0000:00:14.0-1","deviceCaps":"0x04a00000",
      "udev":{"parent":{"sysPath":"/sys/x","bus":"usb","vendorID":"046d","productID":"0826","serial":"ABC","speed":"480"}}}]}
    """#

@Suite("camprobe list / show, end to end", .serialized)
struct ListShowEndToEndTests {
    @Test func listTextHasOneRowPerPhysicalDevice() throws {
        let r = try CLI.run(["list", "--fixture", try CLI.fixture(webcam)])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("#  ID"))
        #expect(lines[1].contains("usb-046d:0826-ABC"))
        #expect(lines[1].contains("video0, video1 (metadata)"))
        #expect(lines[1].contains("MJPG 1920x1080@29.97, YUYV 640x480@30"))
        #expect(lines[1].contains("USB 2.0 High-Speed (480 Mbit/s)"))
        #expect(!r.stdout.contains("\u{1B}["))  // no colour when not a TTY
    }

    @Test func showJSONDecodesIntoTheModelWithExactRationals() throws {
        let r = try CLI.run(["show", "/dev/video1", "--json", "--fixture", try CLI.fixture(webcam)])
        #expect(r.status == 0)
        #expect(r.stdout.contains(#""interval" : "1001/30000""#))
        let doc = try JSONDecoder().decode(DeviceDocument.self, from: Data(r.stdout.utf8))
        #expect(doc.schemaVersion == 1)
        #expect(doc.device.id.rawValue == "usb-046d:0826-ABC")
        #expect(doc.device.captures.first?.controls?.first?.value == .integer(140))
        #expect(doc.device.captures.first?.formats.last?.isCompressed == true)
    }

    @Test func showTextIsReadable() throws {
        let r = try CLI.run(["show", "c525", "--fixture", try CLI.fixture(webcam)])
        #expect(r.status == 0)
        #expect(r.stdout.contains("HD Webcam C525"))
        #expect(r.stdout.contains("640x480    30, 15 fps"))
        #expect(r.stdout.contains("Active format: YUYV 640x480"))
        #expect(r.stdout.contains("brightness"))
    }

    @Test func listJSONHasNoControls() throws {
        let r = try CLI.run(["list", "--json", "--fixture", try CLI.fixture(webcam)])
        let doc = try JSONDecoder().decode(DeviceListDocument.self, from: Data(r.stdout.utf8))
        #expect(doc.devices.count == 1)
        #expect(doc.devices[0].captures[0].controls == nil)
        #expect(doc.devices[0].captures[0].formats.count == 2)
    }

    @Test func noDevicesIsFriendlyAndSucceeds() throws {
        let f = try CLI.fixture(#"{"nodes":[]}"#)
        let text = try CLI.run(["list", "--fixture", f])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("No cameras found."))
        let json = try CLI.run(["list", "--json", "--fixture", f])
        #expect(json.status == 0)
        let doc = try JSONDecoder().decode(DeviceListDocument.self, from: Data(json.stdout.utf8))
        #expect(doc.devices.isEmpty)
        let show = try CLI.run(["show", "0", "--fixture", f])
        #expect(show.status == 1)
        #expect(show.stderr.contains("no cameras found"))
    }

    @Test func permissionDeniedSaysWhichGroupToJoin() throws {
        let f = try CLI.fixture(#"{"nodes":[{"path":"/dev/video0","driver":"x","card":"x","busInfo":"usb-1","openError":"EACCES"}]}"#)
        let r = try CLI.run(["list", "--fixture", f])
        #expect(r.status == 1)
        #expect(r.stdout.contains("(no permission to open)"))
        #expect(r.stderr.contains("Join the 'video' group"))
        let s = try CLI.run(["show", "0", "--fixture", f])
        #expect(s.status == 1)
        #expect(s.stderr.contains("Permission denied"))
    }

    @Test func unknownDeviceAndBadUsageHaveDistinctExitCodes() throws {
        let f = try CLI.fixture(webcam)
        let missing = try CLI.run(["show", "nope", "--fixture", f])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no device matches 'nope'"))
        #expect(missing.stderr.contains("usb-046d:0826-ABC"))
        // DEVICE may be left out (the only device); an unknown option is a usage error.
        let usage = try CLI.run(["show", "--no-such-option"])
        #expect(usage.status == 2)
        let bogus = try CLI.run(["frobnicate"])
        #expect(bogus.status == 2)
        let help = try CLI.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("list"))
    }

    @Test func vanishingDeviceGivesPartialOutputAndAnError() throws {
        let json = webcam.replacingOccurrences(
            of: #""frameInterval":"1/30","#,
            with: #""frameInterval":"1/30","faults":[{"ioctl":"VIDIOC_QUERY_EXT_CTRL","errno":"ENODEV"}],"#)
        let r = try CLI.run(["show", "0", "--json", "--fixture", try CLI.fixture(json)])
        #expect(r.status == 1)
        #expect(r.stderr.contains("went away"))
        let doc = try JSONDecoder().decode(DeviceDocument.self, from: Data(r.stdout.utf8))
        #expect(doc.device.captures[0].formats.count == 2)
        #expect(doc.device.captures[0].problems.contains { $0.errnoName == "ENODEV" })
    }

    @Test func malformedFixtureIsAClearError() throws {
        let r = try CLI.run(["list", "--fixture", try CLI.fixture("{not json")])
        #expect(r.status == 1)
        #expect(r.stderr.contains("not a valid fixture"))
    }
}

@Suite("camprobe show on a node that vanishes before it is opened")
struct VanishedNodeEndToEndTests {
    @Test func saysTheDeviceWentAway() throws {
        let f = try CLI.fixture(#"{"nodes":[{"path":"/dev/video0","driver":"x","card":"x","busInfo":"usb-1","openError":"ENODEV"}]}"#)
        let r = try CLI.run(["show", "/dev/video0", "--fixture", f])
        #expect(r.status == 1)
        #expect(r.stderr.contains("vanished while it was being listed (ENODEV)"))
        #expect(r.stderr.contains("unplugged"))
    }
}
