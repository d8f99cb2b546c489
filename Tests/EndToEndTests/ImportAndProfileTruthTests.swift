import Foundation
import Testing

/// `show --profile FILE` needs no DEVICE when the profile holds one device; with several, the error lists them.
@Suite("A profile of one device needs no device argument")
struct ProfileWithoutDeviceTests {
    static let c525 = ProfileEndToEndTests.profiles.first { $0.hasSuffix("/c525.json") } ?? "Profiles/c525.json"
    static let s800 = ProfileEndToEndTests.profiles.first { $0.hasSuffix("/emeet-s800.json") } ?? "Profiles/emeet-s800.json"

    @Test func showWithoutADeviceShowsTheOnlyOne() throws {
        let r = try CLI.run(["show", "--profile", Self.c525])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("HD Webcam C525"))
    }

    @Test func negotiateWithoutADeviceNegotiatesForTheOnlyOne() throws {
        let r = try CLI.run(["negotiate", "--profile", Self.c525, "--preset", "medium"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("VALID  YUYV 640x480"))
    }

    @Test func withSeveralDevicesItAsksWhichAndListsThem() throws {
        let r = try CLI.run(["show", "--profile", Self.c525, "--profile", Self.s800])
        #expect(r.status != 0)
        #expect(r.stderr.contains("name a device") && r.stderr.contains("HD Webcam C525") && r.stderr.contains("EMEET"))
    }
}

/// `camprobe import FILE…` without naming the tool.
@Suite("import FILE… tells the kind itself")
struct ImportAnyEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path

    @Test func mediaCtlAndV4L2CtlPastesAreReadByTheirImporter() throws {
        let pi = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Fixtures/media-ctl/pi")
            .filter { $0.hasSuffix(".txt") }.map { Self.root + "/Fixtures/media-ctl/pi/" + $0 }
        let r = try CLI.run(["import", "-o", "-"] + pi)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"name\" : \"imx708 10-001a\""))
        let dir = Self.root + "/Fixtures/v4l2-ctl/03-logitech-c525-falcons/"
        let c525 = try CLI.run(["import", "-o", "-", dir + "all.txt", dir + "list-formats-ext.txt"])
        #expect(c525.status == 0, "\(c525.stderr)")
        #expect(c525.stdout.contains("HD Webcam C525"))
    }

    @Test func udevadmLsusbAndALSAListingsOfOneCameraMergeIntoOneProfile() throws {
        let f = Self.root + "/Fixtures/"
        let r = try CLI.run([
            "import", "-o", "-", f + "udevadm/c525-query-all.txt", f + "lsusb/c525.txt", f + "alsa/asound-cards.txt",
            f + "alsa/arecord-l-de.txt",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let devices = try #require(doc?["devices"] as? [[String: Any]])
        #expect(devices.map { $0["name"] as? String } == ["HD Webcam C525", "HDA Intel PCH", "Loopback"])
        let camera = devices[0]
        #expect(camera["id"] as? String == "usb-046d:0826-ABCD1234")
        #expect((camera["captures"] as? [[String: Any]])?.first?["imported"] as? Bool == true)
        let audio = try #require((camera["audio"] as? [[String: Any]])?.first)
        #expect(audio["cardID"] as? String == "C525" && audio["card"] as? Int == 1)
        #expect((audio["pcms"] as? [[String: Any]])?.count == 1)
        let sources = (camera["provenance"] as? [String: Any])?["sources"] as? [[String: Any]]
        #expect(sources?.map { $0["kind"] as? String } == ["udevadm", "lsusb", "/proc/asound/cards", "arecord"])
        #expect(r.stderr.contains("describes 'HD Webcam C525' too (same bus usb-0000:00:14.0-2)"))
    }

    @Test func aFileNoReaderCanReadIsAnErrorOrSkippedWithPartial() throws {
        let dir = Self.root + "/Fixtures/v4l2-ctl/03-logitech-c525-falcons/"
        // A file that is no tool's output at all is skipped with its reason too.
        let junk = NSTemporaryDirectory() + "camprobe-junk-\(UUID().uuidString).txt"
        try "hello world\nthis is not v4l2-ctl\n".write(toFile: junk, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: junk) }
        let skipped = try CLI.run(["import", "--partial", "-o", "-", junk, dir + "all.txt"])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stderr.contains("this is not v4l2-ctl output") && skipped.stderr.contains("skipped"))
        #expect(skipped.stdout.contains("HD Webcam C525"))
        let strict = try CLI.run(["import", "-o", "-", junk, dir + "all.txt"])
        #expect(strict.status != 0 && strict.stderr.contains(":1: this is not v4l2-ctl output"))
    }
}

