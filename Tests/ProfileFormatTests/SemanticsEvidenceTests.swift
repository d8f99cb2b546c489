import CaptureModel
import ProfileFormat
import Testing

/// Unknown is not absent: a control dump without menu items (`v4l2-ctl -l`) says what it cannot tell.
@Suite("Semantics on partial data")
struct SemanticsEvidenceTests {
    static func semantics(_ name: String) throws -> CaptureSemantics {
        let doc = try JSONProfile.read(try ProfileTestFiles.bytes(ProfileTestFiles.root + "/Profiles/" + name))
        return try #require(doc.device.captures.first?.semantics)
    }

    static func mode(_ s: CaptureSemantics, _ name: String) -> ModeSupport? { s.exposure.modes.first { $0.mode == name } }

    @Test func anUnlistedMenuIsUnknownAndTheCurrentValueIsSupported() throws {
        // The 4K UVC camera's -l dump: auto_exposure=3 (aperture priority), no menu items listed.
        let s = try Self.semantics("imported-mission-control-4k.json")
        let auto = try #require(Self.mode(s, "continuousAutoExposure"))
        #expect(auto.supported && auto.evidence == .derived && auto.note.contains("aperture priority"))
        let locked = try #require(Self.mode(s, "locked"))
        #expect(!locked.supported && locked.isUnknown && locked.note.contains("not listed"))
        #expect(!s.exposure.modes.contains { $0.note.contains("lacks") })
    }

    @Test func aCurrentValueMissingFromTheListedItemsIsStillSupported() throws {
        let s = try Self.semantics("imported-emeet-s800.json")
        let auto = try #require(Self.mode(s, "continuousAutoExposure"))
        #expect(auto.supported, "\(auto.note)")
    }

    @Test func noZoomFactorFromARangeStartingAtZero() throws {
        let s = try Self.semantics("imported-mission-control-4k.json")
        #expect(s.zoom.factorRange == nil)
        #expect(!s.zoom.note.contains("value / minimum"), "\(s.zoom.note)")
        #expect(s.zoom.note.contains("no factor"))
    }
}
