import CaptureModel
import DeviceFixtures
import FoundationEssentials
import ProfileFormat
import Testing
import TextImport

/// udevadm, ALSA and lsusb text as forums, mail and chat pass it on: each paste style must be detected as its kind and
/// read as the clean text is (the real C922 arecord paste among them).
@Suite("Importing pasted udevadm, ALSA and lsusb text")
struct PasteStyleOtherKindsTests {
    typealias Style = PasteStyleTests.Style

    static let samples: [(file: String, kind: PasteKind)] = [
        ("udevadm/c525-query-all.txt", .udevadm), ("udevadm/c525-attribute-walk.txt", .udevadm),
        ("alsa/c922-arecord-cut.txt", .arecord), ("alsa/arecord-l-de.txt", .arecord), ("alsa/arecord-l-fr.txt", .arecord),
        ("alsa/arecord-L.txt", .arecord), ("alsa/asound-cards.txt", .asoundCards), ("lsusb/c525.txt", .lsusb),
        ("lsusb/two-devices.txt", .lsusb),
    ]

    static func read(_ file: String) throws -> String {
        return try Fixtures.read(file)
    }

    /// What a reader made of a text, without the parts that name lines (provenance, skipped-line messages).
    static func essence(_ r: TextImportResult) -> [String] {
        r.devices.map { d in
            let x = d.device
            return [
                x.id.rawValue, x.name, x.identity.vendorID ?? "", x.identity.serial ?? "", x.identity.busInfo,
                "\(x.audio.map { "\($0.card) \($0.cardID) \($0.pcms.map(\.device))" })",
                "\(x.captures.map { $0.formats.map { "\($0.fourcc) \($0.sizes.count)" } })",
            ].joined(separator: "|")
        }
    }

    static let styles: [Style] = [
        .crlf, .loneCR, .forumIndent, .tabIndent, .quoted, .nestedQuoted, .htmlQuoted, .dollarPrompt, .fenced, .tildeFenced,
        .ansi, .combined,
    ]

    @Test(arguments: styles)
    func eachSampleReadsAsTheCleanText(style: Style) throws {
        for (file, kind) in Self.samples {
            let clean = try Self.read(file)
            let pasted = style.apply(clean)
            #expect(PasteKind.detect(pasted) == kind, "\(file) in style \(style)")
            let expected = try #require(try TextImporters.read(kind, name: file, text: clean, partial: false))
            let got = try #require(try TextImporters.read(kind, name: file, text: pasted, partial: true))
            #expect(Self.essence(got) == Self.essence(expected), "\(file) in style \(style)")
            #expect(!expected.devices.isEmpty)
        }
    }

    @Test func theRealC922PasteHasBothCards() throws {
        let r = try #require(
            try TextImporters.read(.arecord, name: "c922", text: try Self.read("alsa/c922-arecord-cut.txt"), partial: false))
        #expect(r.devices.flatMap(\.device.audio).map(\.cardID) == ["Webcam", "PCH"])
        #expect(r.devices.first?.device.audio.first?.name == "C922 Pro Stream Webcam")
    }
}