/// Two pastes imported into one folder stay two profiles.
@Suite("import never overwrites silently")
struct ImportNoOverwriteTests {
    @Test func twoPastesWithoutBusInfoGetTheirOwnNamesAndAnExistingFileIsKept() throws {
        let dir = NSTemporaryDirectory() + "camprobe-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = dir + "/cam-a.txt"
        let b = dir + "/cam-b.txt"
        let formats =
            "ioctl: VIDIOC_ENUM_FMT\n\tType: Video Capture\n\n\t[0]: 'YUYV' (YUYV 4:2:2)\n\t\tSize: Discrete 640x480\n\t\t\tInterval: Discrete 0.033s (30.000 fps)\n"
        try formats.write(toFile: a, atomically: true, encoding: .utf8)
        try formats.write(toFile: b, atomically: true, encoding: .utf8)
        let first = try CLI.run(["import", "v4l2-ctl", "-o", dir, a])
        let second = try CLI.run(["import", "v4l2-ctl", "-o", dir, b])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr) \(second.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted()
        #expect(written == ["imported-cam-a.json", "imported-cam-b.json"])
        let again = try CLI.run(["import", "v4l2-ctl", "-o", dir, a])
        #expect(again.status != 0 && again.stderr.contains("already exists: not overwritten"))
        let forced = try CLI.run(["import", "v4l2-ctl", "--force", "-o", dir, a])
        #expect(forced.status == 0, "\(forced.stderr)")
    }
}

/// What a driver lists twice is shown once, with one problem saying so.
@Suite("Duplicates shown once")
struct DuplicatesShownOnceTests {
    static func profile(_ name: String) -> String { ProfileEndToEndTests.profiles.first { $0.hasSuffix("/" + name) } ?? name }

    @Test func aRepeatedFormatIsOneRowAndARepeatedRateIsSaidOnce() throws {
        let camlink = try CLI.run(["show", "--profile", Self.profile("camlink-4k.json")])
        #expect(camlink.status == 0, "\(camlink.stderr)")
        let rows = camlink.stdout.split(separator: "\n").filter { $0.hasPrefix("    NV12  ") }
        #expect(rows.count == 1)
        #expect(camlink.stdout.contains("(the driver lists 1 of them again)"))
        #expect(camlink.stdout.contains("the driver lists pixel format NV12 more than once"))
        let arducam = try CLI.run(["show", "--profile", Self.profile("arducam-0c45-6366.json")])
        #expect(!arducam.stdout.contains("30, 30 fps"))
    }
}

@Suite("ffmpeg is not offered for a node it cannot open")
struct EmitMultiplanarTests {
    @Test func aMultiPlanarNodeGetsNoFFmpegCommand() throws {
        let hdmi = DuplicatesShownOnceTests.profile("vivid-multiplanar-hdmi.json")
        let r = try CLI.run(["negotiate", "--profile", hdmi, "--preset", "medium", "--emit", "ffmpeg"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot read a multi-planar node") && r.stderr.contains("--emit gst"))
        let gst = try CLI.run(["negotiate", "--profile", hdmi, "--preset", "medium", "--emit", "gst"])
        #expect(gst.stdout.hasPrefix("gst-launch-1.0 v4l2src"), "\(gst.stderr)")
    }
}
