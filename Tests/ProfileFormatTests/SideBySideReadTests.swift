import Dispatch
import ProfileFormat
import Testing

/// A large JSON profile is checked and decoded side by side (`concurrentPerform`) only where no task runs: read
/// from a task, on the cooperative pool, the two halves run in turn, so the task's thread never waits for another.
@Suite("Reading a profile: side by side only off the pool")
struct SideBySideReadTests {
    static let large = JSONProfile.parse(Array(repeating: UInt8(ascii: " "), count: 300 << 10))
    static let small = JSONProfile.parse(Array("{}".utf8))

    @Test func fromATaskTheHalvesRunInTurn() async {
        // Read into a Bool first: a failed expectation would otherwise print the whole document.
        let large = Self.large.readsSideBySide
        let small = Self.small.readsSideBySide
        #expect(!large)
        #expect(!small)
    }

    @Test func onAThreadOfItsOwnALargeDocumentIsReadSideBySide() async {
        let (large, small) = await withCheckedContinuation { (c: CheckedContinuation<(Bool, Bool), Never>) in
            DispatchQueue.global().async { c.resume(returning: (Self.large.readsSideBySide, Self.small.readsSideBySide)) }
        }
        #expect(large)
        #expect(!small)
    }
}
