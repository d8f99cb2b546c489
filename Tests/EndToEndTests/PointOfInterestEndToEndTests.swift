import CaptureModel
import Foundation
import Testing

/// `ctl focus-point` / `exposure-point` and compound values in `show`,
/// through the built binary on a fake UVC camera with region-of-interest controls.
@Suite("camprobe ctl focus-point / exposure-point")
struct PointOfInterestEndToEndTests {
    static let roi = ProfileCommandEndToEndTests.root + "/Tests/Fixtures/uvc-roi.json"
    static let c525 = ProfileCommandEndToEndTests.root + "/Tests/Fixtures/c525.json"

    @Test func focusPointSetsTheRectangleAndTheFocusBit() throws {
        let r = try CLI.run(["ctl", "0", "--fixture", Self.roi, "focus-point", "0.5,0.5"])
        #expect(r.status == 0, "\(r.stderr)")
        // 640x480, region 100x80 centred on (320,240).
        #expect(r.stdout.contains("region_of_interest_rect: left 0 top 0 width 100 height 80 → left 270 top 200 width 100 height 80"))
        #expect(r.stdout.contains("region_of_interest_auto: 0x1 → 0x9"))
        let eq = try CLI.run(["ctl", "0", "--fixture", Self.roi, "exposure-point=1,1", "--json"])
        #expect(eq.status == 0, "\(eq.stderr)")
        #expect(eq.stdout.contains("\"left\" : 540") || eq.stdout.contains("\"left\":540"), "\(eq.stdout)")
    }

    @Test func refusalsAreClearAndNonZero() throws {
        let out = try CLI.run(["ctl", "0", "--fixture", Self.roi, "focus-point", "1.5,0"])
        #expect(out.status != 0 && out.stderr.contains("outside the picture"), "\(out.stderr)")
        let none = try CLI.run(["ctl", "0", "--fixture", Self.c525, "exposure-point", "0.5,0.5"])
        #expect(none.status != 0)
        #expect(none.stderr.contains("not supported: the camera has no UVC region-of-interest controls"), "\(none.stderr)")
    }

    @Test func showPrintsTheRectWithItsRange() throws {
        let r = try CLI.run(["show", "0", "--fixture", Self.roi])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                "= left 0 top 0 width 100 height 80  min left 0 top 0 width 1 height 1  max left 0 top 0 width 640 height 480"),
            "\(r.stdout)")
    }
}
