import CaptureModel
import DeviceFixtures
import FoundationEssentials
import Testing

@testable import ProfileFormat

/// `SortedJSONEncoder` writes exactly the bytes `JSONEncoder` writes with
/// `[.sortedKeys, .withoutEscapingSlashes]` (and `.prettyPrinted`): on every shipped
/// profile and on generated values with awkward numbers, strings and keys.
@Suite struct SortedJSONEncoderTests {
    static func foundation<T: Encodable>(_ value: T, pretty: Bool) throws -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return Array(try e.encode(value))
    }

    static func expectSame<T: Encodable>(_ value: T, _ what: String) throws {
        for pretty in [true, false] {
            let ours = try SortedJSONEncoder(prettyPrinted: pretty).encode(value)
            let theirs = try foundation(value, pretty: pretty)
            if ours != theirs {
                let at = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(ours.count, theirs.count)
                Issue.record(
                    "\(what) (pretty: \(pretty)) differs at byte \(at): ours …\(String(decoding: ours[max(0, at - 60)..<min(ours.count, at + 40)], as: UTF8.self))… JSONEncoder …\(String(decoding: theirs[max(0, at - 60)..<min(theirs.count, at + 40)], as: UTF8.self))…"
                )
            }
        }
    }

    @Test(arguments: ProfileTestFiles.profiles)
    func everyShippedProfileIsWrittenAsJSONEncoderWritesIt(path: String) throws {
        let doc = try JSONProfile.read(try ProfileTestFiles.bytes(path))
        try Self.expectSame(doc, path)
        #expect(JSONProfile.write(doc).utf8.count > 100)
    }

    struct Awkward: Encodable {
        var numbers: [Double]
        var float: Float
        var text: String
        var map: [String: Int]
        var nested: [[Int]]
        var missing: Int?
        var present: String?
        var empty: [String: String] = [:]
        var unsigned: UInt64
        var signed: Int64
    }

    @Test func generatedValuesAreWrittenAsJSONEncoderWritesThem() throws {
        var g = SeededRandom(seed: 0x15_0AD)
        let pieces = [
            "a", "Z", "_", "é", "😀", "\"", "\\", "/", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}",
            " ", "0", "9",
        ]
        func text(_ n: Int) -> String { (0..<n).map { _ in pieces[Int(g.next() % UInt64(pieces.count))] }.joined() }
        func number() -> Double {
            switch g.next() % 6 {
            case 0: return Double(Int64(bitPattern: g.next()) % 1_000_000)
            case 1: return Double(bitPattern: g.next() & 0x7FEF_FFFF_FFFF_FFFF)  // any finite positive
            case 2: return Double(g.next() % 100_000) / Double(1 + g.next() % 1000)
            case 3:
                return [0, -0.0, 1e15, 1e16, 9_007_199_254_740_992, 9_007_199_254_740_991, 1e-7, 1e21, 0.1, 30.00003][Int(g.next() % 10)]
            case 4: return -Double(bitPattern: g.next() & 0x3FFF_FFFF_FFFF_FFFF)
            default: return Double(g.next() % 1_000_000_000) * 1e9
            }
        }
        for i in 0..<400 {
            let value = Awkward(
                numbers: (0..<Int(g.next() % 8)).map { _ in number() },
                float: Float(bitPattern: UInt32(truncatingIfNeeded: g.next()) & 0x7F7F_FFFF),
                text: text(Int(g.next() % 12)),
                map: Dictionary((0..<Int(g.next() % 6)).map { _ in (text(1 + Int(g.next() % 3)), Int(g.next() % 100)) }) { a, _ in a },
                nested: (0..<Int(g.next() % 3)).map { _ in (0..<Int(g.next() % 3)).map { _ in Int(g.next() % 10) } },
                missing: g.next() % 2 == 0 ? nil : 7, present: g.next() % 2 == 0 ? nil : text(3),
                unsigned: g.next(), signed: Int64(bitPattern: g.next()))
            try Self.expectSame(value, "generated value \(i)")
        }
    }

    @Test func aNonFiniteNumberIsAnErrorAsWithJSONEncoder() {
        #expect(throws: EncodingError.self) { try SortedJSONEncoder(prettyPrinted: true).encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try Self.foundation([Double.infinity], pretty: true) }
        #expect(throws: EncodingError.self) { try SortedJSONEncoder(prettyPrinted: true).encode(["x": Double.infinity]) }
    }

    /// Repeated sizes, interval lists and intervals are encoded once and shared
    /// (`EncodingMemo`): equal values at different depths, fractions equal in
    /// value but not in their terms (1/30 and 2/60), invalid ones, and `.unknown`
    /// reasons that Swift calls equal but whose bytes differ must all still be
    /// written as JSONEncoder writes them.
    @Test func sharedModelValuesAreWrittenAsJSONEncoderWritesThem() throws {
        let list = FrameIntervals.discrete([FrameDuration(1, 30), FrameDuration(2, 60), FrameDuration(0, 0), FrameDuration(1, 30)])
        let sizes: [FrameSize] = [
            .discrete(Dimensions(width: 640, height: 480), intervals: list),
            .discrete(Dimensions(width: 640, height: 480), intervals: list),
            .discrete(Dimensions(width: 320, height: 240), intervals: list),
            .discrete(Dimensions(width: 320, height: 240), intervals: .unknown(reason: "caf\u{E9}")),
            .discrete(Dimensions(width: 320, height: 240), intervals: .unknown(reason: "cafe\u{301}")),
            .stepwise(
                min: Dimensions(width: 16, height: 16), max: Dimensions(width: 64, height: 64), step: Dimensions(width: 16, height: 16),
                intervalsAtMin: list, intervalsAtMax: .continuous(min: FrameDuration(1, 60), max: FrameDuration(1, 1))),
        ]
        #expect(FrameIntervals.unknown(reason: "caf\u{E9}") == FrameIntervals.unknown(reason: "cafe\u{301}"))
        try Self.expectSame(sizes, "repeated frame sizes")
        try Self.expectSame(["a": sizes, "b": [sizes[0]]], "the same size at two depths")
        try Self.expectSame([[list], [list, list]], "interval lists nested at different depths")
    }
}
