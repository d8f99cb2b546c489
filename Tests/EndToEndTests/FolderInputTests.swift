import Foundation
import Testing

/// A folder where files are expected: `--profile DIR` and `import [v4l2-ctl|media-ctl] DIR` take every
/// readable file in it, sorted by name, and say which they skipped and why; a forgotten or mistyped
/// kind word gets the command that reads the files (issue P14, item 5).
@Suite("Folders and forgotten words")
struct FolderInputTests {
    static let root = ProfileCommandEndToEndTests.root
    static let pastes = root + "/Tests/Fixtures"
    static let c525Pastes = pastes + "/v4l2-ctl/03-logitech-c525-falcons"

    /// A fresh folder holding copies of `files` (each a path under the repository) and `extra` text files.
    static func folder(_ files: [String], extra: [String: String] = [:]) throws -> String {
        let dir = CLI.scratch + "/folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for f in files {
            try FileManager.default.copyItem(atPath: root + "/" + f, toPath: dir + "/" + URL(fileURLWithPath: f).lastPathComponent)
        }
        for (name, text) in extra { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }

    @Test func aProfileFolderIsOneDevicePerProfileInNameOrder() throws {
        let dir = try Self.folder(["Profiles/emeet-s800.json", "Profiles/c525.json"], extra: ["README.md": "# my cameras\n"])
        try FileManager.default.createDirectory(atPath: dir + "/old", withIntermediateDirectories: true)
        let r = try CLI.run(["list", "--profile", dir + "/", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let names = (doc?["devices"] as? [[String: Any]])?.map { $0["name"] as? String }
        #expect(
            names == ["HD Webcam C525", "EMEET SmartCam S800: EMEET Smar"], "c525.json before emeet-s800.json: \(String(describing: names))"
        )
        #expect(
            r.stderr.contains("camprobe: note: skipped \(dir)/README.md: not a profile (it starts with neither '{' (JSON) nor '<' (XML))"),
            "\(r.stderr)")
        #expect(r.stderr.contains("camprobe: note: skipped \(dir)/old: a folder (folders are read one level deep)"), "\(r.stderr)")
        #expect(!r.stderr.contains("Is a directory"))
    }

