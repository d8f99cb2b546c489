import Foundation
import Testing

/// `--verbose` / `--log-level`: the library's swift-log messages go to standard error,
/// never into what a command prints, and nothing is logged unless asked.
@Suite("Logging through swift-log")
struct LoggingTests {
    static let c525 = CLI.fixtures + "/c525.json"

    @Test func verboseSaysWhatWasReadOnStandardErrorOnly() throws {
        let quiet = try CLI.run(["--fixture", Self.c525, "list", "--json"])
        let verbose = try CLI.run(["--fixture", Self.c525, "list", "--json", "--verbose"])
        #expect(quiet.status == 0 && verbose.status == 0)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(verbose.stdout == quiet.stdout)
        #expect(verbose.stderr.contains("camprobe: debug: [camprobe.discovery] udev listed 1 nodes"), "\(verbose.stderr)")
        #expect(verbose.stderr.contains("[camprobe.discovery] read /dev/video0"), "\(verbose.stderr)")
        #expect(verbose.stderr.contains("formats=2"), "\(verbose.stderr)")
    }

    @Test func logLevelChoosesWhatIsShown() throws {
        let debug = try CLI.run(["--fixture", Self.c525, "show", "0", "--log-level", "debug"])
        #expect(debug.stderr.contains("camprobe: debug:"))
        let error = try CLI.run(["--fixture", Self.c525, "show", "0", "--log-level", "error"])
        #expect(!error.stderr.contains("debug"))
        let bad = try CLI.run(["--fixture", Self.c525, "list", "--log-level", "loud"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'loud' is invalid for '--log-level"), "\(bad.stderr)")
    }
}
