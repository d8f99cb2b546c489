import Foundation
import Testing

/// `-o` never replaces what is not a regular file, keeps modes, and saved
/// control profiles are private to the user.
@Suite("Output files", .serialized)
struct OutputFileSafetyTests {
    static let c525 = OutputSafetyTests.c525

    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
    }

    @Test func profileWriteRefusesAFIFOAndKeepsAFilesMode() throws {
        let dir = CLI.scratch + "/o-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        let r = try CLI.run(["profile", "write", "0", "--profile", Self.c525, "-o", dir + "/fifo"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("it is a FIFO (named pipe), not a regular file"), "\(r.stderr)")
        let imported = try CLI.run(["import", "v4l2-ctl", "-", "-o", dir + "/fifo"])
        #expect(imported.status != 0)
        var st = stat()
        #expect(lstat(dir + "/fifo", &st) == 0 && st.st_mode & S_IFMT == S_IFIFO)
        let file = dir + "/p.json"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8), attributes: [.posixPermissions: 0o600]))
        let w = try CLI.run(["profile", "write", "0", "--profile", Self.c525, "-o", file])
        #expect(w.status == 0, "\(w.stderr)")
        #expect(Self.mode(file) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["fifo", "p.json"])
    }

    @Test(.enabled(if: geteuid() == 0, "as root, /dev/null could be replaced"))
    func profileWriteLeavesDevNullAlone() throws {
        let r = try CLI.run(["profile", "write", "0", "--profile", Self.c525, "-o", "/dev/null"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot write /dev/null: it is a character device"), "\(r.stderr)")
        var st = stat()
        #expect(lstat("/dev/null", &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func savedControlProfilesArePrivate() throws {
        let home = CLI.scratch + "/cfg-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let r = try CLI.run(
            ["ctl", "0", "--fixture", CLI.fixtures + "/c525.json", "--save", "day"], environment: ["XDG_CONFIG_HOME": home])
        #expect(r.status == 0, "\(r.stderr)")
        let dir = home + "/camprobe/controls/usb-046d_0826-8E4B3C60"
        #expect(Self.mode(dir + "/day.json") == 0o600)
        for d in [home + "/camprobe", home + "/camprobe/controls", dir] { #expect(Self.mode(d) == 0o700, "\(d)") }
        #expect(Self.mode(home) == 0o755, "an existing directory is not changed")
    }
}
