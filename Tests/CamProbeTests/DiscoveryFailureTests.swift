import CamProbe
import CamProbeTesting
import Testing

/// Discovery's own answers when a node fails before it can be enumerated (the enumeration's failures are
/// V4L2Tests' `FailureTests`).
@Suite("Discovery of nodes that fail at open")
struct DiscoveryFailureTests {
    @Test func eaccesAtOpenNamesTheGroup() throws {
        let sys = try Fixtures.system(json: #"{"nodes":["# + webcamNode(extra: #""openError":"EACCES""#) + "]}")
        let r = sys.discoverAll()
        let d = try #require(r.devices.first)
        #expect(d.captures.isEmpty)
        let p = try #require(d.problems.first)
        #expect(p.kind == "access")
        #expect(p.message.contains("Permission denied"))
        #expect(p.message.contains("'video' group"))
    }

    @Test func nodeThatVanishesBeforeOpenIsSkippedWithAProblem() throws {
        let json =
            #"{"nodes":["# + webcamNode() + "," + webcamNode(path: "/dev/video2", bus: "usb-2", extra: #""openError":"ENOENT""#) + "]}"
        let r = try Fixtures.system(json: json).discoverAll()
        #expect(r.devices.count == 1)
        #expect(r.problems.first?.message.contains("/dev/video2 vanished") == true)
    }
}
