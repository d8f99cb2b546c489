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

/// Real cameras' fixtures read whole by discovery: every node, grouped into one device, with the fewest
/// ioctls (what one node's enumeration reads is V4L2Tests' `RealCameraFixtureTests`).
@Suite("Real cameras from v4l2-ctl dumps, discovered")
struct RealCameraDiscoveryTests {
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

    @Test func emeetGroupsCaptureMetadataAndMediaNodes() throws {
        let r = try Fixtures.system("emeet-s800.json").discoverAll()
        #expect(r.devices.count == 1)
        #expect(r.devices[0].nodes.map(\.path) == ["/dev/video4", "/dev/video5", "/dev/media2"])
        #expect(r.devices[0].transport.label == "USB 3.0 SuperSpeed (5000 Mbit/s)")
    }
}
