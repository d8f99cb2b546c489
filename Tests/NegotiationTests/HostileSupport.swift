import CaptureModel
import DeviceFixtures
import FoundationEssentials
import Negotiation
import Testing

/// Hostile numbers for the negotiation: nodes built from any UInt32 sizes,
/// steps and intervals, and the checks `camprobe negotiate` and `show` rely on.
enum Hostile {
    typealias Rng = SeededRandom

    static let edges = SeededRandom.edges

    static func intervals(_ g: inout Rng) -> FrameIntervals {
        switch g.next() % 5 {
        case 0: .discrete((0..<Int(g.next() % 4)).map { _ in g.duration() })
        case 1: .stepwise(min: g.duration(), max: g.duration(), step: g.duration())
        case 2: .continuous(min: g.duration(), max: g.duration())
        case 3: .unknown(reason: "hostile")
        default: .discrete([FrameDuration(1, 30), g.duration()])
        }
    }

    static func size(_ g: inout Rng) -> FrameSize {
        switch g.next() % 3 {
        case 0: .discrete(g.dims(), intervals: intervals(&g))
        case 1: .stepwise(min: g.dims(), max: g.dims(), step: g.dims(), intervalsAtMin: intervals(&g), intervalsAtMax: intervals(&g))
        default: .continuous(min: g.dims(), max: g.dims(), intervalsAtMin: intervals(&g), intervalsAtMax: intervals(&g))
        }
    }

    /// YUYV (raw), MJPG (compressed) and emulated RGB3, each with `sizes`.
    static func node(_ sizes: [FrameSize]) -> CaptureNodeCapabilities {
        let formats = [("YUYV", FormatFlags()), ("MJPG", FormatFlags.compressed), ("RGB3", FormatFlags.emulated)].enumerated().map { i, f in
            PixelFormat(index: UInt32(i), fourcc: FourCC(f.0)!, description: f.0, bufferType: .videoCapture, flags: f.1, sizes: sizes)
        }
        return CaptureNodeCapabilities(
            path: "/dev/video0",
            identity: NodeIdentity(
                driver: "uvcvideo", card: "hostile", busInfo: "usb-1", version: "6.1.0",
                capabilities: [], deviceCaps: [.videoCapture]), formats: formats)
    }

    static func node(_ g: inout Rng) -> CaptureNodeCapabilities {
        node((0..<(1 + Int(g.next() % 3))).map { _ in size(&g) })
    }

    static func rational(_ g: inout Rng) -> Rational { Rational(g.u32(), g.u32()) }

    /// A free request with any numbers in it, as the API allows (the CLI allows fewer).
    static func request(_ g: inout Rng) -> CaptureRequest {
        var r = CaptureRequest()
        let d = g.dims()
        switch g.next() % 4 {
        case 0: r.size = .exact(d)
        case 1: r.size = .atLeast(d)
        case 2: r.size = .nearest(d)
        default: break
        }
        switch g.next() % 4 {
        case 0: r.rate = .exact(rational(&g))
        case 1: r.rate = .atLeast(rational(&g))
        case 2: r.rate = .range(min: rational(&g), max: rational(&g))
        default: break
        }
        switch g.next() % 5 {
        case 0: r.format = .raw
        case 1: r.format = .compressed
        case 2: r.format = .list([FourCC("MJPG"), FourCC("YUYV")])
        default: break
        }
        r.nativeOnly = g.next() % 3 == 0
        if g.next() % 4 == 0 { r.aspectRatio = rational(&g) }
        if g.next() % 4 == 0 { r.bandwidthBytesPerSecond = g.next() % 2 == 0 ? g.next() : UInt64(g.u32()) }
        r.requireRate = g.next() % 4 == 0
        return r
    }

    static let transports: [Transport?] = [
        nil, Transport(kind: "usb", speedMbps: 480), Transport(kind: "usb", speedMbps: 12), Transport(kind: "usb", speedMbps: 5000),
    ]

    /// What `camprobe negotiate` does with a decision, and what must hold of it:
    /// scores that print through Int, an offered size, JSON (the `--emit` commands of such
    /// choices: CommandEmittersTests).
    static func check(_ d: Decision, _ node: CaptureNodeCapabilities, sourceLocation: SourceLocation = #_sourceLocation) {
        for a in d.alternatives {
            #expect(a.score.isFinite && abs(a.score) < 1e12, "score \(a.score)", sourceLocation: sourceLocation)
            // Costs are never negative and the tie-breaks stay tiny, whatever the size.
            #expect(a.score > -1, "score \(a.score) of \(a.choice.summary)", sourceLocation: sourceLocation)
            _ = String(Double(Int(a.score * 100)) / 100)  // DecisionRenderer's ranking column
            _ = a.choice.fastestInterval.flatMap(\.fps).map(formatFPS)
            _ = a.choice.slowestInterval.flatMap(\.fps).map(formatFPS)
            _ = a.choice.summary
        }
        if let c = d.choice {
            #expect(
                node.formats.contains { $0.fourcc == c.fourcc && $0.sizes.contains { $0.contains(c.size) } },
                "\(c.summary) is not offered", sourceLocation: sourceLocation)
            _ = c.bytesPerSecond.map(Bandwidth.describe)
        } else {
            #expect(d.outcome == .unsupported && !d.reasons.isEmpty, sourceLocation: sourceLocation)
        }
        #expect(throws: Never.self, sourceLocation: sourceLocation) { _ = try JSONEncoder().encode(d) }
    }

    /// Every preset, the given requests, and the best-mode summary (`show`, `list`).
    static func exercise(
        _ node: CaptureNodeCapabilities, transport: Transport?, requests: [CaptureRequest],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for p in SessionPreset.allCases {
            check(
                Negotiator.decide(preset: p, for: node, transport: transport, controls: node.controls), node, sourceLocation: sourceLocation
            )
        }
        for r in requests {
            check(Negotiator.decide(r, for: node, transport: transport, controls: node.controls), node, sourceLocation: sourceLocation)
        }
        for m in node.bestModes() {
            #expect(
                node.formats.contains { $0.fourcc == m.fourcc && $0.sizes.contains { $0.contains(m.size) } }, "\(m)",
                sourceLocation: sourceLocation)
            _ = m.description
        }
        #expect(throws: Never.self, sourceLocation: sourceLocation) { _ = try JSONEncoder().encode(node) }
    }
}

extension SeededRandom {
    mutating func dims() -> Dimensions { Dimensions(width: u32(), height: u32()) }
    mutating func duration() -> FrameDuration { FrameDuration(u32(), u32()) }
}
