import CaptureModel
import Testing
import V4L2
import V4L2Testing

/// Regressions for defects found by reading the code (each failed before its fix).
@Suite("Defect regressions", .serialized)
struct DefectRegressionTests {
    /// `UInt32(c.maximum + 1)` trapped on a string control with a negative
    /// maximum, and allocated without bound on a huge one.
    @Test func stringControlsWithHostileMaximaAreReadSafely() throws {
        let controls = #"""
                        ,{"id":"0x00a00001","name":"Negative","type":"str","min":0,"max":-5,"step":1,"elemSize":0,"value":"x"},
                        {"id":"0x00a00002","name":"Huge","type":"str","min":0,"max":1099511627776,"step":1,"elemSize":0,"value":"y"},
                        {"id":"0x00a00003","name":"Fine","type":"str","min":0,"max":31,"step":1,"value":"ok"}
            """#
        let node = streamableNode(moreControls: controls)
        let sys = try Fixtures.system(json: #"{"nodes":["# + node + "]}")
        let c = try #require(sys.capture())
        #expect(c.control("brightness")?.value == .integer(140))
        #expect(c.control("fine")?.value == .string("ok"))
        #expect(c.control("negative")?.value == nil)
        #expect(c.control("huge")?.value == nil)
    }
}