    /// P24 item 7: `--profile` takes every profile file that follows it, as the shell expands `--profile DIR/*.json`;
    /// a device typed after the files is still the device.
    @Test func profileTakesEveryFileThatFollows() throws {
        let r = try CLI.run(["list", "--profile", Self.root + "/Profiles/c525.json", Self.root + "/Profiles/emeet-s800.json", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect((doc?["devices"] as? [[String: Any]])?.count == 2, "\(r.stdout.prefix(300))")
        let shown = try CLI.run(["show", "--profile", Self.root + "/Profiles/c525.json", Self.root + "/Profiles/emeet-s800.json", "1"])
        #expect(shown.status == 0 && shown.stdout.contains("EMEET SmartCam S800"), "\(shown.stderr)")
        let neg = try CLI.run(["negotiate", "--profile", Self.root + "/Profiles/c525.json", "0", "--preset", "high"])
        #expect(neg.status == 0 || neg.status == 3, "\(neg.stderr)")
    }

    @Test func aProfileFolderWorksWhereverProfileIsTakenAndMixesWithFiles() throws {
        let dir = try Self.folder(["Profiles/c525.json"])
        let shown = try CLI.run(["show", "--profile", dir])
        #expect(shown.status == 0 && shown.stdout.contains("HD Webcam C525"), "\(shown.stderr)")
        let negotiated = try CLI.run(["negotiate", "--profile", dir, "--preset", "high"])
        #expect(negotiated.status == 0 && negotiated.stdout.contains("VALID"), "\(negotiated.stderr)")
        let mixed = try CLI.run(["list", "--profile", dir, "--profile", Self.root + "/Profiles/camlink-4k.json", "--json"])
        let doc = try JSONSerialization.jsonObject(with: Data(mixed.stdout.utf8)) as? [String: Any]
        #expect((doc?["devices"] as? [[String: Any]])?.count == 2, "\(mixed.stderr)")
    }

    @Test func aFolderWithoutProfilesIsAClearError() throws {
        let dir = try Self.folder([], extra: ["notes.txt": "nothing here\n"])
        let r = try CLI.run(["list", "--profile", dir])
        #expect(r.status == 1)
        #expect(r.stderr.contains("--profile \(dir): no camprobe profile in this folder (1 file read, none a profile)"), "\(r.stderr)")
        #expect(r.stderr.contains("'camprobe import \(dir)'"))
    }

    @Test func importTakesAFolderOfPastesAndSaysWhatItSkipped() throws {
        let anyKind = try CLI.run(["import", Self.c525Pastes, "-o", "-"])
        #expect(anyKind.status == 0, "\(anyKind.stderr)")
        #expect(anyKind.stdout.contains("HD Webcam C525"))
        #expect(anyKind.stderr.contains("skipped \(Self.c525Pastes)/SOURCE.md: not text camprobe can import"), "\(anyKind.stderr)")
        let v4l2 = try CLI.run(["import", "v4l2-ctl", Self.c525Pastes + "/", "-o", "-"])
        #expect(v4l2.status == 0 && v4l2.stdout.contains("HD Webcam C525"), "\(v4l2.stderr)")
        #expect(!v4l2.stderr.contains("Is a directory"))
        let media = try CLI.run(["import", "media-ctl", Self.pastes + "/media-ctl/pi", "-o", "-"])
        #expect(media.status == 0 && media.stdout.contains("imx708"), "\(media.stderr)")
        #expect(media.stderr.contains("skipped \(Self.pastes)/media-ctl/pi/README.md"), "\(media.stderr)")
    }

    @Test func importOfAFolderOfAnotherKindNamesTheCommandThatReadsIt() throws {
        let dir = try Self.folder(["Tests/Fixtures/udevadm/c525-query-all.txt"])
        let r = try CLI.run(["import", "v4l2-ctl", dir])
        #expect(r.status == 1)
        #expect(r.stderr.contains("skipped \(dir)/c525-query-all.txt: udevadm output"), "\(r.stderr)")
        #expect(r.stderr.contains("did you mean 'camprobe import \(dir)'?"), "\(r.stderr)")
    }

    @Test func aMistypedOrForgottenKindWordGetsTheCommandForTheFiles() throws {
        let v4l2 = Self.c525Pastes + "/all.txt"
        let typo = try CLI.run(["import", "v4l2ctl", v4l2])
        #expect(typo.status == 2)
        #expect(
            typo.stderr.contains("'v4l2ctl' is neither a file nor a kind of text: did you mean 'camprobe import v4l2-ctl \(v4l2)'?"),
            "\(typo.stderr)")
        let mediaText = Self.pastes + "/media-ctl/pi/media-ctl-p.txt"
        let media = try CLI.run(["import", "mediactl", mediaText])
        #expect(media.stderr.contains("did you mean 'camprobe import media-ctl \(mediaText)'?"), "\(media.stderr)")
        let arecord = Self.pastes + "/alsa/arecord-l.txt"
        let tool = try CLI.run(["import", "arecord", arecord])
        #expect(tool.stderr.contains("did you mean 'camprobe import \(arecord)'?"), "\(tool.stderr)")
    }

    @Test func textOfAnotherKindGivenToASubcommandIsNamed() throws {
        let udev = Self.pastes + "/udevadm/c525-query-all.txt"
        let r = try CLI.run(["import", "v4l2-ctl", udev])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(udev) is udevadm output: did you mean 'camprobe import \(udev)'?"), "\(r.stderr)")
        let v4l2 = Self.c525Pastes + "/all.txt"
        let media = try CLI.run(["import", "media-ctl", v4l2])
        #expect(media.stderr.contains("did you mean 'camprobe import v4l2-ctl \(v4l2)'?"), "\(media.stderr)")
    }
}
