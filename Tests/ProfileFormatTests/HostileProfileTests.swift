import CaptureModel
import DeviceFixtures
import FoundationEssentials
import Negotiation
import ProfileFormat
import Testing
import TextImport

/// Hostile numbers through the file paths: v4l2-ctl text imported, JSON
/// profiles read back, and `profile validate` agreeing with loading.
@Suite("Hostile numbers in profiles")
struct HostileProfileTests {
    static let repo = Fixtures.repository
    static let m = UInt32.max

    /// A small shipped profile (an imported Cam Link 4K) as a document to mutate.
    static func base() throws -> DeviceDocument {
        try JSONProfile.read(Array(try Data(contentsOf: URL(fileURLWithPath: repo + "/Profiles/imported-camlink-4k.json"))))
    }

    /// What `negotiate` and `show` ask of a loaded device: every preset and the summaries.
    static func negotiateEverything(_ device: Device, sourceLocation: SourceLocation = #_sourceLocation) {
        for node in device.captures {
            for p in SessionPreset.allCases {
                let d = Negotiator.decide(preset: p, for: node, transport: device.transport, controls: node.controls)
                for a in d.alternatives {
                    #expect(a.score.isFinite && abs(a.score) < 1e12, sourceLocation: sourceLocation)
                    _ = String(Double(Int(a.score * 100)) / 100)
                    _ = a.choice.summary
                }
                _ = d.explanation
                #expect(throws: Never.self, sourceLocation: sourceLocation) { _ = try JSONEncoder().encode(d) }
            }
            _ = node.bestModes().map(\.compactDescription)
        }
    }

    // MARK: v4l2-ctl import

    static let stepwiseText = """
        ioctl: VIDIOC_ENUM_FMT
        \tType: Video Capture

        \t[0]: 'YUYV' (YUYV 4:2:2)
        \t\tSize: Stepwise 1x1 - 4294967295x4294967295 with step 1/1
        \t[1]: 'MJPG' (Motion-JPEG, compressed)
        \t\tSize: Stepwise 1x1 - 4294967295x4294967295 with step 1/1
        \t\t\tInterval: Discrete 0.033s (30.000 fps)
        \t\tSize: Stepwise 640x480 - 1920x1080 with step 0/0
        \t\t\tInterval: Discrete 0.033s (30.000 fps)
        \t\tSize: Discrete 0x0
        \t\t\tInterval: Discrete 0.033s (30.000 fps)

        """

    /// `camprobe import v4l2-ctl` of `Size: Stepwise 1x1 - 4294967295x4294967295 with step 1/1`,
    /// then `camprobe negotiate`: the import, the profile it writes and the negotiation all answer.
    @Test func importedHugeStepwiseNegotiates() throws {
        let result = try V4L2CtlImporter.importText([("list-formats-ext.txt", Self.stepwiseText)])
        Self.negotiateEverything(result.device)
        let text = JSONProfile.write(DeviceDocument(generator: "test", device: result.device))
        #expect(JSONProfile.validate(Array(text.utf8)).isEmpty)
        let loaded = try JSONProfile.read(Array(text.utf8)).device
        Self.negotiateEverything(loaded)
        let node = try #require(loaded.captures.first)
        let high = Negotiator.decide(preset: .high, for: node, transport: loaded.transport)
        #expect(high.choice?.size == Dimensions(width: Self.m, height: Self.m))
    }

    // MARK: JSON profiles with any numbers

