import Foundation
import Testing

/// libxml2 is loaded with dlopen when XML is first needed, not linked: a command
/// that needs no XML runs without it, and one that does says what is missing.
@Suite("Libraries loaded on demand")
struct LazyLibraryTests {
    static let profiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Profiles").path

    /// A directory whose `libxml2.so.2` is not a library, first on the loader's path.
    static let brokenLibxml2: String = {
        let dir = CLI.scratch + "/no-libxml2"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/libxml2.so.2", contents: Data("not a library\n".utf8))
        return dir
    }()

    @Test func theShippedBinaryDoesNotLinkLibxml2() throws {
        let r = try CLI.run("/usr/bin/env", ["LD_TRACE_LOADED_OBJECTS=1", CLI.binary], environment: [:])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("libudev"), "\(r.stdout)")
        #expect(!r.stdout.contains("libxml2"), "\(r.stdout)")
        #expect(!r.stdout.contains("libicu"), "\(r.stdout)")
        #expect(!r.stdout.contains("libv4l2"), "\(r.stdout)")
    }

    @Test func jsonProfilesNeedNoLibxml2() throws {
        let r = try CLI.run(
            CLI.binary, ["list", "--profile", Self.profiles + "/c525.json"], environment: ["LD_LIBRARY_PATH": Self.brokenLibxml2])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("HD Webcam C525"))
    }

    @Test func xmlWithoutLibxml2SaysWhatIsMissing() throws {
        let read = try CLI.run(
            CLI.binary, ["list", "--profile", Self.profiles + "/c525.xml"], environment: ["LD_LIBRARY_PATH": Self.brokenLibxml2])
        #expect(read.status == 1)
        #expect(read.stderr.contains("XML needs libxml2, which could not be loaded"), "\(read.stderr)")
        #expect(read.stderr.contains("apt install libxml2"), "\(read.stderr)")
        let write = try CLI.run(
            CLI.binary, ["profile", "write", "--profile", Self.profiles + "/c525.json", "--format", "xml", "-o", "-"],
            environment: ["LD_LIBRARY_PATH": Self.brokenLibxml2])
        #expect(write.status == 1)
        #expect(write.stdout.isEmpty)
        #expect(write.stderr.contains("XML needs libxml2"), "\(write.stderr)")
    }
}
