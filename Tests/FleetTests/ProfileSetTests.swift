import CamProbeTesting
import CaptureModel
import FoundationEssentials
import Glibc
import HostSystem
import Testing

@testable import Fleet

/// `ProfileSet` on a real folder: which files become members, which are skipped or passed over and
/// why, and how `profile diff` groups the members by model and by what they can do.
@Suite struct ProfileSetTests {
    static let profiles = Fixtures.profiles

    /// A fresh folder under /tmp holding `files` (name → text); removed by `remove`.
    static func folder(_ files: [String: String], subfolders: [String] = []) throws -> String {
        let dir = "/tmp/camprobe-profileset-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        #expect(mkdir(dir, 0o755) == 0)
        for (name, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        for s in subfolders { #expect(mkdir(dir + "/" + s, 0o755) == 0) }
        return dir
    }

    static func remove(_ dir: String) {
        for n in HostFiles.entries(dir, limit: 100) {
            if unlink(dir + "/" + n) != 0 { rmdir(dir + "/" + n) }
        }
        rmdir(dir)
    }

    static func name(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }

    @Test func aFolderIsReadOneLevelDeepAndEveryFileNotUsedIsNamed() throws {
        let c525 = try Fixtures.readFile(Self.profiles + "/c525.json")
        let dir = try Self.folder(
            [
                "a.json": c525, "broken.json": "{", "notes.txt": "not a profile",
                "x.xml": try Fixtures.readFile(Self.profiles + "/c525.xml"),
            ],
            subfolders: ["old"])
        defer { Self.remove(dir) }
        let set = ProfileSet(paths: [dir, dir + "/missing.json"])
        #expect(set.members.map { Self.name($0.file) } == ["a.json", "x.xml"])
        #expect(set.members.allSatisfy { $0.device.name == set.members[0].device.name })
        #expect(set.skipped.map { Self.name($0.file) } == ["broken.json", "missing.json"])
        #expect(set.skipped.allSatisfy { !$0.reason.isEmpty })
        let ignored = Dictionary(uniqueKeysWithValues: set.ignored.map { (Self.name($0.file), $0.reason) })
        #expect(Set(ignored.keys) == ["notes.txt", "old"])
        #expect(ignored["old"]?.contains("folder") == true)
        #expect(ignored["notes.txt"]?.contains(".json") == true)
    }

    @Test func anEmptyFolderIsSkippedAndSaidSo() throws {
        let dir = try Self.folder([:])
        defer { Self.remove(dir) }
        let set = ProfileSet(paths: [dir])
        #expect(set.members.isEmpty)
        #expect(set.skipped.map(\.file) == [dir])
        #expect(set.skipped.first?.reason == "an empty or unreadable folder")
    }

    @Test func membersAreGroupedByModelThenByFingerprintLargestGroupFirst() throws {
        let c525 = try Fixtures.readFile(Self.profiles + "/c525.json")
        // The same model with a different brightness range: another capability set.
        let wider = c525.replacing(
            "\"key\" : \"brightness\",\n            \"maximum\" : 255", with: "\"key\" : \"brightness\",\n            \"maximum\" : 200")
        #expect(wider != c525, "the edit did not apply; the profile's layout changed")
        let camlink = try Fixtures.readFile(Self.profiles + "/camlink-4k.json")
        // Sorted by name: the odd one is seen first, so only the count puts the usual group first.
        let dir = try Self.folder(["1-wider.json": wider, "2-same.json": c525, "3-link.json": camlink, "4-same.json": c525])
        defer { Self.remove(dir) }
        let set = ProfileSet(paths: [dir])
        #expect(set.skipped.isEmpty && set.ignored.isEmpty)
        let models = set.byModel
        #expect(models.count == 2)
        let first = try #require(models.first)
        #expect(first.model.contains(set.members[0].device.name))
        #expect(first.groups.map { $0.map { Self.name($0.file) } } == [["2-same.json", "4-same.json"], ["1-wider.json"]])
        #expect(first.groups[0][0].fingerprint != first.groups[1][0].fingerprint)
        #expect(models[1].groups.map { $0.map { Self.name($0.file) } } == [["3-link.json"]])
    }

    @Test func equalGroupsKeepTheOrderTheyWereSeen() throws {
        let c525 = try Fixtures.readFile(Self.profiles + "/c525.json")
        let wider = c525.replacing(
            "\"key\" : \"brightness\",\n            \"maximum\" : 255", with: "\"key\" : \"brightness\",\n            \"maximum\" : 200")
        let dir = try Self.folder(["1.json": wider, "2.json": c525])
        defer { Self.remove(dir) }
        let groups = try #require(ProfileSet(paths: [dir]).byModel.first).groups
        #expect(groups.map { $0.map { Self.name($0.file) } } == [["1.json"], ["2.json"]])
    }
}
