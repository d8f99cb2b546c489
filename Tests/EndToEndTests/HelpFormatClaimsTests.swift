import Foundation
import Testing

/// What a help text says about the formats a command writes is what the command does: every
/// subcommand's help is read, each sentence about PNG is held against the PNG the writer really
/// writes, and the file names `snapshot --help` promises are the ones it accepts (and no others).
@Suite("Help texts tell the truth about formats", .serialized)
struct HelpFormatClaimsTests {
    /// Every subcommand's `--help`, by name.
    static func helps() throws -> [String: String] {
        let top = try CLI.run(["--help"]).stdout
        var out: [String: String] = [:]
        for name in HelpMatchesBehaviourTests.subcommands(top) {
            out[name] = try CLI.run([name, "--help"]).stdout
        }
        return out
    }

    /// The sentences of `text` (help text is wrapped: lines joined first).
    static func sentences(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            .components(separatedBy: ". ")
    }

    /// A PNG written by `snapshot` on the fake: its IDAT is a zlib stream that really compresses (a flat frame of
    /// 640x480 RGB is 922 KB raw), so no help may call PNG output uncompressed.
    @Test func noHelpCallsThePNGItWritesUncompressed() throws {
        let dir = try SnapshotTests.directory()
        let out = dir + "/claim.png"
        let r = try CLI.run(["snapshot", "0", "--fixture", try CLI.fixture(SnapshotTests.node()), "--size", "640x480", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        let idat = try #require(png.indices.dropLast(4).first { Array(png[$0..<$0 + 4]) == Array("IDAT".utf8) })
        #expect(png[idat + 4] & 0x0F == 8, "the IDAT is a zlib stream (CM 8, deflate)")
        #expect(png.count * 10 < 640 * 480 * 3, "the rows were compressed")
        var pngSentences = 0
        for (name, help) in try Self.helps() {
            for s in Self.sentences(help) where s.contains("PNG") || s.contains(".png") {
                pngSentences += 1
                #expect(!s.lowercased().contains("uncompressed"), "camprobe \(name) --help: \"\(s)\"")
            }
        }
        #expect(pngSentences > 0, "snapshot's help speaks of PNG")
    }

    /// `-o`'s help names .png, .jpg and .jpeg: each is accepted, and a name it does not list is refused.
    @Test func snapshotAcceptsExactlyTheFileNamesItsHelpNames() throws {
        let help = try CLI.run(["snapshot", "--help"]).stdout
        let named = Set(
            help.matches(of: /NAME\.([a-z]+)/).map { String($0.output.1) })
        #expect(named == ["png", "jpg", "jpeg"], "\(named)")
        let fixture = try CLI.fixture(SnapshotTests.node())
        for ext in named.sorted() + ["gif", "bmp"] {
            let r = try CLI.run([
                "snapshot", "0", "--fixture", fixture, "--size", "640x480", "-o", "/nonexistent/x.\(ext)", "--timeout", "0.5",
            ])
            let refused = r.status == 2 && r.stderr.contains("-o must end in")
            #expect(refused == !named.contains(ext), ".\(ext): exit \(r.status), \(r.stderr)")
        }
    }
}
