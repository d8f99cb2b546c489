import Foundation
import Testing

/// `monitor --restore NAME --reassert` from the command line. The reassertion itself (another writer, a
/// fight) runs through the fake seam in V4L2Tests/ControlReassertSeamTests.swift: this target links only
/// the binaries.
@Suite("monitor --reassert")
struct ReassertTests {
    static let c525 = ProfileCommandEndToEndTests.root + "/Tests/Fixtures/c525.json"

    @Test func reassertNeedsRestore() throws {
        let r = try CLI.run(["monitor", "--fixture", Self.c525, "--reassert"])
        #expect(r.status == 2 && r.stderr.contains("--reassert needs --restore NAME"))
    }

    @Test func reassertIsDocumented() throws {
        let r = try CLI.run(["monitor", "--help"])
        #expect(r.stdout.contains("--reassert") && r.stdout.contains("gives up"))
    }
}
