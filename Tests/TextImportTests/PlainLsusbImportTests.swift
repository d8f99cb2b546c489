import CaptureModel
import DeviceFixtures
import Testing
import TextImport

/// Plain `lsusb` (no `-v`): one identity-only device per `Bus … Device …: ID` line, root hubs left out, merged with
/// the other pasted files only when the match is unambiguous (Tests/Fixtures/lsusb/plain*.txt).
@Suite("Importing plain lsusb text")
struct PlainLsusbImportTests {
    static let c525Dir = "v4l2-ctl/03-logitech-c525-falcons/"

    static func load(_ file: String, partial: Bool = false) throws -> TextImportResult {
        try LsusbImporter.importText(name: file, text: try Fixtures.read("lsusb/" + file), partial: partial)
    }

    /// Files read and merged as `camprobe import` does.
    static func importAll(_ files: [String]) throws -> ImportMerge.Result {
        let inputs = try files.map { (name: $0, text: try Fixtures.read($0)) }
        let run = try TextImportRun.read(inputs, partial: false)
        return ImportMerge.merge(run.results)
    }

    @Test func aWholeListingIsDetectedAsLsusb() throws {
        #expect(PasteKind.detect(try Fixtures.read("lsusb/plain.txt")) == .lsusb)
        #expect(PasteKind.detect("Bus 001 Device 009: ID 1bcf:28c4 Sunplus Innovation Technology Inc. FHD Camera Microphone\n") == .lsusb)
        let run = try TextImportRun.read([("plain.txt", try Fixtures.read("lsusb/plain.txt"))], partial: false)
        #expect(run.results.map(\.kind) == [.lsusb])
        // One lsusb line quoted in other text does not make it a listing.
        let quoted = "Bus 001 Device 004: ID 046d:0826 Logitech, Inc. HD Webcam C525\n" + (try Fixtures.read(Self.c525Dir + "all.txt"))
        #expect(PasteKind.detect(quoted) == .v4l2ctl)
    }

    @Test func linesAreReadWithIDsBusAndDeviceNumbersAndNames() throws {
        let r = try Self.load("plain.txt")
        #expect(r.kind == .lsusb)
        #expect(r.devices.map(\.device.modelID) == ["046d:c52b", "04f2:0833", "05e3:0610", "1bcf:28c4", "046d:0826", "8087:0a2b"])
        let sunplus = try #require(r.devices.first { $0.device.modelID == "1bcf:28c4" })
        #expect(sunplus.device.name == "Sunplus Innovation Technology Inc. FHD Camera Microphone")
        #expect(sunplus.device.identity.vendorID == "1bcf")
        #expect(sunplus.device.identity.productID == "28c4")
        #expect(sunplus.device.id.rawValue == "usb-1bcf:28c4@bus001-dev009")
        #expect(sunplus.device.transport.kind == .usb)
        #expect(sunplus.provenance == ["identity.vendorID": 7, "identity.productID": 7, "name": 7])
        let c525 = try #require(r.devices.first { $0.device.modelID == "046d:0826" })
        #expect(c525.device.name == "Logitech, Inc. HD Webcam C525")
        #expect(c525.device.id.rawValue == "usb-046d:0826@bus001-dev004")
        #expect(c525.nameStartsWithVendor)
    }

    @Test func rootHubsAreLeftOut() throws {
        let r = try Self.load("plain.txt")
        #expect(!r.devices.contains { $0.device.identity.vendorID == "1d6b" })
        #expect(r.notes.contains { $0.contains("4 Linux root hubs left out") && $0.contains("Bus 004 Device 001 (1d6b:0003)") })
    }

    @Test func anIdentityOnlyDeviceSaysItsCapabilitiesAreUnknownNotAbsent() throws {
        let r = try Self.load("plain.txt")
        let sunplus = try #require(r.devices.first { $0.device.modelID == "1bcf:28c4" })
        #expect(sunplus.device.captures.isEmpty)
        #expect(sunplus.device.audio.isEmpty)
        let problem = try #require(sunplus.device.problems.first)
        #expect(problem.kind == .imported)
        #expect(problem.message.contains("unknown (not absent)"))
        #expect(problem.message.contains("lsusb -v -d 1bcf:28c4"))
        #expect(problem.message.contains("v4l2-ctl --list-formats-ext"))
        #expect(sunplus.unknownCapabilities == problem)
        #expect(!sunplus.device.problems.contains { $0.kind == .noFormats })
        #expect(r.notes.contains { $0.contains("plain lsusb names 6 devices") && $0.contains("identity-only") })
    }

