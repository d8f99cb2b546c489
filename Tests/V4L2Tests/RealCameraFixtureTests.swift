import CamProbe
import CamProbeTesting
import Foundation
import Testing

/// Counts in a v4l2-ctl dump, read with plain line matching (independent of
/// the converter and of camprobe).
struct DumpCounts {
    var formats = 0, sizes = 0, intervals = 0, controls = 0, menuItems = 0
    var fourccs: [String] = []

    init(formats text: String?, controls ctrls: String?) {
        for line in (text ?? "").split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            if let r = t.range(of: #"^\[\d+\]: '(.{4})'"#, options: .regularExpression) {
                formats += 1
                fourccs.append(String(t[r].suffix(5).prefix(4)))
            } else if t.hasPrefix("Pixel Format") {
                formats += 1
                if let q = t.firstIndex(of: "'") { fourccs.append(String(t[t.index(after: q)...].prefix(4))) }
            } else if t.hasPrefix("Size: Discrete") {
                sizes += 1
            } else if t.hasPrefix("Interval: Discrete") {
                intervals += 1
            }
        }
        for line in (ctrls ?? "").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.range(of: #"^\s*\S+( 0x[0-9a-f]{8})? \(\w+\)\s*:"#, options: .regularExpression) != nil {
                controls += 1
            } else if line.range(of: #"^\t+\d+: "#, options: .regularExpression) != nil {
                menuItems += 1
            }
        }
    }
}

@Suite("Real cameras from v4l2-ctl dumps")
struct RealCameraFixtureTests {
    static let cases: [(fixture: String, formats: String?, controls: String?)] = [
        ("arducam-0c45-6366.json", "02-arducam-1080p-h264-microdia-0c45-6366/list-formats-ext.txt", nil),
        ("c525.json", "03-logitech-c525-falcons/list-formats-ext.txt", "03-logitech-c525-falcons/list-ctrls-menus.txt"),
        ("camlink-4k.json", "06-elgato-cam-link-4k/list-formats-ext.txt", nil),
        ("pixpro-4k.json", "16-kodak-pixpro-4k-vr360/list-formats-ext.txt", nil),
        ("emeet-s800.json", "25-emeet-smartcam-s800-4k/list-formats-ext-video4.txt", nil),
        ("mission-control-4k.json", nil, "08-unknown-4k-uvc-camera-mission-control/list-ctrls.txt"),
    ]

    @Test(arguments: cases)
    func everyEntryOfTheDumpIsEnumerated(_ c: (fixture: String, formats: String?, controls: String?)) throws {
        let expected = DumpCounts(
            formats: try c.formats.map { try Fixtures.read("v4l2-ctl/" + $0) },
            controls: try c.controls.map { try Fixtures.read("v4l2-ctl/" + $0) })
        let sys = try Fixtures.system(c.fixture)
        let r = sys.discoverAll()
        #expect(r.devices.count == 1)
        let cap = try #require(r.devices.first?.captures.first)
        if c.formats != nil {
            #expect(cap.formats.map { $0.fourcc.description } == expected.fourccs)
            #expect(cap.discreteSizeCount == expected.sizes)
            #expect(cap.discreteIntervalCount == expected.intervals)
        }
        if c.controls != nil {
            #expect(cap.controls?.count == expected.controls)
            #expect(cap.controls?.reduce(0) { $0 + $1.menu.count } == expected.menuItems)
        }
        // Nothing failed; only duplicates the driver really reported may be flagged.
        #expect(cap.problems.allSatisfy { $0.kind == "duplicate" })
        // The fewest ioctls that can read this, and none that changes state.
        #expect(sys.ioctlCounts.values.reduce(0, +) == sys.spec.nodes.map(MinimumIoctls.forNode).reduce(0, +))
        #expect(sys.openedPorts.allSatisfy { $0.stateChanging == 0 })
    }

    @Test func arducamKeepsDuplicateSizesAndIntervals() throws {
        let d = try #require(try Fixtures.system("arducam-0c45-6366.json").discoverAll().devices.first)
        #expect(d.nodes.map(\.role) == ["capture", "metadata", "media"])
        let mjpg = try #require(d.captures[0].format("MJPG"))
        #expect(mjpg.sizes.map { "\($0.largest)" } == ["1920x1080", "1280x720", "640x480", "320x240", "1920x1080"])
        guard case .discrete(_, .discrete(let l)) = mjpg.sizes[0] else {
            Issue.record("not discrete")
            return
        }
        #expect(l.map(\.interval.description) == ["333333/10000000", "333333/10000000"])
        #expect(d.captures[0].problems.filter { $0.kind == "duplicate" }.count == 2)
        #expect(d.id.rawValue == "usb-0c45:6366-SN0001")
    }

    @Test func camLinkNTSCRateIsExactAndFormatsRepeat() throws {
        let c = try #require(try Fixtures.system("camlink-4k.json").discoverAll().devices.first?.captures.first)
        #expect(c.formats.map(\.fourcc.description) == ["NV12", "NV12", "YU12"])
        guard case .discrete(_, .discrete(let l)) = c.formats[0].sizes[0] else {
            Issue.record("not discrete")
            return
        }
        #expect(l.first?.interval.description == "333667/10000000")
        #expect(formatFPS(l.first?.fps ?? 0) == "29.97")
    }

    @Test func c525HasItsCameraControlsUnderTheirOldNames() throws {
        let c = try #require(try Fixtures.system("c525.json").discoverAll().devices.first?.captures.first)
        #expect(c.discreteSizeCount > 40)
        for key in [
            "pan_absolute", "tilt_absolute", "zoom_absolute", "focus_auto", "focus_absolute", "led1_mode", "exposure_auto_priority",
        ] {
            #expect(c.control(key) != nil, "missing \(key)")
        }
        #expect(c.control("exposure_auto_priority")?.value == .integer(1))
        #expect(c.control("led1_mode")?.menu.map(\.name) == ["Off", "On", "Blink", "Auto"])
        #expect(c.control("pan_absolute")?.step == 3600)
        #expect(c.control("focus_absolute")?.controlClass == "camera")
    }

    @Test func pixproSquareSizes() throws {
        let c = try #require(try Fixtures.system("pixpro-4k.json").discoverAll().devices.first?.captures.first)
        let squares = c.formats.flatMap(\.sizes).map(\.largest).filter { $0.width == $0.height }
        #expect(squares.contains(Dimensions(width: 2880, height: 2880)))
        #expect(squares.contains(Dimensions(width: 1440, height: 1440)))
    }

    @Test func emeetGroupsCaptureMetadataAndMediaNodes() throws {
        let r = try Fixtures.system("emeet-s800.json").discoverAll()
        #expect(r.devices.count == 1)
        #expect(r.devices[0].nodes.map(\.path) == ["/dev/video4", "/dev/video5", "/dev/media2"])
        #expect(r.devices[0].transport.label == "USB 3.0 SuperSpeed (5000 Mbit/s)")
    }

    @Test func largeSyntheticDeviceIsReadInFullWithTheMinimumIoctls() throws {
        let sys = try Fixtures.system("large-synthetic.json")
        let c = try #require(sys.discoverAll().devices.first?.captures.first)
        #expect(c.formats.count == 24 && c.discreteSizeCount == 24 * 40 && c.discreteIntervalCount == 24 * 40 * 10)
        #expect(c.controls?.count == 64)
        #expect(sys.ioctlCounts.values.reduce(0, +) == MinimumIoctls.forNode(sys.spec.nodes[0]))
    }
}
