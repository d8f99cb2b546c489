import Foundation
import Testing

/// Two cameras' dumps under generic file names (P17 item 3): importing each camera's
/// `list-formats-ext.txt` into one folder keeps both, named after their folders; a second camera whose
/// folder has the same name gets `-2`; the same camera again is still refused without `--force`.
@Suite("Imports never clash on generic names")
struct ImportNameClashTests {
    static let dumps = ProfileCommandEndToEndTests.root + "/Tests/Fixtures/v4l2-ctl"
    static let arducam = dumps + "/02-arducam-1080p-h264-microdia-0c45-6366/list-formats-ext.txt"
    static let pixpro = dumps + "/16-kodak-pixpro-4k-vr360/list-formats-ext.txt"

    /// `ROOT/folder/list-formats-ext.txt`, a copy of `source`.
    static func paste(_ source: String, in folder: String, root: String) throws -> String {
        try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        let path = root + "/" + folder + "/list-formats-ext.txt"
        try FileManager.default.copyItem(atPath: source, toPath: path)
        return path
    }

    static func scratch() -> String { CLI.scratch + "/clash-\(UUID().uuidString)" }

    @Test func twoCamerasInFoldersOfTheirOwnAreBothKept() throws {
        let root = Self.scratch()
        let kitchen = try Self.paste(Self.arducam, in: "kitchen", root: root)
        let porch = try Self.paste(Self.pixpro, in: "porch", root: root)
        let out = root + "/profiles/"
        let first = try CLI.run(["import", kitchen, "-o", out])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try CLI.run(["import", porch, "-o", out])
        #expect(second.status == 0, "\(second.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(written == ["imported-kitchen.json", "imported-porch.json"], "\(first.stderr)\(second.stderr)")
    }

    @Test func aSecondCameraUnderTheSameFolderNameGetsTheNextNumber() throws {
        let root = Self.scratch()
        let one = try Self.paste(Self.arducam, in: "a/cam1", root: root)
        let two = try Self.paste(Self.pixpro, in: "b/cam1", root: root)
        let out = root + "/profiles/"
        #expect(try CLI.run(["import", one, "-o", out]).status == 0)
        let second = try CLI.run(["import", two, "-o", out])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("imported-cam1.json already holds another camera"), "\(second.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(written == ["imported-cam1-2.json", "imported-cam1.json"])
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "imported-cam1-2.json")))
        #expect(((doc as? [String: Any])?["device"] as? [String: Any])?["id"] as? String == "imported-cam1-2")
    }

    @Test func theSameCameraAgainStillNeedsForce() throws {
        let root = Self.scratch()
        let kitchen = try Self.paste(Self.arducam, in: "kitchen", root: root)
        let out = root + "/profiles/"
        #expect(try CLI.run(["import", kitchen, "-o", out]).status == 0)
        let again = try CLI.run(["import", kitchen, "-o", out])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists: not overwritten (--force replaces it"), "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["imported-kitchen.json"])
        #expect(try CLI.run(["import", kitchen, "-o", out, "--force"]).status == 0)
    }

    @Test func aFileNameThatNamesTheCameraIsKept() throws {
        let root = Self.scratch()
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.pixpro, toPath: root + "/pixpro.txt")
        let r = try CLI.run(["import", root + "/pixpro.txt", "-o", root + "/out/"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/out") == ["imported-pixpro.json"])
    }
}
