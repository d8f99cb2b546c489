import Doctor
import Foundation
import Testing

/// The real host's primitives (`readFile`, `directoryEntries`, `linkTarget`) on a scratch directory: what a new check
/// reads a new fact with, without a new requirement on `DoctorHost`.
@Suite("Doctor: the real host's file primitives")
struct SystemDoctorHostTests {
    /// A scratch directory holding `a.txt` ("hello\nworld\n") and `l` → `a.txt`.
    static func scratch() throws -> String {
        let dir = NSTemporaryDirectory() + "camprobe-doctor-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "hello\nworld\n".write(toFile: dir + "/a.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/l", withDestinationPath: "a.txt")
        return dir
    }

    @Test func readsAFileUpToItsLimitAndNamesTheFailure() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let host = SystemDoctorHost()
        #expect(try host.readFile(dir + "/a.txt", limit: 5) == "hello")
        #expect(try host.readConfig(dir + "/a.txt") == "hello\nworld\n")
        do throws(DoctorReadError) {
            _ = try host.readFile(dir + "/missing", limit: 5)
            Issue.record("a missing file was read")
        } catch {
            #expect(error.path == dir + "/missing" && error.reason.hasPrefix("cannot read it: ") && error.reason.contains("ENOENT"))
        }
    }

    @Test func listsADirectoryAndReadsALink() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let host = SystemDoctorHost()
        #expect(host.directoryEntries(dir)?.sorted() == ["a.txt", "l"])
        #expect(host.directoryEntries(dir + "/missing") == nil)
        #expect(host.linkTarget(dir + "/l") == "a.txt")
        #expect(host.linkTarget(dir + "/a.txt") == nil)
    }
}