    @Test func theC525MergesWithItsV4L2CtlDump() throws {
        let merged = try Self.importAll(["lsusb/plain.txt", Self.c525Dir + "all.txt", Self.c525Dir + "list-formats-ext.txt"])
        #expect(merged.devices.count == 6)
        let camera = try #require(merged.devices.first { $0.modelID == "046d:0826" })
        #expect(camera.name == "HD Webcam C525")
        #expect(camera.identity.vendorID == "046d")
        #expect(camera.identity.productID == "0826")
        #expect(camera.identity.busInfo == "usb-0000:00:1a.0-1.2")
        #expect(!camera.captures.isEmpty)
        #expect(!camera.problems.contains { $0.kind == .imported && $0.message.contains("lsusb") }, "its formats are known now")
        #expect(camera.provenance?.sources.map(\.kind) == ["v4l2-ctl", "lsusb"])
        #expect(merged.notes.contains { $0.contains("plain.txt describes 'HD Webcam C525' too") })
        let sunplus = try #require(merged.devices.first { $0.modelID == "1bcf:28c4" })
        #expect(sunplus.captures.isEmpty)
        #expect(sunplus.problems.contains { $0.kind == .imported }, "nothing to match: still identity only")
    }

    @Test func plainLinesMergeWithLsusbVOfTheSameCamera() throws {
        let merged = try Self.importAll(["lsusb/plain.txt", "lsusb/c525.txt"])
        #expect(merged.devices.count == 6)
        let camera = try #require(merged.devices.first { $0.modelID == "046d:0826" })
        #expect(!camera.captures.isEmpty)
        #expect(!camera.problems.contains { $0.kind == .imported && $0.message.contains("plain lsusb") })
    }

    @Test func twoCamerasWithOneUSBIDStayIdentityOnly() throws {
        let r = try Self.load("plain-two-c525.txt")
        #expect(r.notes.contains { $0.contains("share the USB ID 046d:0826") })
        let merged = try Self.importAll(["lsusb/plain-two-c525.txt", Self.c525Dir + "all.txt"])
        #expect(merged.devices.count == 3)
        let fromLsusb = merged.devices.filter { $0.modelID == "046d:0826" }
        #expect(fromLsusb.count == 2)
        #expect(fromLsusb.allSatisfy { $0.captures.isEmpty && $0.problems.contains { $0.kind == .imported } })
        #expect(merged.devices.contains { $0.name == "HD Webcam C525" && $0.identity.vendorID == nil && !$0.captures.isEmpty })
        #expect(Set(fromLsusb.map(\.id.rawValue)) == ["usb-046d:0826@bus001-dev007", "usb-046d:0826@bus001-dev004"])
    }

    @Test func plainLinesBesideLsusbVAreNotReadTwice() throws {
        let text = try Fixtures.read("lsusb/plain.txt") + "\n" + (try Fixtures.read("lsusb/c525.txt"))
        let r = try LsusbImporter.importText(name: "both.txt", text: text, partial: false)
        let c525 = r.devices.filter { $0.device.modelID == "046d:0826" }
        #expect(c525.count == 1)
        #expect(c525.first?.device.captures.isEmpty == false)
        #expect(r.devices.contains { $0.device.modelID == "1bcf:28c4" && $0.device.captures.isEmpty })
    }

    @Test func aMalformedLineNamesFileAndLine() throws {
        let error = try #require(throws: TextImportError.self) { try Self.load("plain-malformed.txt") }
        #expect(error.file == "plain-malformed.txt")
        #expect(error.line == 3)
        #expect(error.reason == .malformed)
        let r = try Self.load("plain-malformed.txt", partial: true)
        #expect(r.devices.map(\.device.modelID) == ["046d:0826"])
        #expect(r.notes.contains { $0.hasPrefix("plain-malformed.txt:3: a malformed lsusb line") && $0.hasSuffix("skipped") })
    }
}