    static func sizeJSON(_ g: inout Rng) -> String {
        func dims() -> String { "{\"width\": \(g.u32()), \"height\": \(g.u32())}" }
        func interval() -> String { "{\"interval\": \"\(g.u32())/\(g.u32())\"}" }
        func intervals() -> String {
            switch g.next() % 4 {
            case 0: "{\"type\": \"discrete\", \"intervals\": [\(interval()), \(interval())]}"
            case 1: "{\"type\": \"stepwise\", \"min\": \(interval()), \"max\": \(interval()), \"step\": \(interval())}"
            case 2: "{\"type\": \"continuous\", \"min\": \(interval()), \"max\": \(interval())}"
            default: "{\"type\": \"unknown\", \"reason\": \"hostile\"}"
            }
        }
        switch g.next() % 3 {
        case 0: return "{\"type\": \"discrete\", \"width\": \(g.u32()), \"height\": \(g.u32()), \"intervals\": \(intervals())}"
        case 1:
            return
                "{\"type\": \"stepwise\", \"min\": \(dims()), \"max\": \(dims()), \"step\": \(dims()), \"intervalsAtMin\": \(intervals()), \"intervalsAtMax\": \(intervals())}"
        default:
            return
                "{\"type\": \"continuous\", \"min\": \(dims()), \"max\": \(dims()), \"intervalsAtMin\": \(intervals()), \"intervalsAtMax\": \(intervals())}"
        }
    }

