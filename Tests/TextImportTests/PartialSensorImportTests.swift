import CaptureModel
import DeviceFixtures
import Foundation
import Negotiation
import Testing
import TextImport

/// A media-controller camera imported from partial text (P17 item 1): `media-ctl -p`, `v4l2-ctl --all`
/// of both unicam nodes and an unlabelled `--list-formats-ext`, with no subdevice listings
/// (Fixtures/media-ctl/pi-partial). Unknown stays unknown: the listing is the only video node's, the
/// receiver's limits are not offered as modes, the active sensor mode is one known mode, and the
/// answer names the sensor and what to paste — never "offers no formats".
@Suite("Partial media-controller text")
struct PartialSensorImportTests {
    static func device() throws -> Device {
        let files =
            ["media-ctl/pi/media-ctl-p.txt"]
            + ["video0-all.txt", "video1-all.txt", "list-formats-ext.txt"].map {
                "media-ctl/pi-partial/" + $0
            }
        let inputs = try files.map { (name: Fixtures.path($0), text: try Fixtures.read($0)) }
        let r = try MediaCtlImporter.importText(inputs)
        try #require(r.devices.count == 1)
        return r.devices[0]
    }

    @Test func theUnlabelledListingIsTheOnlyVideoNodesWithANote() throws {
        let d = try Self.device()
        #expect(d.captures.map(\.path) == ["/dev/video0"])
        #expect(
            d.allProblems.contains {
                $0.kind == .imported && $0.message.hasSuffix("taken to be /dev/video0 (unicam-image), the graph's only video capture node")
            }, "\(d.allProblems.map(\.message))")
        #expect(!d.allProblems.contains { $0.message.contains("not used") })
    }

    @Test func theActiveSensorModeIsTheOnlyModeAndTheReceiversLimitsAreNotOffered() throws {
        let c = try #require(try Self.device().captures.first)
        #expect(c.formats.map(\.fourcc.description) == ["BG10", "pBAA"])
        for f in c.formats {
            #expect(f.sizes.count == 1)
            guard case .discrete(let size, let intervals) = try #require(f.sizes.first) else {
                Issue.record("\(f.fourcc): not one fixed size: \(f.sizes)")
                continue
            }
            #expect(size == Dimensions(width: 1536, height: 864))
            if case .unknown = intervals {} else { Issue.record("\(f.fourcc): the rate must be unknown, got \(intervals)") }
        }
    }

    @Test func theAnswerNamesTheSensorAndWhatToPasteNeverNoFormats() throws {
        let d = try Self.device()
        let decision = Negotiator.decide(preset: .high, across: d)
        #expect(decision.path == "/dev/video0")
        #expect(decision.decision.outcome == .adjusted)
        let text = decision.decision.explanation.joined(separator: "\n")
        #expect(text.contains("the sensor 'imx708 10-001a'") && text.contains("only its active mode (SBGGR10_1X10/1536x864)"), "\(text)")
        #expect(text.contains("v4l2-ctl -d /dev/v4l-subdev1 --list-subdev-mbus-codes pad=0") && text.contains("cam -l"))
        #expect(!(decision.decision.reasons + decision.decision.explanation).contains { $0.contains("offers no formats") })
    }

    @Test func withNoModeKnownTheAnswerIsUnknownNotNoFormats() throws {
        var d = try Self.device()
        d.sensor?.source.active = nil
        for i in d.captures.indices { d.captures[i].formats = [] }
        let decision = Negotiator.decide(preset: .high, across: d)
        #expect(decision.decision.outcome == .unsupported)
        #expect(decision.decision.reasons.first?.contains("none of its modes is known") == true, "\(decision.decision.reasons)")
        #expect(!decision.decision.reasons.contains { $0.contains("offers no formats") })
    }
}
