import CamProbe
import Testing

@Suite("Registry statistics' sample window")
struct SampleWindowTests {
    @Test func sampleWindowKeepsTheNewestAndCountsAll() {
        var w = SampleWindow(capacity: 4)
        for v in 1...10 { w.append(UInt64(v)) }
        #expect(w.values == [7, 8, 9, 10])
        #expect(w.total == 10)
    }
}
