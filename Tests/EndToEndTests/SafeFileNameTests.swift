import Foundation
import Testing

/// Default output file names made from a device ID carry no character that scp, Windows or FAT refuse;
/// the ID itself stays inside the file, and control profiles saved under the old names are still found.
@Suite("Safe file names", .serialized)
struct SafeFileNameTests {
    static let c525 = CLI.fixtures + "/c525.json"
    static let id = "usb-046d:0826-8E4B3C60"
    static let unsafe = Set(":\\*?\"<>|")

    static func scratchDirectory(_ name: String) throws -> String {
        let dir = CLI.scratch + "/safe-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func profileFilesAreNamedWithoutColonsAndKeepTheID() throws {
        let dir = try Self.scratchDirectory("profile")
        let r = try CLI.run(["profile", "0", "--fixture", Self.c525, "-o", dir])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(files == ["usb-046d_0826-8E4B3C60.json"], "\(files)")
        #expect(files.allSatisfy { !$0.contains(where: Self.unsafe.contains) })
        let text = try String(contentsOfFile: dir + "/" + files[0], encoding: .utf8)
        #expect(text.contains("\"id\" : \"\(Self.id)\""), "the original ID is kept inside the file")
    }

    @Test func importedProfilesAreNamedSafely() throws {
        let dir = try Self.scratchDirectory("import")
        let pastes = ProfileCommandEndToEndTests.root + "/Tests/Fixtures/"
        let r = try CLI.run(["import", pastes + "udevadm/c525-query-all.txt", pastes + "lsusb/c525.txt", "-o", dir])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(files == ["usb-046d_0826-ABCD1234.json"], "\(files)")
        let text = try String(contentsOfFile: dir + "/" + files[0], encoding: .utf8)
        #expect(text.contains("\"id\" : \"usb-046d:0826-ABCD1234\""), "the original ID is kept inside the file")
    }

    @Test func savedControlsGoUnderASafeDirectory() throws {
        let home = try Self.scratchDirectory("save")
        let env = ["XDG_CONFIG_HOME": home]
        let r = try CLI.run(["ctl", "0", "--fixture", Self.c525, "--save", "day"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let dirs = try FileManager.default.contentsOfDirectory(atPath: home + "/camprobe/controls")
        #expect(dirs == ["usb-046d_0826-8E4B3C60"], "\(dirs)")
        let text = try String(contentsOfFile: home + "/camprobe/controls/\(dirs[0])/day.json", encoding: .utf8)
        #expect(text.contains("\"device\" : \"\(Self.id)\""))
    }

    @Test func controlsSavedUnderTheOldNameAreStillFound() throws {
        let home = try Self.scratchDirectory("legacy")
        let env = ["XDG_CONFIG_HOME": home]
        // Saved by an earlier camprobe, whose directory kept the ':'.
        _ = try CLI.run(["ctl", "0", "--fixture", Self.c525, "--save", "old"], environment: env)
        let controls = home + "/camprobe/controls"
        try FileManager.default.moveItem(atPath: controls + "/usb-046d_0826-8E4B3C60", toPath: controls + "/" + Self.id)
        let restore = try CLI.run(["ctl", "0", "--fixture", Self.c525, "--restore", "old"], environment: env)
        #expect(restore.status == 0 && restore.stdout.contains("Restored 'old'"), "\(restore.stdout)\(restore.stderr)")
        let listed = try CLI.run(["--fixture", Self.c525, "ctl", "0", "--list-saved"], environment: env)
        #expect(listed.stdout.contains("\(Self.id)  old"), "\(listed.stdout)")
        let deleted = try CLI.run(["--fixture", Self.c525, "ctl", "0", "--delete", "old"], environment: env)
        #expect(deleted.status == 0 && deleted.stdout.contains("Deleted control profile 'old'"), "\(deleted.stdout)\(deleted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: controls + "/" + Self.id + "/old.json"))
    }
}
