import Foundation
import Testing

/// `ctl --list-saved` and `ctl DEVICE --delete NAME`: the saved control profiles can be
/// seen and removed, also for a camera that is not plugged in, and mistakes are named.
@Suite("Saved control profiles: list and delete", .serialized)
struct SavedControlProfileTests {
    static let c525 = CLI.fixtures + "/c525.json"
    static let id = "usb-046d:0826-8E4B3C60"

    /// A fresh store for one test.
    static func store(_ name: String) -> [String: String] {
        let dir = CLI.scratch + "/saved-\(name)"
        try? FileManager.default.removeItem(atPath: dir)
        return ["XDG_CONFIG_HOME": dir]
    }

    @Test func savedProfilesAreListedAndDeleted() throws {
        let env = Self.store("list")
        #expect(
            try CLI.run(["--fixture", Self.c525, "ctl", "--list-saved"], environment: env).stdout.contains("No control profiles saved"))
        for name in ["day", "night"] {
            #expect(try CLI.run(["--fixture", Self.c525, "ctl", "0", "--save", name], environment: env).status == 0)
        }
        let listed = try CLI.run(["--fixture", Self.c525, "ctl", "--list-saved"], environment: env)
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("\(Self.id)  day"), "\(listed.stdout)")
        #expect(listed.stdout.contains("\(Self.id)  night"), "\(listed.stdout)")
        let json = try CLI.run(["--fixture", Self.c525, "ctl", "0", "--list-saved", "--json"], environment: env)
        struct Saved: Decodable {
            struct Entry: Decodable {
                var device: String
                var name: String
                var controls: Int?
            }
            var saved: [Entry]
        }
        let doc = try JSONDecoder().decode(Saved.self, from: Data(json.stdout.utf8))
        #expect(doc.saved.map(\.name) == ["day", "night"])
        #expect(doc.saved.allSatisfy { $0.device == Self.id && ($0.controls ?? 0) > 0 })

        let deleted = try CLI.run(["--fixture", Self.c525, "ctl", "0", "--delete", "day"], environment: env)
        #expect(deleted.status == 0)
        #expect(deleted.stdout.contains("Deleted control profile 'day'"))
        // The camera need not be here: its stable ID names its saved profiles.
        let offline = try CLI.run(["--fixture", CLI.fixtures + "/camlink-4k.json", "ctl", Self.id, "--delete", "night"], environment: env)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(
            try CLI.run(["--fixture", Self.c525, "ctl", "--list-saved"], environment: env).stdout.contains("No control profiles saved"))
    }

    @Test func deletingWhatIsNotSavedSaysWhatIs() throws {
        let env = Self.store("missing")
        _ = try CLI.run(["--fixture", Self.c525, "ctl", "0", "--save", "day"], environment: env)
        let r = try CLI.run(["--fixture", Self.c525, "ctl", "0", "--delete", "evening"], environment: env)
        #expect(r.status == 1)
        #expect(r.stderr.contains("no control profile 'evening' saved for \(Self.id); saved for it: day"), "\(r.stderr)")
        let unknown = try CLI.run(["--fixture", Self.c525, "ctl", "no-such-camera", "--delete", "day"], environment: env)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no controls are saved under 'no-such-camera'"), "\(unknown.stderr)")
    }

    @Test func anUnreadableSavedFileIsListedWithItsProblem() throws {
        let env = Self.store("broken")
        let dir = env["XDG_CONFIG_HOME"]! + "/camprobe/controls/\(Self.id)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: dir + "/odd.json"))
        let r = try CLI.run(["--fixture", Self.c525, "ctl", "--list-saved"], environment: env)
        #expect(r.status == 0)
        #expect(r.stdout.contains("odd") && r.stdout.contains("not a camprobe control profile"), "\(r.stdout)")
    }
}
