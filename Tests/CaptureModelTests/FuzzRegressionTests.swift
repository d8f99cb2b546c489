import CaptureModel
import Testing

/// Inputs the fuzzer found crashing (fixed); kept so they stay fixed.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    @Test(arguments: [1e300, Double.infinity, -1, Double.nan, 4.8e9])
    func absurdLinkSpeedsAreLabelledNotTrapped(speed: Double) {
        let t = Transport(kind: "usb", speedMbps: speed)
        #expect(t.label.hasPrefix("USB"))
    }
}
