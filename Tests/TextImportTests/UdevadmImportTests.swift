import CaptureModel
import DeviceFixtures
import FoundationEssentials
import Testing

@testable import TextImport

/// The udevadm info reader against samples written from udev's output format (Tests/Fixtures/udevadm).
@Suite("Importing udevadm info text")
struct UdevadmImportTests {
    static let dir = Fixtures.path("udevadm")

    static func text(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)), as: UTF8.self)
    }

    static func only(_ name: String, partial: Bool = false) throws -> ImportedDevice {
        let r = try UdevadmImporter.importText(name: name, text: try text(name), partial: partial)
        #expect(r.kind == .udevadm)
        #expect(r.file == name)
        #expect(r.devices.count == 1)
        return try #require(r.devices.first)
    }

    static let samples = [
        "c525-query-all.txt", "c525-attribute-walk.txt", "sonix-no-serial-query-all.txt", "pi-unicam-platform.txt",
        "malformed-query-all.txt", "malformed-attribute-walk.txt",
    ]

    @Test(arguments: samples) func detectedAsUdevadm(_ name: String) throws {
        #expect(PasteKind.detect(try Self.text(name)) == .udevadm)
    }

    @Test func quotedForumPasteIsDetectedOnlyOnceNormalized() throws {
        let raw = try Self.text("forum-quoted.txt")
        #expect(PasteKind.detect(PasteNormalizer.normalize(raw, commands: .blank)) == .udevadm)
        // PasteKind looks for `P: /devices/` at the start of the raw lines: "> " quoting hides it.
        #expect(PasteKind.detect(raw) == .udevadm)
    }

    @Test func c525QueryAllIsOneDeviceWithItsMicrophone() throws {
        let imported = try Self.only("c525-query-all.txt")
        let d = imported.device
        #expect(d.id == DeviceID("usb-046d:0826-ABCD1234"))
        #expect(d.name == "HD Webcam C525")
        #expect(d.modelID == "046d:0826")
        #expect(d.transport == Transport(kind: .usb))
        #expect(d.identity.vendorID == "046d")
        #expect(d.identity.productID == "0826")
        #expect(d.identity.serial == "ABCD1234")
        // The C525 has no manufacturer or product string: udev writes the IDs there, which are no names.
        #expect(d.identity.manufacturer == nil)
        #expect(d.identity.product == nil)
        #expect(d.identity.byID == ["/dev/v4l/by-id/usb-046d_0826_ABCD1234-video-index0"])
        #expect(d.identity.byPath == ["/dev/v4l/by-path/pci-0000:00:14.0-usb-0:2:1.0-video-index0"])
        #expect(d.identity.udevIDPath == "pci-0000:00:14.0-usb-0:2:1.0")
        #expect(d.identity.busInfo == "usb-0000:00:14.0-2")
        #expect(d.identity.portPath == "pci-0000:00:14.0-usb-0:2")
        #expect(d.identity.physicalPath == "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-2")
        #expect(d.identity.driver == "uvcvideo")
        #expect(
            d.nodes == [
                DeviceNode(role: .capture, path: "/dev/video0"), DeviceNode(role: .other, path: "/dev/video1"),
                DeviceNode(role: .audio, path: "/dev/snd/controlC1"),
            ])
        #expect(d.audio == [AudioCaptureCard(card: 1, cardID: "", name: "", longName: "", driver: "", controlPath: "/dev/snd/controlC1")])
        #expect(d.captures.isEmpty)
        #expect(d.problems.isEmpty)
        #expect(
            imported.provenance == [
                "identity.vendorID": 21, "identity.productID": 24, "identity.serial": 27, "identity.byID": 8, "identity.byPath": 9,
                "identity.udevIDPath": 34, "identity.driver": 31, "identity.busInfo": 1, "identity.portPath": 1,
                "identity.physicalPath": 1, "transport": 1, "name": 17, "nodes": 6, "audio": 81,
            ])
    }

    @Test func c525AttributeWalkReadsTheUSBDeviceNotTheRootHub() throws {
        let imported = try Self.only("c525-attribute-walk.txt")
        let d = imported.device
        #expect(d.id == DeviceID("usb-046d:0826-ABCD1234"))
        #expect(d.name == "HD Webcam C525")
        #expect(d.transport == Transport(kind: .usb, speedMbps: 480))
        #expect(d.identity.vendorID == "046d")
        #expect(d.identity.productID == "0826")
        #expect(d.identity.serial == "ABCD1234")
        #expect(d.identity.manufacturer == nil)
        #expect(d.identity.product == nil)
        #expect(d.identity.driver == "uvcvideo")
        #expect(d.identity.busInfo == "usb-0000:00:14.0-2")
        #expect(d.identity.portPath == "pci-0000:00:14.0-usb-0:2")
        #expect(d.identity.physicalPath == "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-2")
        #expect(d.identity.byID.isEmpty)
        #expect(d.identity.udevIDPath == nil)
        // Without udev's ID_V4L_CAPABILITIES the walk does not say the node captures.
        #expect(d.nodes == [DeviceNode(role: .other, path: "/dev/video0"), DeviceNode(role: .audio, path: "/dev/snd/controlC1")])
        #expect(
            d.audio == [AudioCaptureCard(card: 1, cardID: "C525", name: "", longName: "", driver: "", controlPath: "/dev/snd/controlC1")])
        #expect(imported.provenance["identity.vendorID"] == 61)
        #expect(imported.provenance["identity.productID"] == 60)
        #expect(imported.provenance["identity.serial"] == 70)
        #expect(imported.provenance["identity.driver"] == 25)
        #expect(imported.provenance["transport"] == 71)
        #expect(imported.provenance["name"] == 14)
        #expect(imported.provenance["audio"] == 129)
    }

    @Test func queryAllAndWalkOfOneCameraMakeOneDevice() throws {
        let text = try Self.text("c525-query-all.txt") + "\n" + Self.text("c525-attribute-walk.txt")
        let r = try UdevadmImporter.importText(name: "both.txt", text: text, partial: false)
        #expect(r.devices.count == 1)
        let d = try #require(r.devices.first).device
        #expect(d.transport.speedMbps == 480)
        #expect(d.nodes.map(\.path) == ["/dev/video0", "/dev/video1", "/dev/snd/controlC1"])
        #expect(d.audio.map(\.cardID) == ["C525"])
    }

    @Test func soundCardAloneIsAMicrophoneDevice() throws {
        // The walk of controlC1 only: the lines after the video node's walk, at their own line numbers.
        let lines = try Self.text("c525-attribute-walk.txt").split(separator: "\n", omittingEmptySubsequences: false)
        let text = Array(repeating: "", count: 112).joined(separator: "\n") + "\n" + lines[112...].joined(separator: "\n")
        let r = try UdevadmImporter.importText(name: "mic.txt", text: text, partial: false)
        let imported = try #require(r.devices.first)
        let d = imported.device
        #expect(r.devices.count == 1)
        #expect(d.id == DeviceID("usb-046d:0826-ABCD1234"))
        #expect(d.name == "C525")
        #expect(d.mediaType == .audio)
        #expect(d.nodes == [DeviceNode(role: .audio, path: "/dev/snd/controlC1")])
        #expect(d.audio.map(\.cardID) == ["C525"])
        #expect(d.identity.busInfo == "")
        #expect(d.identity.driver == "")
        #expect(d.identity.physicalPath == "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-2")
        #expect(d.transport == Transport(kind: .usb, speedMbps: 480))
        #expect(imported.provenance["identity.vendorID"] == 144)
        #expect(imported.provenance["audio"] == 129)
    }

    @Test func cameraWithoutSerialIsNamedByItsPort() throws {
        let imported = try Self.only("sonix-no-serial-query-all.txt")
        let d = imported.device
        #expect(d.id == DeviceID("usb-0c45:6366@pci-0000:00:14.0-usb-0:1.4"))
        #expect(d.identity.serial == nil)
        #expect(d.identity.manufacturer == "Sonix Technology Co., Ltd.")
        #expect(d.identity.product == "USB 2.0 Camera")
        #expect(d.name == "USB 2.0 Camera: USB 2.0 Camera")
        #expect(d.identity.busInfo == "usb-0000:00:14.0-1.4")
        #expect(d.identity.portPath == "pci-0000:00:14.0-usb-0:1.4")
        #expect(d.identity.physicalPath == "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1.4")
        #expect(d.identity.byID == ["/dev/v4l/by-id/usb-Sonix_Technology_Co.__Ltd._USB_2.0_Camera-video-index0"])
        #expect(d.nodes == [DeviceNode(role: .capture, path: "/dev/video2")])
        #expect(d.audio.isEmpty)
        #expect(imported.provenance["identity.manufacturer"] == 20)
        #expect(imported.provenance["identity.product"] == 23)
        #expect(imported.provenance["identity.serial"] == nil)
    }

    @Test func platformCameraIsOneDeviceWithoutUSBFacts() throws {
        let imported = try Self.only("pi-unicam-platform.txt")
        let d = imported.device
        #expect(d.id == DeviceID("platform-fe801000.csi"))
        #expect(d.transport == Transport(kind: .platform))
        #expect(d.name == "unicam-image")
        #expect(d.modelID == nil)
        #expect(d.identity.vendorID == nil)
        #expect(d.identity.serial == nil)
        #expect(d.identity.busInfo == "")
        #expect(d.identity.driver == "")
        #expect(d.identity.portPath == "platform-fe801000.csi")
        #expect(d.identity.udevIDPath == "platform-fe801000.csi")
        #expect(d.identity.physicalPath == "/sys/devices/platform/soc/fe801000.csi")
        #expect(d.identity.byPath == ["/dev/v4l/by-path/platform-fe801000.csi-video-index0"])
        #expect(
            d.nodes == [
                DeviceNode(role: .capture, path: "/dev/video0"), DeviceNode(role: .other, path: "/dev/video1"),
                DeviceNode(role: .media, path: "/dev/media3"),
            ])
        #expect(imported.provenance["name"] == 16)
        #expect(imported.provenance["transport"] == 1)
    }

    @Test func quotedIndentedForumPasteKeepsItsLineNumbers() throws {
        for text in [try Self.text("forum-quoted.txt"), try Self.text("forum-quoted.txt").replacing("\n", with: "\r\n")] {
            let r = try UdevadmImporter.importText(name: "forum.txt", text: text, partial: false)
            #expect(r.devices.count == 1)
            let imported = try #require(r.devices.first)
            let d = imported.device
            #expect(d.id == DeviceID("usb-046d:0826-ABCD1234"))
            #expect(d.identity.busInfo == "usb-0000:00:14.0-1.2")
            #expect(d.identity.portPath == "pci-0000:00:14.0-usb-0:1.2")
            #expect(d.nodes == [DeviceNode(role: .capture, path: "/dev/video0")])
            #expect(imported.provenance["identity.vendorID"] == 19)
            #expect(imported.provenance["identity.busInfo"] == 5)
        }
    }

    @Test func malformedQueryAllLineIsAnErrorWithFileAndLine() throws {
        #expect {
            _ = try UdevadmImporter.importText(name: "bad.txt", text: try Self.text("malformed-query-all.txt"), partial: false)
        } throws: { error in
            guard let e = error as? TextImportError else { return false }
            return e.file == "bad.txt" && e.line == 6 && e.message.contains("E: KEY=VALUE") && e.description.hasPrefix("bad.txt:6: ")
        }
    }

    @Test func malformedQueryAllLinesAreSkippedWhenPartial() throws {
        let imported = try Self.only("malformed-query-all.txt", partial: true)
        let d = imported.device
        #expect(d.id == DeviceID("usb-046d:0826-ABCD1234"))
        #expect(d.identity.vendorID == "046d")
        #expect(imported.provenance["identity.vendorID"] == 7)
        #expect(d.problems.map(\.kind) == [.skipped, .skipped])
        #expect(d.problems.map { $0.message.prefix(8) } == ["line 6: ", "line 8: "])
        #expect(d.problems.allSatisfy { $0.message.contains("skipped") })
    }

    @Test func malformedWalkLineIsAnErrorOrSkipped() throws {
        #expect {
            _ = try UdevadmImporter.importText(name: "walk.txt", text: try Self.text("malformed-attribute-walk.txt"), partial: false)
        } throws: { error in
            guard let e = error as? TextImportError else { return false }
            return e.file == "walk.txt" && e.line == 9 && e.message.contains("ATTRS{")
        }
        let d = try Self.only("malformed-attribute-walk.txt", partial: true).device
        #expect(d.identity.vendorID == "046d")
        #expect(d.identity.productID == nil)
        #expect(d.modelID == nil)
        #expect(d.transport == Transport(kind: .usb, speedMbps: 480))
        #expect(d.problems.count == 1)
        #expect(d.problems.first?.message.hasPrefix("line 9: ") == true)
    }

    @Test(arguments: [false, true]) func textWithoutARecordIsAnError(_ partial: Bool) {
        for text in ["", "Hello, my camera does not work.\nAny idea?\n", "```\n$ udevadm info /dev/video0\n```\n"] {
            #expect(throws: TextImportError.self) {
                _ = try UdevadmImporter.importText(name: "empty.txt", text: text, partial: partial)
            }
        }
    }

    @Test func recordsOfOtherSubsystemsAreLeftOutWithANote() throws {
        let disk = "P: /devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block/sda\nN: sda\nE: SUBSYSTEM=block\n\n"
        let r = try UdevadmImporter.importText(
            name: "db.txt", text: disk + (try Self.text("sonix-no-serial-query-all.txt")), partial: false)
        #expect(r.devices.map(\.device.id) == [DeviceID("usb-0c45:6366@pci-0000:00:14.0-usb-0:1.4")])
        #expect(r.notes.contains { $0.hasPrefix("db.txt: line 1: ") && $0.contains("block") })
        #expect(throws: TextImportError.self) { _ = try UdevadmImporter.importText(name: "disk.txt", text: disk, partial: true) }
    }

    @Test func hostileInputIsBounded() throws {
        // The parser alone: the bound is on its entries, and 100 000 lines through the normalizer are slow in a debug build.
        let many =
            "P: /devices/virtual/video4linux/video0\n" + String(repeating: "E: K=V\n", count: TextImportLimits.maximumEntries + 10)
        #expect(throws: TextImportError.self) {
            var strict = UdevadmTextParser(file: "many.txt", partial: false)
            try strict.parse(many)
        }
        var lenient = UdevadmTextParser(file: "many.txt", partial: true)
        try lenient.parse(many)
        #expect(lenient.records.count == 1)
        #expect(lenient.records.first?.problems.count == 1)
        let huge = String(repeating: "x", count: TextImportLimits.maximumBytes + 1)
        #expect(throws: TextImportError.self) { _ = try UdevadmImporter.importText(name: "huge.txt", text: huge, partial: true) }
    }

    @Test func devpathsTellBusInfoAndPortPathOnlyWhereTheyCan() {
        let hub = UdevadmTextDevpath("/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1.2/1-1.2:1.0/video4linux/video0")
        #expect(hub.usbDevice == "/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1.2")
        #expect(hub.usbBusInfo == "usb-0000:00:14.0-1.2")
        #expect(hub.portPath == "pci-0000:00:14.0-usb-0:1.2")
        #expect(hub.kind == .usb)
        let pi = UdevadmTextDevpath(
            "/devices/platform/scb/fd500000.pcie/pci0000:00/0000:00:00.0/0000:01:00.0/usb1/1-1/1-1.3/1-1.3:1.0/video4linux/video0")
        #expect(pi.usbBusInfo == "usb-0000:01:00.0-1.3")
        #expect(pi.portPath == "pci-0000:01:00.0-usb-0:1.3")
        // An i2c sensor's `10-001a`/`10-0010` names look like USB ports but no USB bus is above them.
        let sensor = UdevadmTextDevpath("/devices/platform/soc/fe205000.i2c/i2c-22/i2c-10/10-0010/video4linux/v4l-subdev0")
        #expect(sensor.usbDevice == nil)
        #expect(sensor.usbBusInfo == nil)
        #expect(sensor.parent == "/devices/platform/soc/fe205000.i2c/i2c-22/i2c-10/10-0010")
        let pci = UdevadmTextDevpath("/devices/pci0000:00/0000:00:1c.0/0000:03:00.0/video4linux/video0")
        #expect(pci.kind == .pci)
        #expect(pci.portPath == "pci-0000:03:00.0")
        #expect(pci.usbBusInfo == nil)
        let loopback = UdevadmTextDevpath("/devices/virtual/video4linux/video10")
        #expect(loopback.parent == nil)
        #expect(loopback.kind == .virtual)
        #expect(loopback.portPath == nil)
    }
}
