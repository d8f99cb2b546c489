import Foundation
import Testing

/// README.md is what a newcomer reads in their first ten minutes: at most 300 lines. The
/// command reference lives in docs/, the library's guide in Sources/CamProbe/CamProbe.docc;
/// every link between them must lead to a file that exists.
@Suite("README stays short")
struct ReadmeLengthTests {
    static let root = ProfileCommandEndToEndTests.root
    static let limit = 300

    @Test func readmeIsAtMostThreeHundredLines() throws {
        let text = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= Self.limit, "README.md has \(lines) lines; keep it to \(Self.limit) and move detail to docs/ or the DocC catalog")
    }

    @Test func readmeKeepsTheNewcomersSections() throws {
        let text = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        for heading in ["## Quick start", "## Install", "## Running the tests", "## Commands", "## Using the library", "## Layout"] {
            #expect(text.contains("\n" + heading), "README.md has no '\(heading)' section")
        }
        #expect(text.contains("\nscripts/quickstart "), "the quick start's one command")
        #expect(text.contains("\nscripts/test "), "the one test command (.ci/run runs it)")
        let layout = try #require(text.components(separatedBy: "\n## Layout\n").last)
        #expect(layout.contains("| module | role |"), "the Layout section is a table of modules")
    }

    /// Every relative link of README.md, docs/ and the DocC catalog names a file or folder that exists.
    @Test func everyRelativeLinkResolves() throws {
        let fm = FileManager.default
        let pages = try ReadmeExamplesTests.pages()
        #expect(pages.count > 10, "\(pages)")
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        for page in pages {
            let text = try String(contentsOfFile: Self.root + "/" + page, encoding: .utf8)
            let folder = (page as NSString).deletingLastPathComponent
            var fenced = false
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix("```") { fenced.toggle() }
                if fenced { continue }
                for match in line.matches(of: link) {
                    let target = String(match.output[1].substring ?? "")
                    if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("#") { continue }
                    let file = String(target.split(separator: "#", maxSplits: 1)[0])
                    let path = ((Self.root + "/" + folder + "/" + file) as NSString).standardizingPath
                    #expect(fm.fileExists(atPath: path), "\(page):\(i + 1): the link \(target) leads nowhere")
                }
            }
        }
    }
}
