import CaptureModel
import DeviceFixtures
import Foundation
import Testing
import TextImport

/// A new text importer is one type (in its own folder under Sources/TextImport) and one line in
/// `TextImporters.all`. This toy is that type; the tests hand the registry plus the toy to detection and to the
/// import run, as the one registry line would, and the toy's files are then told apart and read with the others.
extension PasteKind {
    static let toycam = PasteKind(rawValue: "toycam")
}

/// Reads `toycam NAME: WxH@FPS` lines, one camera per line; `--partial` skips lines it cannot read.
struct ToyImporter: TextImporter {
    var kind: PasteKind { .toycam }
    var command: String { "toycam --list" }

    func detect(_ text: PastedText) -> Bool { text.lines.first?.hasPrefix("toycam ") == true }

    func read(_ inputs: [TextInput], partial: Bool) throws(TextImportError) -> TextImportResult {
        let (name, text) = inputs[0]
        var devices: [ImportedDevice] = []
        for (n, line) in text.split(separator: "\n").enumerated() {
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == "toycam", words[1].hasSuffix(":") else {
                if partial { continue }
                throw TextImportError(file: name, line: n + 1, message: "expected 'toycam NAME: WxH@FPS'")
            }
            var device = Device(
                id: DeviceID("toycam-" + words[1].dropLast()), name: String(words[1].dropLast()), modelID: nil,
                transport: Transport(kind: .unknown), identity: DeviceIdentity(busInfo: "", driver: "toycam"), nodes: [],
                captures: [])
            device.problems.append(Problem(kind: .imported, message: "toycam mode \(words[2]) (not parsed: a toy)"))
            devices.append(ImportedDevice(device: device, provenance: ["name": n + 1]))
        }
        return TextImportResult(kind: .toycam, file: name, devices: devices)
    }
}

@Suite("A new importer is one type and one registry line")
struct ToyImporterTests {
    static let registry: [any TextImporter] = TextImporters.all + [ToyImporter()]
    static let toy = "toycam Kitchen: 640x480@30\ntoycam Porch: 1280x720@15\n"

    static func lsusb() throws -> String {
        try Fixtures.read("lsusb/c525.txt")
    }

    @Test func detectionFindsTheToyOnlyWhenItIsRegistered() {
        #expect(PasteKind.detect(Self.toy, among: Self.registry) == .toycam)
        #expect(PasteKind.detect(Self.toy) == .v4l2ctl, "without its line, text nothing claims goes to the fallback")
        #expect(PasteKind.all(Self.registry).contains(.toycam))
    }

    @Test func theImportRunReadsTheToyBesideTheOtherKinds() throws {
        let run = try TextImportRun.read([("toy.txt", Self.toy), ("c525.txt", try Self.lsusb())], partial: false, importers: Self.registry)
        #expect(run.results.map(\.kind) == [.toycam, .lsusb])
        #expect(run.results[0].devices.map(\.device.name) == ["Kitchen", "Porch"])
        #expect(run.recognized == ["toycam", "lsusb"])
        let merged = ImportMerge.merge(run.results)
        #expect(merged.devices.contains { $0.name == "Porch" })
        #expect(merged.devices.count == 3)
    }

    @Test func withoutItsLineTheToyIsRefusedNamingEveryKindKnown() {
        #expect(throws: TextImportRunError.self) {
            try TextImportRun.read([("toy.txt", Self.toy)], partial: false)
        }
        do {
            _ = try TextImportRun.read([("toy.txt", Self.toy)], partial: false)
        } catch {
            #expect(error.message.hasPrefix("toy.txt:1: this is not v4l2-ctl output"))
            #expect(
                error.message.contains(
                    "nor media-ctl -p, udevadm info, lsusb -v, lsusb -t, usb-devices, arecord -l or cat /proc/asound/cards text"))
        }
    }

    @Test func aMalformedToyLineNamesFileAndLineAndPartialSkipsIt() throws {
        let bad = Self.toy + "toycam broken\n"
        do {
            _ = try TextImportRun.read([("toy.txt", bad)], partial: false, importers: Self.registry)
            Issue.record("a malformed line was accepted")
        } catch {
            #expect(error.message == "toy.txt:3: expected 'toycam NAME: WxH@FPS' (--partial skips it)")
        }
        let run = try TextImportRun.read([("toy.txt", bad)], partial: true, importers: Self.registry)
        #expect(run.results.first?.devices.count == 2)
    }
}
