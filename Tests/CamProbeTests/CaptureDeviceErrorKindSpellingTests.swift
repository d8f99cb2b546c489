import CamProbe
import Testing

@Suite("Closed sets keep their JSON spelling")
struct CaptureDeviceErrorKindSpellingTests {
    @Test func holderErrorKinds() {
        #expect(
            CaptureDeviceError.Kind.allCases.map(\.rawValue) == [
                "disconnected", "closed", "failed", "busy", "stalled", "released", "interrupted",
            ])
    }
}