    /// A shipped profile with its sizes replaced by random ones written as JSON text:
    /// validate accepts it, the JSON decoder reads it, negotiation and summaries answer.
    @Test func randomSizesInJSONText() throws {
        let text = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: Self.repo + "/Profiles/imported-camlink-4k.json")), as: UTF8.self)
        // Every "sizes": [ … ] array of the profile, replaced by a marker, then by random sizes.
        let pieces = text.components(separatedBy: "\"sizes\" : [")
        var template = pieces[0]
        for piece in pieces.dropFirst() {
            // Drop the array's old contents: up to its closing bracket.
            var depth = 1
            var i = piece.startIndex
            while depth > 0 {
                if piece[i] == "[" { depth += 1 } else if piece[i] == "]" { depth -= 1 }
                i = piece.index(after: i)
            }
            template += "\"sizes\" : [@SIZES@" + piece[piece.index(before: i)...]
        }
        let parts = template.components(separatedBy: "@SIZES@")
        #expect(parts.count > 2)
        var g = Rng(seed: 0x5EED_0002)
        for n in 0..<100 {
            var doc = parts[0]
            for p in parts.dropFirst() { doc += (0..<(1 + Int(g.next() % 3))).map { _ in Self.sizeJSON(&g) }.joined(separator: ", ") + p }
            let bytes = Array(doc.utf8)
            // `read` checks the schema too; `validate` (the slow half) on every fifth.
            if n % 5 == 0 { #expect(JSONProfile.validate(bytes).isEmpty, "\(JSONProfile.validate(bytes).prefix(2))") }
            Self.negotiateEverything(try JSONProfile.read(bytes).device)
        }
    }

    /// The same from a file, read as `--profile FILE` reads it (`ProfileFile.load`, the façade's: the codec that
    /// claims its first bytes, then its schema-checked read), on a file with every edge size.
    @Test func hostileFileLoadsAndNegotiates() throws {
        var doc = try Self.base()
        let edges: [UInt32] = [0, 1, 2, Self.m - 1, Self.m]
        var sizes: [FrameSize] = []
        for w in edges {
            for h in edges {
                sizes.append(.discrete(Dimensions(width: w, height: h), intervals: .discrete([FrameDuration(w, h), FrameDuration(1, 30)])))
            }
        }
        for s in edges {
            sizes.append(
                .stepwise(
                    min: Dimensions(width: 1, height: 1), max: Dimensions(width: Self.m, height: Self.m),
                    step: Dimensions(width: s, height: s),
                    intervalsAtMin: .unknown(reason: ""), intervalsAtMax: .discrete([FrameDuration(1, s)])))
        }
        for i in doc.device.captures[0].formats.indices { doc.device.captures[0].formats[i].sizes = sizes }
        let path = FileManager.default.temporaryDirectory.path + "/camprobe-hostile-\(UUID().uuidString).json"
        try Data(JSONProfile.write(doc).utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let codec = try #require(ProfileCodecs.detect(bytes))
        Self.negotiateEverything(try codec.open(bytes).read().device)
    }

    // MARK: validate agrees with load

    /// Texts the schema alone accepted but loading refused: a fraction whose terms
    /// pass the schema's `^[0-9]+/[0-9]+$` but do not fit in 32 bits.
    @Test(arguments: ["\"4294967296/1\"", "\"1/99999999999999999999\"", "\"00000000000000000000001001/30000\""])
    func validateAgreesWithLoad(replacement: String) throws {
        let original = "\"1001/30000\""
        let text = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: Self.repo + "/Profiles/imported-camlink-4k.json")), as: UTF8.self)
        let bytes = Array(text.components(separatedBy: original).joined(separator: replacement).utf8)
        let issues = JSONProfile.validate(bytes)
        let loads = (try? JSONProfile.read(bytes)) != nil
        #expect(issues.isEmpty == loads, "validate: \(issues.prefix(1)), load: \(loads)")
        if replacement.contains("42949") || replacement.contains("9999") {
            #expect(!issues.isEmpty && issues[0].description.contains("fraction"))
        }
    }

    /// Random one-token edits of a real profile: `validate` finds no issue exactly when `read` succeeds.
    @Test func validateAgreesWithLoadOnMutations() throws {
        let text = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: Self.repo + "/Profiles/imported-camlink-4k.json")), as: UTF8.self)
        let tokens = [
            "\"4294967296/1\"", "\"1/4294967296\"", "\"0/0\"", "4294967296", "-1", "0", "4294967295", "1.5", "1e3", "\"\"", "\"YUYV-BE\"",
            "\"-BE\"", "\"\\u0000\"", "null", "true", "\"9/9\"", "\"stepwise\"", "\"x\"",
        ]
        let scalars = Array(text.unicodeScalars)
        var g = Rng(seed: 0x5EED_0003)
        var disagreements: [String] = []
        for _ in 0..<60 {
            // Replace one JSON value (after a ": ") with a hostile token.
            var i = Int(g.next() % UInt64(scalars.count - 2))
            while i < scalars.count - 2 && !(scalars[i] == ":" && scalars[i + 1] == " ") { i += 1 }
            guard i < scalars.count - 2 else { continue }
            var j = i + 2
            if scalars[j] == "{" || scalars[j] == "[" { continue }
            if scalars[j] == "\"" {
                j += 1
                while scalars[j] != "\"" { j += 1 }
                j += 1
            } else {
                while ![",", "\n", "}", "]"].contains(scalars[j]) { j += 1 }
            }
            let tok = g.pick(tokens)
            var out = String.UnicodeScalarView()
            out.append(contentsOf: scalars[..<(i + 2)])
            out.append(contentsOf: tok.unicodeScalars)
            out.append(contentsOf: scalars[j...])
            let bytes = Array(String(out).utf8)
            let valid = JSONProfile.validate(bytes).isEmpty
            let loads = (try? JSONProfile.read(bytes)) != nil
            if valid != loads { disagreements.append("\(String(String.UnicodeScalarView(scalars[max(0, i - 30)..<(i + 2)]))) \(tok)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    typealias Rng = SeededRandom
}

@Suite("XML validate agrees with load")
struct XMLValidateAgreesWithLoadTests {
    @Test func anIntervalTooLargeForTheModelIsRejectedByBoth() throws {
        let text = try String(
            decoding: Data(contentsOf: URL(fileURLWithPath: HostileProfileTests.repo + "/Profiles/c525.xml")), as: UTF8.self)
        var replaced = false
        let mutated = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard !replaced, line.contains("<interval>333333/10000000") else { return String(line) }
            replaced = true
            return String(line).replacing("333333/10000000", with: "4294967296/1")
        }.joined(separator: "\n")
        #expect(replaced)
        let bytes = Array(mutated.utf8)
        #expect(throws: ProfileReadError.self) { try XMLProfile.read(bytes) }
        #expect(!XMLProfile.validate(bytes).isEmpty)
        #expect(XMLProfile.validate(Array(text.utf8)).isEmpty)
    }
}
