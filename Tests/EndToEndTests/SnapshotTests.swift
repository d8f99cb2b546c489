import Foundation
import Testing

/// `camprobe snapshot` end to end through the fake device seam: apply under the
/// lock, stream on the virtual clock, convert with libv4lconvert, write atomically.
@Suite("camprobe snapshot through the fake device")
struct SnapshotTests {
    static func node(faults: String = "") -> String {
        #"""
        {"nodes":[{"path":"/dev/video0","driver":"uvcvideo","card":"Seam Cam","busInfo":"usb-0000:00:14.0-3","version":"6.1.0",
         "capabilities":"0x84a00001","deviceCaps":"0x04200001",
         "formats":[{"fourcc":"YUYV","description":"YUYV 4:2:2","sizes":[{"discrete":"640x480","intervals":{"discrete":["1/30","1/15"]}}]},
           {"fourcc":"MJPG","description":"Motion-JPEG","flags":1,"sizes":[{"discrete":"1280x720","intervals":{"discrete":["1/60","1/30"]}}]}],
         "activeFormat":{"fourcc":"YUYV","width":640,"height":480},"frameInterval":"1/30"\#(faults),
         "udev":{"parent":{"sysPath":"/sys/seam","bus":"usb","vendorID":"046d","productID":"0825","serial":"SEAM1","speed":"480"}}}]}
        """#
    }

    static func directory() throws -> String {
        let dir = CLI.scratch + "/snapshot-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Everything in `dir` (temporary files included).
    static func entries(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    @Test func aYUYVFrameBecomesAPNGOfTheNegotiatedSize() throws {
        let dir = try Self.directory()
        let out = dir + "/shot.png"
        let r = try CLI.run(["snapshot", "0", "--fixture", try CLI.fixture(Self.node()), "--size", "640x480", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        // Deflated by zlib: the fake's flat frame is a few KB (stored blocks made it 922,218 bytes).
        #expect(
            r.stdout.contains("Wrote:    \(out) — PNG 640x480, YUYV converted to RGB, \(png.count) bytes (frame 3, 3 skipped)"),
            "\(r.stdout)")
        #expect(png.count < 20_000)
        #expect(Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<24]) == Array("IHDR".utf8) + [0, 0, 2, 0x80, 0, 0, 1, 0xE0])  // 640 x 480
        #expect(Self.entries(dir) == ["shot.png"])
        let skipNone = try CLI.run([
            "snapshot", "0", "--fixture", try CLI.fixture(Self.node()), "--size", "640x480", "--skip", "0", "-o", out, "--json",
        ])
        #expect(skipNone.status == 0 && skipNone.stdout.contains(#""framesSkipped" : 0"#), "\(skipNone.stdout)")
    }

    @Test func aJPEGOfARawModeIsRefusedAndNoFileIsLeft() throws {
        let dir = try Self.directory()
        let r = try CLI.run(["snapshot", "0", "--fixture", try CLI.fixture(Self.node()), "--size", "640x480", "-o", dir + "/x.jpg"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("the camera streams YUYV, not MJPG or JPEG"), "\(r.stderr)")
        #expect(Self.entries(dir).isEmpty)
    }

    @Test func usageErrors() throws {
        let fixture = try CLI.fixture(Self.node())
        let gif = try CLI.run(["snapshot", "0", "--fixture", fixture, "--size", "640x480", "-o", "/tmp/x.gif"])
        #expect(gif.status == 2 && gif.stderr.contains("-o must end in .png, .jpg or .jpeg"))
        let timeout = try CLI.run(["snapshot", "0", "--fixture", fixture, "--size", "640x480", "-o", "/tmp/x.png", "--timeout", "0"])
        #expect(timeout.status == 2)
    }

    @Test func anotherProcessStreamingIsNamed() throws {
        let dir = try Self.directory()
        let faults = #","faults":[{"ioctl":"VIDIOC_REQBUFS","errno":"EBUSY"}]"#
        let r = try CLI.run([
            "snapshot", "0", "--fixture", try CLI.fixture(Self.node(faults: faults)), "--size", "640x480", "-o", dir + "/x.png",
        ])
        #expect(r.status == 1)
        #expect(r.stderr.contains("another process is streaming from /dev/video0"), "\(r.stderr)")
        #expect(Self.entries(dir).isEmpty)
    }

    @Test func aFormatChangeRefusedWithEBUSYSaysAnotherProcessIsStreaming() throws {
        let dir = try Self.directory()
        let faults = #","faults":[{"ioctl":"VIDIOC_S_FMT","errno":"EBUSY"}]"#
        let r = try CLI.run([
            "snapshot", "0", "--fixture", try CLI.fixture(Self.node(faults: faults)), "--size", "640x480", "-o", dir + "/x.png",
        ])
        #expect(r.status == 1)
        #expect(r.stderr.contains("snapshot: another process is streaming from /dev/video0"), "\(r.stderr)")
        #expect(Self.entries(dir).isEmpty)
    }

    @Test func noFrameIsATimeoutAndNoFileIsLeft() throws {
        let dir = try Self.directory()
        let faults = #","faults":[{"ioctl":"VIDIOC_DQBUF","errno":"EAGAIN","sticky":true}]"#
        let r = try CLI.run([
            "snapshot", "0", "--fixture", try CLI.fixture(Self.node(faults: faults)), "--size", "640x480", "--timeout", "0.1",
            "-o", dir + "/x.png",
        ])
        #expect(r.status == 1)
        #expect(r.stderr.contains("timed out: no frame within 0.1 s on /dev/video0"), "\(r.stderr)")
        #expect(Self.entries(dir).isEmpty)
    }

    @Test func aStreamOnErrorNamesTheCall() throws {
        let dir = try Self.directory()
        let faults = #","faults":[{"ioctl":"VIDIOC_STREAMON","errno":"EIO"}]"#
        let r = try CLI.run([
            "snapshot", "0", "--fixture", try CLI.fixture(Self.node(faults: faults)), "--size", "640x480", "-o", dir + "/x.png",
        ])
        #expect(r.status == 1 && r.stderr.contains("VIDIOC_STREAMON"), "\(r.stderr)")
        #expect(Self.entries(dir).isEmpty)
    }

    @Test func libv4lconvertIsLoadedOnDemandAndItsAbsenceIsNamed() throws {
        let linked = try CLI.run("/usr/bin/env", ["LD_TRACE_LOADED_OBJECTS=1", CLI.binary], environment: [:])
        #expect(linked.status == 0 && !linked.stdout.contains("libv4lconvert"), "\(linked.stdout)")
        let broken = CLI.scratch + "/no-libv4lconvert"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: broken + "/libv4lconvert.so.0", contents: Data("not a library\n".utf8))
        let dir = try Self.directory()
        let r = try CLI.run(
            ["snapshot", "0", "--fixture", try CLI.fixture(Self.node()), "--size", "640x480", "-o", dir + "/x.png"],
            environment: ["LD_LIBRARY_PATH": broken])
        #expect(r.status == 1)
        #expect(r.stderr.contains("needs libv4lconvert, which could not be loaded"), "\(r.stderr)")
        #expect(r.stderr.contains("apt install libv4lconvert0"), "\(r.stderr)")
        #expect(Self.entries(dir).isEmpty)
    }
}
