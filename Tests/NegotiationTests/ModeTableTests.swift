import CaptureModel
import Testing

@testable import Negotiation

/// The mode table: built once per node, scoring work per distinct size / rate offer / format, not per mode,
/// and the same decisions as without it. Counts only, never times.
@Suite("Mode table")
struct ModeTableTests {
    static func large() throws -> CaptureNodeCapabilities {
        try #require(try Cameras.named("large-synthetic").captures.first)
    }

    @Test func theLargeDeviceIsNumberedByDistinctSizeOfferAndFormat() throws {
        let node = try Self.large()
        let table = ModeTable(node: node)
        // 24 formats × 40 sizes, every size with the same 10 intervals.
        #expect(table.modes.count == 960)
        #expect(table.modes.count == ModeExpansion.candidates(of: node, targets: []).count)
        #expect(table.sizes.count == 40)
        #expect(table.offers.count == 1)
        #expect(table.fourccs.count == 24)
        #expect(!table.dependsOnTargets)
    }

    @Test func aDecisionWorksOutEachDistinctTermOnce() throws {
        let table = ModeTable(node: try Self.large())
        let r = CaptureRequest(size: .nearest(Dimensions(width: 1000, height: 700)), rate: .atLeast(Rational(25, 1)))
        let e = ModeEvaluation(table, r, linkLimit: nil)
        // Logarithms for 40 sizes and one rate offer, not for 960 modes.
        #expect(e.sizeTerms.count == 40)
        #expect(e.rateTerms.count == 1)
        #expect(e.formatTerms.count == 24)
        // Each mode's look-up score is the full score.
        for i in table.modes.indices {
            let full = Negotiator.score(table.modes[i], r, largestArea: table.largestArea, linkLimit: nil)
            #expect(e.light(i).total == full.total)
        }
    }

    @Test func aDiscreteNodeKeepsItsTableForEverySize() throws {
        let table = ModeTable(node: try Self.large())
        let served = table.serving([Dimensions(width: 1000, height: 700)])
        let same = table.modes.withUnsafeBufferPointer { a in served.modes.withUnsafeBufferPointer { $0.baseAddress == a.baseAddress } }
        #expect(same)  // not expanded again
    }

    @Test func aRangeIsExpandedAgainForASizeInsideIt() throws {
        let node = try #require(try Cameras.stepwiseReceiver().captures.first)
        let table = ModeTable(node: node)
        #expect(table.dependsOnTargets)
        let inside = Dimensions(width: 1000, height: 700)
        let served = table.serving([inside])
        #expect(served.modes.count == ModeExpansion.candidates(of: node, targets: [inside]).count)
        #expect(served.modes.contains { $0.size == inside })
    }

    @Test func aReusedTableGivesTheSameDecisions() throws {
        for name in ["large-synthetic", "c525", "vivid-multiplanar-hdmi"] {
            let device = try Cameras.named(name)
            let tables = ModeTable.tables(for: device)
            #expect(tables.count == device.captures.count)
            for r in GoldenGrid.requests().prefix(40).map(\.request) {
                #expect(Negotiator.decide(r, across: device, using: tables) == Negotiator.decide(r, across: device))
            }
            for p in SessionPreset.allCases {
                #expect(Negotiator.decide(preset: p, across: device, using: tables) == Negotiator.decide(preset: p, across: device))
            }
        }
    }
}
