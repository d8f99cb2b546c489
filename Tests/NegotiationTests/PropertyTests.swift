import CaptureModel
import DeviceFixtures
import Testing

@testable import Negotiation

/// Random requests against every camera: what must hold for any of them.
@Suite("Negotiation properties over random requests")
struct PropertyTests {
    typealias Rng = SeededRandom

    static let sizes = [
        Dimensions(width: 320, height: 240), Dimensions(width: 640, height: 480), Dimensions(width: 1280, height: 720),
        Dimensions(width: 1920, height: 1080), Dimensions(width: 3840, height: 2160), Dimensions(width: 1000, height: 600),
        Dimensions(width: 160, height: 120), Dimensions(width: 800, height: 448),
    ]
    static let rates = [
        Rational(30, 1), Rational(30000, 1001), Rational(60, 1), Rational(25, 1), Rational(15, 1), Rational(5, 1), Rational(120, 1),
        Rational(15, 2),
    ]

    static func randomRequest(_ g: inout Rng, formats: [FourCC]) -> CaptureRequest {
        var r = CaptureRequest()
        let s = g.pick(sizes)
        switch g.next() % 4 {
        case 0: r.size = .exact(s)
        case 1: r.size = .atLeast(s)
        case 2: r.size = .nearest(s)
        default: break
        }
        let f = g.pick(rates)
        switch g.next() % 4 {
        case 0: r.rate = .exact(f)
        case 1: r.rate = .atLeast(f)
        case 2: r.rate = .range(min: Rational(5, 1), max: f)
        default: break
        }
        switch g.next() % 5 {
        case 0: r.format = .raw
        case 1: r.format = .compressed
        case 2: if !formats.isEmpty { r.format = .list([g.pick(formats)]) }
        default: break
        }
        r.nativeOnly = g.next() % 3 == 0
        return r
    }

    @Test(arguments: Cameras.fixtureNames + Cameras.profileNames)
    func invariants(camera: String) throws {
        let d = try Cameras.named(camera)
        let node = try #require(d.captures.first { !$0.formats.isEmpty })
        var g = Rng(seed: 0xC0FFEE ^ UInt64(camera.utf8.count))
        let n = camera == "large-synthetic" ? 40 : 150
        for _ in 0..<n {
            let r = Self.randomRequest(&g, formats: node.formats.map(\.fourcc))
            let decision = Negotiator.decide(r, for: node, transport: d.transport, controls: node.controls)
            guard let c = decision.choice else {
                #expect(decision.outcome == .unsupported && !decision.reasons.isEmpty)
                continue
            }
            // 1. An advertised mode, at a rate the mode advertises (exact fractions).
            let targets: [Dimensions] =
                switch r.size {
                case .exact(let t), .atLeast(let t), .nearest(let t): [t]
                case nil: []
                }
            let modes = ModeExpansion.candidates(of: node, targets: targets)
            let same = modes.filter { $0.fourcc == c.fourcc && $0.size == c.size && $0.isEmulated == c.isEmulated }
            #expect(!same.isEmpty, "\(c.summary) is not an advertised mode")
            if let iv = c.frameInterval { #expect(same.contains { $0.rates.contains(iv.interval) }, "\(c.summary): rate not advertised") }
            // 2. Valid means exactly what was asked.
            if decision.outcome == .valid {
                if case .exact(let t) = r.size { #expect(c.size == t) }
                if case .atLeast(let t) = r.size { #expect(c.size.width >= t.width && c.size.height >= t.height) }
                if case .exact(let f) = r.rate, let iv = c.frameInterval { #expect(RateOffer.sameRate(iv.interval, f.reciprocal)) }
                if case .list(let l) = r.format { #expect(l.contains(c.fourcc)) }
                #expect(decision.changes.isEmpty)
            } else {
                #expect(!decision.changes.isEmpty || r.aspectRatio != nil, "adjusted without saying what changed")
            }
            // 3. Hard constraints hold.
            if r.nativeOnly { #expect(!c.isEmulated) }
            if case .raw = r.format { #expect(!c.isCompressed) }
            if case .compressed = r.format { #expect(c.isCompressed) }
            // 4. Never worse than any alternative under the stated score (brute force over every candidate).
            let limit = Bandwidth.transportLimit(d.transport)
            let largest = modes.map(\.size.area).max() ?? 1
            let scores = modes.filter { m in
                !(r.nativeOnly && m.isEmulated)
                    && !({
                        if case .raw = r.format { return m.isCompressed }
                        if case .compressed = r.format { return !m.isCompressed }
                        return false
                    }())
            }.map { Negotiator.score($0, r, largestArea: largest, linkLimit: limit).total }
            let best = try #require(decision.alternatives.first)
            #expect(best.score <= (scores.min() ?? .infinity) + 1e-9)
            #expect(zip(decision.alternatives, decision.alternatives.dropFirst()).allSatisfy { $0.score <= $1.score })
            // 5. Native before emulated whenever a native mode meets the request.
            if c.isEmulated {
                #expect(!modes.contains { !$0.isEmulated && Negotiator.score($0, r, largestArea: largest, linkLimit: limit).meets })
            }
        }
    }
}
