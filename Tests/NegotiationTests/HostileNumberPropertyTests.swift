import CaptureModel
import DeviceFixtures
import Negotiation
import Testing

/// Presets, free requests and best-mode summaries over the whole UInt32 range
/// of sizes, steps and intervals: nothing traps, every score prints, every
/// choice is a size the node offers.
@Suite("Hostile numbers: properties")
struct HostileNumberPropertyTests {
    /// 800 random nodes (edge values 0, 1, 2, UInt32.max-1, UInt32.max half the
    /// time), each with every preset and four random requests on a random transport
    /// (12,000 decisions).
    @Test func randomNodesAndRequests() {
        var g = Hostile.Rng(seed: 0x5EED_0001)
        for _ in 0..<800 {
            let node = Hostile.node(&g)
            let requests = (0..<4).map { _ in Hostile.request(&g) }
            Hostile.exercise(node, transport: g.pick(Hostile.transports), requests: requests)
        }
    }

    /// Every combination of edge values as a discrete size, a stepwise range and an interval.
    @Test func edgeValueGrid() {
        let e = Hostile.edges
        var sizes: [FrameSize] = []
        for w in e { for h in e { sizes.append(.discrete(Dimensions(width: w, height: h), intervals: .discrete([FrameDuration(w, h)]))) } }
        for lo in e {
            for hi in e {
                for st in e {
                    sizes.append(
                        .stepwise(
                            min: Dimensions(width: lo, height: lo), max: Dimensions(width: hi, height: hi),
                            step: Dimensions(width: st, height: st),
                            intervalsAtMin: .stepwise(min: FrameDuration(lo, hi), max: FrameDuration(hi, lo), step: FrameDuration(st, st)),
                            intervalsAtMax: .continuous(min: FrameDuration(1, hi), max: FrameDuration(lo, 1))))
                }
            }
        }
        for s in sizes {
            Hostile.exercise(Hostile.node([s]), transport: Transport(kind: "usb", speedMbps: 480), requests: HostileNumberTests.cliRequests)
        }
    }
}
