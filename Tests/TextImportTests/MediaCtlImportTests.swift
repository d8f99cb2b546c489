import CamProbe
import CamProbeTesting
import CaptureModel
import Foundation
import ProfileFormat
import SensorPipelines
import Testing
import TextImport

/// `camprobe import media-ctl` against a written Raspberry Pi 4 + imx708 paste
/// (Fixtures/media-ctl/pi) and real vimc text (Fixtures/media-ctl/vimc).
@Suite("Importing media-ctl text")
struct MediaCtlImportTests {
    static let fixtures = Fixtures.path("media-ctl")

    static func read(_ path: String) throws -> String { String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) }

    static func paths(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixtures + "/" + dir).filter { $0.hasSuffix(".txt") }.sorted().map {
            fixtures + "/" + dir + "/" + $0
        }
    }

    /// The files of a directory, each with a header line the user added above it (by file name), if any.
    static func inputs(_ dir: String, headers: [String: String] = [:]) throws -> [(name: String, text: String)] {
        try paths(dir).map { p in
            let header = headers.first { p.hasSuffix("/" + $0.key) }.map { $0.value + "\n" } ?? ""
            return (p, header + (try read(p)))
        }
    }

    static func pi() throws -> MediaCtlImportResult { try MediaCtlImporter.importText(try inputs("pi")) }

    static let imx708Sizes: Set<Dimensions> = [
        Dimensions(width: 4608, height: 2592), Dimensions(width: 2304, height: 1296), Dimensions(width: 1536, height: 864),
    ]

    // MARK: Raspberry Pi 4 + Camera Module 3 (written in the tools' format)

    @Test func piPasteGivesOneImx708CameraWithTheSensorsModes() throws {
        let r = try Self.pi()
        #expect(r.devices.count == 1)
        let d = try #require(r.devices.first)
        #expect(d.name == "imx708 10-001a")
        #expect(d.id.rawValue == "platform-fe801000.csi-imx708_10-001a")
        #expect(d.transport.kind == .platform)
        #expect(d.identity.driver == "unicam")
        #expect(d.captures.map(\.path) == ["/dev/video0"])
        let formats = d.captures[0].formats
        #expect(formats.map(\.fourcc.description) == ["BG10", "pBAA"])
        for f in formats {
            #expect(Set(f.sizes.map(\.largest)) == Self.imx708Sizes)
            #expect(f.sizes.allSatisfy { $0.kind == .discrete })
            #expect(!f.sizes.contains { $0.largest.width == 16376 || $0.largest.height == 16376 })
        }
        // The sensor: its subdevice, lens, timing and active format from the text.
        let s = try #require(d.sensor)
        #expect(s.subdevPath == "/dev/v4l-subdev1")
        #expect(s.lenses.map(\.entity) == ["dw9807 10-000c"])
        #expect(s.timing?.pixelRate == 595_200_000)
        #expect(s.source.active?.description == "SBGGR10_1X10/1536x864")
        #expect(s.source.cropBounds == PixelRect(left: 0, top: 0, width: 4608, height: 2592))
        #expect(d.nodes.contains { $0.role == .subdev && $0.path == "/dev/v4l-subdev0" })
        #expect(d.captures[0].controls?.contains { $0.id == SensorTiming.pixelRateID } == true)
        // The active mode's rate follows from blanking; the other modes' rates are unknown, not invented.
        let active = try #require(formats[0].sizes.first { $0.largest == Dimensions(width: 1536, height: 864) })
        guard case .discrete(_, .continuous) = active else {
            Issue.record("the active mode's intervals should come from PIXEL_RATE/HBLANK/VBLANK: \(active)")
            return
        }
        // The capture node had no v4l2-ctl text: said, not hidden.
        #expect(d.problems.contains { $0.kind == .imported && $0.message.contains("/dev/video0 (unicam-image)") })
        #expect(!d.problems.contains { $0.kind == .pipelineMismatch })
        #expect(r.recognized.contains("media-ctl -p") && r.recognized.contains("--list-subdev-framesizes"))
    }

    @Test func piNegotiatesToARealSensorSize() throws {
        let d = try #require(try Self.pi().devices.first)
        let decision = Negotiator.decide(
            CaptureRequest(size: .nearest(Dimensions(width: 1920, height: 1080))), for: d.captures[0], transport: d.transport)
        let choice = try #require(decision.choice)
        #expect(Self.imx708Sizes.contains(choice.size), "\(choice.size)")
        #expect(["BG10", "pBAA"].contains(choice.fourcc.description))
    }

    @Test func piMediaGraphIsBuiltFromTheText() throws {
        let g = try Self.pi().facts.graph
        #expect(g.controller.busInfo == "platform:fe801000.csi")
        #expect(g.controller.mediaVersion == (6 << 16 | 6 << 8 | 31))
        #expect(g.entities.map(\.name) == ["imx708 10-001a", "dw9807 10-000c", "unicam", "unicam-image", "unicam-embedded"])
        #expect(g.sensors.map(\.name) == ["imx708 10-001a"])
        let unicam = try #require(g.entity(named: "unicam"))
        #expect(g.pads(of: unicam.id).map(\.direction) == [.sink, .source, .source])
        #expect(g.interfaces(of: unicam.id).map(\.path) == ["/dev/v4l-subdev2"])
        #expect(g.entity(forInterfacePath: "/dev/video1")?.name == "unicam-embedded")
        #expect(g.links.filter { $0.kind == .data }.count == 3)
        #expect(g.links.filter { $0.kind == .data }.allSatisfy { $0.isEnabled && $0.flags.contains(.immutable) })
    }

    @Test func aListingWithoutItsSubdeviceIsTheOnlySensorsSaidAsAProblem() throws {
        let text = "ioctl: VIDIOC_SUBDEV_ENUM_FRAME_SIZE (pad=0,stream=0)\n\tSize Range: 2304x1296 - 2304x1296\n"
        let r = try MediaCtlImporter.importText([
            ("p.txt", try Self.read(Self.fixtures + "/pi/media-ctl-p.txt")),
            ("codes.txt", "ioctl: VIDIOC_SUBDEV_ENUM_MBUS_CODE (pad=0,stream=0)\n\t0x3007: MEDIA_BUS_FMT_SBGGR10_1X10\n"),
            ("sizes.txt", text),
        ])
        let d = try #require(r.devices.first)
        #expect(d.captures[0].formats.first?.sizes.map(\.largest) == [Dimensions(width: 2304, height: 1296)])
        #expect(d.problems.contains { $0.kind == .imported && $0.message.contains("taken to be the only sensor's") })
        #expect(d.problems.contains { $0.kind == .imported && $0.message.contains("taken to be SBGGR10_1X10") })
    }

    /// Everything in one file, each output under the shell prompt line that ran it.
    @Test func onePasteWithPromptsIsSplitAtItsCommandLines() throws {
        let dir = Self.fixtures + "/pi/"
        func body(_ f: String) throws -> String {
            try Self.read(dir + f).split(separator: "\n", omittingEmptySubsequences: false).filter {
                !$0.hasPrefix("$ ") && !$0.hasPrefix("# ")
            }
            .joined(separator: "\n")
        }
        let paste = [
            "pi@raspberrypi:~ $ media-ctl -d /dev/media0 -p", try body("media-ctl-p.txt"),
            "pi@raspberrypi:~ $ v4l2-ctl -d /dev/v4l-subdev1 --list-subdev-mbus-codes pad=0", try body("imx708-mbus-codes.txt"),
            "pi@raspberrypi:~ $ v4l2-ctl -d /dev/v4l-subdev1 --list-subdev-framesizes pad=0,code=0x3007", try body("imx708-framesizes.txt"),
            "pi@raspberrypi:~ $ v4l2-ctl -d /dev/v4l-subdev1 -L", try body("imx708-controls.txt"),
        ].joined(separator: "\n")
        let r = try MediaCtlImporter.importText([("paste.txt", paste)])
        let d = try #require(r.devices.first)
        #expect(r.facts.graph.path == "/dev/media0")
        #expect(d.nodes.contains { $0.role == .media && $0.path == "/dev/media0" })
        #expect(Set(d.captures[0].formats[0].sizes.map(\.largest)) == Self.imx708Sizes)
        #expect(d.sensor?.timing?.hblank == 6348)
        #expect(!d.problems.contains { $0.message.contains("taken to be the only sensor's") })
    }

    @Test func missingFramesizesStayUnknown() throws {
        let r = try MediaCtlImporter.importText(
            try Self.inputs("pi").filter { !$0.name.hasSuffix("framesizes.txt") })
        let d = try #require(r.devices.first)
        #expect(d.captures[0].formats.allSatisfy { $0.sizes.isEmpty })
        #expect(d.problems.contains { $0.message.contains("no frame sizes in the text for SBGGR10_1X10") })
    }

    // MARK: vimc (captured for real)

    static let vimcHeaders = [
        "sensor-a-mbus-codes.txt": "# /dev/v4l-subdev0 pad=0",
        "sensor-a-framesizes-SRGGB8_1X8.txt": "$ v4l2-ctl -d /dev/v4l-subdev0 --list-subdev-framesizes pad=0,code=0x3014",
        "sensor-a-frameintervals.txt": "# /dev/v4l-subdev0 pad=0 width=640,height=480,code=0x3014",
        "sensor-a-controls.txt": "# /dev/v4l-subdev0",
        "lens-a-controls.txt": "# /dev/v4l-subdev6",
    ]

    @Test func vimcGivesOneCameraPerSensorAndThePowerOnMismatch() throws {
        let r = try MediaCtlImporter.importText(try Self.inputs("vimc"))
        #expect(r.devices.map(\.name) == ["Sensor A", "Sensor B", "RGB/YUV Input"])
        #expect(r.devices.map(\.id.rawValue) == ["platform-vimc-sensor_a", "platform-vimc-sensor_b", "platform-vimc-rgb_yuv_input"])
        let a = r.devices[0]
        let mismatch = a.problems.first { $0.kind == .pipelineMismatch }
        #expect(mismatch?.message.contains("\"Sensor A\":0 → \"Debayer A\":0") == true, "\(a.problems)")
        #expect(mismatch?.message.contains("code RGB888_1X24 ≠ SRGGB8_1X8") == true)
        // Without a header the listings cannot be placed among three sensors: said, not guessed.
        #expect(a.problems.contains { $0.kind == .skipped && $0.message.contains("there are 3 sensors") })
        // Its codes were not placed: the pad's active mode is the one known, and what to paste is named (once).
        let unknownModes = a.problems.filter { $0.message.hasPrefix("Sensor A: only its active mode is known") }
        #expect(unknownModes.count == 1, "\(a.problems)")
        #expect(unknownModes.first?.message.contains("--list-subdev-mbus-codes pad=0") == true)
        // A problem of one sensor's pipeline is that camera's only.
        #expect(!r.devices[1].problems.contains { $0.message.hasPrefix("Sensor A: only its active mode is known") })
        #expect(!r.devices[1].problems.contains { $0.message.contains("/dev/video2 (RGB/YUV Capture)") })
        #expect(r.devices[1].problems.contains { $0.message.contains("/dev/video1 (Raw Capture 1)") })
        // cam -l's id for the one camera libcamera listed.
        #expect(r.devices[1].sensor?.libcameraID == "platform/vimc.0 Sensor B")
        #expect(r.recognized.contains("cam -l"))
    }

    @Test func vimcWithHeadersGivesSensorAsModesThroughItsCaptureNodes() throws {
        let r = try MediaCtlImporter.importText(try Self.inputs("vimc", headers: Self.vimcHeaders))
        let a = try #require(r.devices.first { $0.name == "Sensor A" })
        let raw = try #require(a.captures.first { $0.path == "/dev/video0" })
        // The node's own --all says who it is; its --list-formats-ext limits what the sensor's codes become.
        #expect(raw.identity.driver == "vimc")
        let rggb = try #require(raw.formats.first { $0.fourcc.description == "RGGB" })
        #expect(rggb.sizes.map(\.kind) == [.continuous])
        #expect(rggb.sizes.map(\.largest) == [Dimensions(width: 4096, height: 2160)])
        #expect(raw.formats.contains { $0.fourcc.description == "RGB3" })
        #expect(a.captures[0].controls?.contains { $0.id == 0x00f0_f000 } == true)
        let s = try #require(a.sensor)
        #expect(s.source.codes.count == 31)
        #expect(!a.problems.contains { $0.message.contains("which subdevice this lists") })
        #expect(
            a.problems.filter { $0.message.contains("no frame sizes in the text") }.map(\.message) == [
                "Sensor A: no frame sizes in the text for 30 of its 31 codes (BGR888_1X24, …), so they offer no sizes (paste 'v4l2-ctl -d /dev/v4l-subdev0 --list-subdev-framesizes pad=0,code=0x1013' for each)"
            ])
        // The mismatch does not go away with more text.
        #expect(a.problems.contains { $0.kind == .pipelineMismatch })
        let decision = Negotiator.decide(CaptureRequest(size: .nearest(Dimensions(width: 1920, height: 1080))), for: raw)
        #expect(decision.choice?.size == Dimensions(width: 1920, height: 1080))
    }

    // MARK: Malformed input

    @Test func malformedTextGivesFileAndLine() throws {
        let p = try Self.read(Self.fixtures + "/pi/media-ctl-p.txt")
        let badEntity = p.replacingOccurrences(of: "- entity 3: dw9807 10-000c (0 pad, 0 link, 0 routes)", with: "- entity 3: dw9807")
        #expect(throws: TextImportError.self) { try MediaCtlImporter.importText([("bad.txt", badEntity)]) }
        do {
            _ = try MediaCtlImporter.importText([("bad.txt", badEntity)])
        } catch {
            #expect(error.description.hasPrefix("bad.txt:22: cannot read this entity line"), "\(error)")
        }
        let badLink = p.replacingOccurrences(of: "-> \"unicam\":0 [ENABLED,IMMUTABLE]", with: "-> unicam:0 ENABLED")
        do {
            _ = try MediaCtlImporter.importText([("link.txt", badLink)])
            Issue.record("a malformed link was accepted")
        } catch {
            #expect(error.description.hasPrefix("link.txt:20: cannot read this link"), "\(error)")
        }
        let unclosed =
            "Device topology\n- entity 1: s (1 pad, 0 link)\n type V4L2 subdev subtype Sensor flags 0\n\tpad0: Source\n\t\t[fmt:SBGGR10_1X10/1x1\n"
        do {
            _ = try MediaCtlImporter.importText([("open.txt", unclosed)])
            Issue.record("an unclosed bracket was accepted")
        } catch {
            #expect(error.description.hasPrefix("open.txt:5: a pad format"), "\(error)")
        }
        do {
            _ = try MediaCtlImporter.importText([
                ("codes.txt", "ioctl: VIDIOC_SUBDEV_ENUM_MBUS_CODE (pad=0)\n\t0x3007: MEDIA_BUS_FMT_SBGGR10_1X10\n")
            ])
            Issue.record("text without media-ctl -p was accepted")
        } catch {
            #expect(error.description.contains("none of the files holds media-ctl -p output"), "\(error)")
        }
    }

    @Test func unknownLinesAreProblemsAndGarbageIsAnErrorNotACrash() throws {
        let p = try Self.read(Self.fixtures + "/pi/media-ctl-p.txt")
        let extra = p.replacingOccurrences(of: "Device topology\n", with: "Device topology\nsomething new in v4l-utils 1.30\n")
        let r = try MediaCtlImporter.importText([("p.txt", extra)])
        #expect(r.devices.first?.problems.contains { $0.message.contains("p.txt:13: cannot read this line") } == true)
        for garbage in [
            "\u{0}\u{1}\u{2}", "- entity 99999999999: x (1 pad, 1 link)", "- entity 1: x (9999999 pads, 0 links)", "[[[[", "-> \"a\":0 []",
        ] {
            #expect(throws: TextImportError.self) { try MediaCtlImporter.importText([("g.txt", "Device topology\n" + garbage)]) }
        }
    }

    /// Every truncation and every one-line deletion of a real paste: a result or an error with file and line, never a crash.
    @Test func truncatedAndDamagedPastesNeverCrash() throws {
        let lines = try Self.read(Self.fixtures + "/vimc/media-ctl-p.txt").split(separator: "\n", omittingEmptySubsequences: false)
        var variants: [String] = []
        for i in 0..<lines.count {
            variants.append(lines[0..<i].joined(separator: "\n"))
            variants.append((lines[0..<i] + lines[(i + 1)...]).joined(separator: "\n"))
        }
        for v in variants {
            do {
                _ = try MediaCtlImporter.importText([("v.txt", v)])
            } catch {
                #expect(error.description.hasPrefix("v.txt:"), "\(error)")
            }
        }
    }

    // MARK: The command

    static func binary(_ name: String) -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent(name).path
    }

    static func run(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary("camprobe-fake"))
        p.arguments = args
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func importMediaCtlCommandWritesProfiles() throws {
        let pi = try Self.run(["import", "media-ctl", "-o", "-"] + (try Self.paths("pi")))
        #expect(pi.status == 0, "\(pi.stderr)")
        let doc = try JSONDecoder().decode(DeviceDocument.self, from: Data(pi.stdout.utf8))
        #expect(doc.device.name == "imx708 10-001a")
        #expect(doc.generator.hasSuffix("import media-ctl"))
        #expect(doc.device.captures.first?.formats.map(\.fourcc.description) == ["BG10", "pBAA"])
        // The written profile reads back through the profile reader, the same device.
        #expect(try JSONProfile.read(Array(pi.stdout.utf8)).device == doc.device)

        let vimc = try Self.run(["import", "media-ctl", "-o", "-"] + (try Self.paths("vimc")))
        #expect(vimc.status == 0, "\(vimc.stderr)")
        let list = try JSONDecoder().decode(DeviceListDocument.self, from: Data(vimc.stdout.utf8))
        #expect(list.devices.map(\.name) == ["Sensor A", "Sensor B", "RGB/YUV Input"])

        let dir = NSTemporaryDirectory() + "camprobe-mediactl-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let files = try Self.run(["import", "media-ctl", "-o", dir] + (try Self.paths("vimc")))
        #expect(files.status == 0, "\(files.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [
                "platform-vimc-rgb_yuv_input.json", "platform-vimc-sensor_a.json", "platform-vimc-sensor_b.json",
            ])
        #expect(files.stderr.contains("camprobe: wrote \(dir)/platform-vimc-sensor_a.json (Sensor A"))

        let bad = dir + "/bad.txt"
        try "Device topology\n- entity 1: broken\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let failed = try Self.run(["import", "media-ctl", bad])
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("\(bad):2: cannot read this entity line"), "\(failed.stderr)")
    }
}
