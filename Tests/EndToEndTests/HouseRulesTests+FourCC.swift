import Foundation
import Testing

/// P26 item 5: a FourCC's padding spaces (`'Y10 '`) are trimmed in one place, `FourCC.name`. About ten copies of the
/// same trailing-space loop over `fourcc.description` were found across CaptureModel, Negotiation, the emitters,
/// doctor, the PipeWire comparison and the command line; each is now `fourcc.name`.
extension HouseRulesTests {
    /// A FourCC's description trimmed by hand: `x.fourcc.description.trimming…`, `Substring(x.fourcc.description)`,
    /// `….description.dropping…` after a fourcc.
    static let fourCCTrimPattern =
        #"(?i)fourcc\w*(\([^)]*\))?\??\.description\s*\.\s*(trimm|dropping|strip)|Substring\(\s*[\w.]*fourcc\.description\s*\)"#

    @Test func aFourCCsPaddingIsTrimmedOnlyByItsName() throws {
        let found = try Self.offenders(Self.fourCCTrimPattern, in: Self.sources.filter { $0.path != "Sources/CaptureModel/FourCC.swift" })
        #expect(found.isEmpty, "trim with FourCC.name:\n\(found.joined(separator: "\n"))")
        // The pattern sees the copies this rule replaced.
        let copies = [
            "\"\\(fourcc.description.trimmingTrailingSpaces) \\(size)\"",
            "var code = Substring(f.fourcc.description)",
            "switch fourcc.description.droppingTrailingSpaces {",
            "InputSpelling.fourCC($0)?.description.trimmingSuffix(\" \") ?? $0",
            "let code = { (c: Choice) in c.fourcc.description.trimmingCharacters }",
        ]
        let regex = try NSRegularExpression(pattern: Self.fourCCTrimPattern)
        for c in copies {
            #expect(regex.firstMatch(in: c, range: NSRange(c.startIndex..., in: c)) != nil, "\(c)")
        }
        for fine in ["let n = f.fourcc.name", #"w.attribute("fourcc", f.fourcc.description)"#] {
            #expect(regex.firstMatch(in: fine, range: NSRange(fine.startIndex..., in: fine)) == nil, "\(fine)")
        }
    }
}
