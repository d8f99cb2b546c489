import FoundationEssentials
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Pins every decision of the golden grid (`GoldenGrid`) to the checked-in rendering, so a change of
/// the engine's internals cannot change a status, a choice, a change, a reason, an explanation or the
/// ranking. To record the file anew (only for an intended change): `CAMPROBE_GOLDEN_UPDATE=1 swift test --filter Golden`.
@Suite("Golden decisions")
struct GoldenTests {
    @Test func everyDecisionMatchesTheGoldenFile() throws {
        let actual = GoldenGrid.render()
        if getenv("CAMPROBE_GOLDEN_UPDATE") != nil {
            try Data(actual.utf8).write(to: URL(fileURLWithPath: GoldenGrid.file))
            return
        }
        let golden = String(decoding: try Data(contentsOf: URL(fileURLWithPath: GoldenGrid.file)), as: UTF8.self)
        guard actual != golden else { return }
        try? Data(actual.utf8).write(to: URL(fileURLWithPath: "/tmp/camprobe-golden-actual.txt"))
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let g = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let first = (0..<min(a.count, g.count)).first { a[$0] != g[$0] } ?? min(a.count, g.count)
        let header = g[..<min(first + 1, g.count)].last { $0.hasPrefix("== ") } ?? "?"
        Issue.record(
            """
            decisions differ from the golden file (\(a.count) lines vs \(g.count)); first at line \(first + 1), in \(header):
              golden: \(first < g.count ? g[first] : "<end>")
              actual: \(first < a.count ? a[first] : "<end>")
            (the whole rendering is in /tmp/camprobe-golden-actual.txt)
            """)
    }

    @Test func theGridCoversEveryDeviceAndRequestKind() {
        let devices = GoldenGrid.devices()
        // 16 profiles, the fixtures' devices, the stepwise receiver.
        #expect(devices.count >= 25)
        #expect(devices.contains { $0.name.hasPrefix("fixture large-synthetic") })
        #expect(GoldenGrid.requests().count >= 70)
    }
}
