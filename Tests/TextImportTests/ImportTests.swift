import CaptureModel
import FoundationEssentials
import ProfileFormat
import Testing
import TextImport
import V4L2Testing

/// The v4l2-ctl text importer against real users' dumps (Tests/Fixtures/v4l2-ctl).
@Suite("Importing v4l2-ctl text")
struct ImportTests {
    static let dumps = Fixtures.path("v4l2-ctl")
    static let repo = Fixtures.repository

    static func read(_ path: String) throws -> String { String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) }
    static func files(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dumps + "/" + dir).filter { $0.hasSuffix(".txt") }.sorted().map {
            dumps + "/" + dir + "/" + $0
        }
    }
    static func importDir(_ dir: String, only: [String]? = nil) throws -> V4L2CtlImportResult {
        let paths = try files(dir).filter { p in only.map { o in o.contains { p.hasSuffix("/" + $0) } } ?? true }
        return try V4L2CtlImporter.importText(try paths.map { ($0, try read($0)) })
    }

    /// Counts taken from the text with plain line tests, independent of the parser.
    struct TextCounts: Equatable { var formats = 0, sizes = 0, intervals = 0, controls = 0, menuItems = 0 }
    static func count(_ text: String) -> TextCounts {
        var c = TextCounts()
        for l in text.split(separator: "\n") {
            let t = l.drop { $0 == " " || $0 == "\t" }
            if t.hasPrefix("Index") || (t.hasPrefix("[") && t.contains("]: '")) { c.formats += 1 }
            if t.hasPrefix("Size:") { c.sizes += 1 }
            if t.hasPrefix("Interval:") { c.intervals += 1 }
            if l.contains(") :") || l.contains(")  :") || l.contains(")   :") || l.contains(")    :") { c.controls += 1 }
            if l.hasPrefix("\t\t\t\t") && t.first?.isNumber == true && t.contains(": ") { c.menuItems += 1 }
        }
        return c
    }
    static func counts(_ d: Device) -> TextCounts {
        var c = TextCounts()
        for cap in d.captures {
            c.formats += cap.formats.count
            for f in cap.formats {
                c.sizes += f.sizes.count
                for s in f.sizes { if case .discrete(_, .discrete(let l)) = s { c.intervals += l.count } }
            }
            c.controls += cap.controls?.count ?? 0
            c.menuItems += cap.controls?.reduce(0) { $0 + $1.menu.count } ?? 0
        }
        return c
    }

    @Test(arguments: [
        "02-arducam-1080p-h264-microdia-0c45-6366", "03-logitech-c525-falcons", "06-elgato-cam-link-4k",
        "08-unknown-4k-uvc-camera-mission-control", "16-kodak-pixpro-4k-vr360", "25-emeet-smartcam-s800-4k",
    ])
    func everyFormatAndControlOfADumpIsImported(dir: String) throws {
        // One file per kind, as a user would paste them (list-ctrls-menus duplicates all.txt's -L part).
        let all = try Self.files(dir).filter { !$0.hasSuffix("list-ctrls-menus.txt") || !dir.hasPrefix("03") }
            .filter { !$0.contains("lkml") && !$0.contains("try-fmt") }
        let r = try V4L2CtlImporter.importText(try all.map { ($0, try Self.read($0)) })
        let expected = try all.map { Self.count(try Self.read($0)) }.reduce(into: TextCounts()) { acc, c in
            acc.formats += c.formats
            acc.sizes += c.sizes
            acc.intervals += c.intervals
            acc.controls += c.controls
            acc.menuItems += c.menuItems
        }
        #expect(Self.counts(r.device) == expected)
        #expect(expected.formats + expected.controls > 0)
    }

    @Test func arecordTextIsNotV4L2Ctl() throws {
        let p = try Self.files("13-logitech-c922-arecord")[0]
        let text = try Self.read(p)
        do throws(TextImportError) {
            _ = try V4L2CtlImporter.importText([(p, text)])
            Issue.record("arecord output must not import")
        } catch {
            #expect(error.line == 1)
            #expect(
                error.description.hasSuffix(
                    "arecord.txt:1: this is not v4l2-ctl output: expected the text of --list-formats-ext, --list-ctrls(-menus)/-L, --all/-D/--info or --list-devices"
                ))
        }
    }

    @Test func oldLayoutWithDriverInfoAndParameters() throws {
        let r = try Self.importDir("03-logitech-c525-falcons", only: ["all.txt", "list-formats-ext.txt"])
        let c = try #require(r.device.captures.first)
        #expect(c.identity.driver == "uvcvideo" && c.identity.card == "HD Webcam C525" && c.identity.busInfo == "usb-0000:00:1a.0-1.2")
        #expect(c.identity.version == "3.19.8")
        #expect(c.identity.capabilities.rawValue == 0x8420_0001 && c.identity.deviceCaps.rawValue == 0x0420_0001)
        #expect(c.activeFormat?.fourcc.description == "YUYV" && c.activeFormat?.width == 640 && c.activeFormat?.bytesPerLine == 1280)
        #expect(c.streamingParameters?.frameInterval?.interval == Rational(1, 30))
        #expect(c.streamingParameters?.supportsFrameInterval == true)
        #expect(c.currentInput == 0 && c.inputs.first?.name == "Camera 1")
        #expect(c.formats.map(\.fourcc.description) == ["YUYV", "MJPG"])
        #expect(c.formats[1].isCompressed && !c.formats[0].isCompressed)
        // 7.5 fps is exactly 2/15 s, not 0.133.
        guard case .discrete(_, .discrete(let ivs)) = c.formats[0].sizes[0] else {
            Issue.record("discrete expected")
            return
        }
        #expect(
            ivs.map(\.interval) == [
                Rational(1, 30), Rational(1, 24), Rational(1, 20), Rational(1, 15), Rational(1, 10), Rational(2, 15), Rational(1, 5),
            ])
        #expect(r.device.id.rawValue == "imported-usb-0000_00_1a.0-1.2")
        #expect(r.notes.contains { $0.contains("USB vendor/product ID") })
    }

    @Test func oldAndNewControlNamesMapToTheSameIDs() throws {
        let old = try Self.importDir("03-logitech-c525-falcons", only: ["list-ctrls-menus.txt"]).device.captures[0].controls ?? []
        let new = try Self.importDir("08-unknown-4k-uvc-camera-mission-control").device.captures[0].controls ?? []
        func id(_ list: [Control], _ key: String) -> UInt32? { list.first { $0.key == key }?.id }
        #expect(id(old, "exposure_auto") == 0x009a_0901 && id(new, "auto_exposure") == 0x009a_0901)
        #expect(id(old, "focus_auto") == 0x009a_090c && id(new, "focus_automatic_continuous") == 0x009a_090c)
        #expect(id(old, "white_balance_temperature_auto") == 0x0098_090c && id(new, "white_balance_automatic") == 0x0098_090c)
        #expect(id(old, "exposure_absolute") == 0x009a_0902 && id(new, "exposure_time_absolute") == 0x009a_0902)
        let menu = try #require(old.first { $0.key == "exposure_auto" })
        #expect(menu.type == "menu" && menu.menu.map(\.index) == [1, 3] && menu.menu.first?.name == "Manual Mode")
        let inactive = try #require(new.first { $0.key == "white_balance_temperature" })
        #expect(inactive.flags.contains(.inactive) && inactive.value == .integer(4600) && inactive.minimum == 2800)
        #expect(new.first { $0.key == "brightness" }?.minimum == -64)
    }

    @Test func newLayoutDuplicatesAreKeptAndFlagged() throws {
        let r = try Self.importDir("02-arducam-1080p-h264-microdia-0c45-6366")
        #expect(r.device.captures.map(\.path) == ["/dev/video8", "/dev/video10"])
        #expect(r.device.nodes.map(\.path).contains("/dev/media4"))
        let mjpg = try #require(r.device.captures[0].formats.first)
        #expect(mjpg.fourcc.description == "MJPG" && mjpg.isCompressed && mjpg.description == "Motion-JPEG")
        #expect(r.device.captures[0].problems.filter { $0.kind == "duplicate" }.count >= 2)
    }

    @Test func ntscRatesAreExact() throws {
        let r = try Self.importDir("06-elgato-cam-link-4k", only: ["list-formats-ext.txt"])
        let f = try #require(r.device.captures.first?.formats.first)
        guard case .discrete(let d, .discrete(let ivs)) = f.sizes[0] else {
            Issue.record("discrete expected")
            return
        }
        #expect(d == Dimensions(width: 3840, height: 2160))
        #expect(ivs.map(\.interval) == [Rational(1001, 30000)])
        #expect(r.device.captures[0].formats.map(\.fourcc.description) == ["NV12", "NV12", "YU12"])
    }

    @Test func stepwiseAndContinuousRanges() throws {
        let text = """
            ioctl: VIDIOC_ENUM_FMT
            \tType: Video Capture Multiplanar

            \t[0]: 'NV12' (Y/UV 4:2:0)
            \t\tSize: Stepwise 16x16 - 16384x8640 with step 2/2
            \t[1]: 'YUYV' (YUYV 4:2:2)
            \t\tSize: Continuous 48x32 - 4096x2160
            \t\t\tInterval: Continuous 0.033s - 1.000s (1.000-30.000 fps)
            \t\tSize: Discrete 640x480
            \t\t\tInterval: Stepwise 0.017s - 1.000s with step 0.001s (1.000-59.940 fps)
            """
        let c = try V4L2CtlImporter.importText([("t.txt", text)]).device.captures[0]
        #expect(c.formats.allSatisfy { $0.bufferType == .videoCaptureMultiplanar })
        guard case .stepwise(let lo, let hi, let step, _, _) = c.formats[0].sizes[0] else {
            Issue.record("stepwise expected")
            return
        }
        #expect(
            lo == Dimensions(width: 16, height: 16) && hi == Dimensions(width: 16384, height: 8640)
                && step == Dimensions(width: 2, height: 2))
        guard case .continuous(_, let cmax, .continuous(let a, let b), _) = c.formats[1].sizes[0] else {
            Issue.record("continuous expected")
            return
        }
        #expect(cmax == Dimensions(width: 4096, height: 2160) && a.interval == Rational(1, 30) && b.interval == Rational(1, 1))
        guard case .discrete(_, .stepwise(let smin, _, _)) = c.formats[1].sizes[1] else {
            Issue.record("stepwise intervals expected")
            return
        }
        #expect(smin.interval == Rational(1001, 60000))
    }

    @Test func truncatedAndGarbageInputNameTheLine() throws {
        let text = "ioctl: VIDIOC_ENUM_FMT\n\tType: Video Capture\n\n\t[0]: 'MJPG' (Motion-JPEG, compressed)\n\t\tSize: Discrete 640x\n"
        do throws(TextImportError) {
            _ = try V4L2CtlImporter.importText([("cut.txt", text)])
            Issue.record("must fail")
        } catch {
            #expect(error.file == "cut.txt" && error.line == 5)
            #expect(error.message.contains("'640x' is not WIDTHxHEIGHT"))
        }
        let partial = try V4L2CtlImporter.importText([("cut.txt", text)], partial: true)
        #expect(partial.device.captures[0].formats.count == 1)
        #expect(partial.device.allProblems.contains { $0.kind == .skipped && $0.message.contains("cut.txt:5") })
        for garbage in ["\u{FF}\u{D8}\u{FF}\u{E0} JFIF", "hello world\nthis is not it", ""] {
            #expect(throws: TextImportError.self) { try V4L2CtlImporter.importText([("g", garbage)]) }
        }
        let badInterval =
            "ioctl: VIDIOC_ENUM_FMT\n\t[0]: 'YUYV' (YUYV)\n\t\tSize: Discrete 640x480\n\t\t\tInterval: Discrete 0.0s (x fps)\n"
        do throws(TextImportError) {
            _ = try V4L2CtlImporter.importText([("i.txt", badInterval)])
            Issue.record("must fail")
        } catch { #expect(error.line == 4) }
    }

    @Test func absurdNumbersAreRejectedOrBoundedNotTrapped() throws {
        let text =
            "ioctl: VIDIOC_ENUM_FMT\n\t[0]: 'YUYV' (YUYV)\n\t\tSize: Discrete 640x480\n\t\t\tInterval: Stepwise 0.033s - 1e300s with step 1e300s (0.000-30.000 fps)\n"
        let r = try V4L2CtlImporter.importText([("t", text)], partial: true)
        #expect(r.device.captures.count == 1)
        let huge = "ioctl: VIDIOC_ENUM_FMT\n\t[0]: 'YUYV' (YUYV)\n\t\tSize: Discrete 99999999999x1\n"
        #expect(throws: TextImportError.self) { try V4L2CtlImporter.importText([("h", huge)]) }
    }

    @Test func importedC525MatchesTheFixtureDeviceUpToRounding() throws {
        let imported = try Self.importDir("03-logitech-c525-falcons", only: ["list-formats-ext.txt"]).device.captures[0]
        // The capture node as the V4L2 layer reads it (what discovery reads for each capture node).
        let live = try #require(try FakeDeviceSystem(fixtures: [Self.repo + "/Tests/Fixtures/c525.json"]).capture())
        #expect(imported.formats.map(\.fourcc) == live.formats.map(\.fourcc))
        #expect(imported.formats.map { $0.sizes.map(\.largest) } == live.formats.map { $0.sizes.map(\.largest) })
        // The fixture keeps uvcvideo's 100 ns fractions (333333/10000000); the text only has rounded rates.
        func rates(_ c: CaptureNodeCapabilities) -> [[Int]] {
            c.formats.flatMap { $0.sizes }.map { s in
                guard case .discrete(_, .discrete(let l)) = s else { return [] }
                return l.map { Int((($0.fps ?? 0) * 10).rounded()) }
            }
        }
        #expect(rates(imported) == rates(live))
    }

    @Test func importedProfilesAreValidAndRoundTrip() throws {
        for dir in ["02-arducam-1080p-h264-microdia-0c45-6366", "03-logitech-c525-falcons", "25-emeet-smartcam-s800-4k"] {
            let d = try Self.importDir(dir, only: nil).device
            let doc = DeviceDocument(generator: "test", device: d)
            let json = JSONProfile.write(doc)
            #expect(JSONProfile.validate(Array(json.utf8)).isEmpty)
            #expect(try JSONProfile.read(Array(json.utf8)).device == d)
            let xml = try XMLProfile.write(doc)
            #expect(XMLProfile.validate(Array(xml.utf8)).isEmpty)
            #expect(try XMLProfile.read(Array(xml.utf8)).device == d)
        }
    }
}
