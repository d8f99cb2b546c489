import CaptureModel
import DeviceFixtures
import Foundation
import Testing

@testable import TextImport

/// `import` attaches each camera's bus (`Device.usb`) from the pasted bus texts: `lsusb -v` with `lsusb -t`
/// (`LsusbBus.cameras`), `usb-devices` and debugfs (`USBDevicesText`); matched by USB ID, serial, bus and device number.
@Suite("import: the bus of each camera")
struct ImportUSBBusTests {
    static func text(_ file: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(file))), as: UTF8.self)
    }

    static func run(_ files: [String], partial: Bool = false) throws -> ImportMerge.Result {
        let inputs: [TextInput] = try files.map { ($0, try text($0)) }
        return ImportMerge.merge(try TextImportRun.read(inputs, partial: partial).results)
    }

    /// Two cameras' `lsusb -v` (C525 on bus 1, the Microdia H.264 camera on bus 3 behind a hub) and the machine's
    /// `lsusb -t`: each profile's `usb.link` is exactly what `LsusbBus.cameras` gives for the same texts.
    @Test func lsusbVerboseAndTreeGiveEachCameraItsLinkAsLsusbBusDoes() throws {
        let files = ["lsusb/c525.txt", "lsusb/h264.txt", "lsusb/tree-c525-h264.txt"]
        let merged = try Self.run(files)
        let expected = LsusbBus.cameras(
            verbose: PasteNormalizer.normalize(try Self.text(files[0]), commands: .blank) + "\n"
                + PasteNormalizer.normalize(try Self.text(files[1]), commands: .blank),
            tree: PasteNormalizer.normalize(try Self.text(files[2]), commands: .blank))
        #expect(expected.count == 2)
        let c525 = try #require(merged.devices.first { $0.modelID == "046d:0826" })
        let h264 = try #require(merged.devices.first { $0.modelID == "0c45:6366" })
        let e525 = try #require(expected.first { $0.productID == 0x0826 })
        let e264 = try #require(expected.first { $0.productID == 0x6366 })
        #expect(c525.usb?.link == e525.link && h264.usb?.link == e264.link)
        #expect(c525.usb?.source == "lsusb -v+lsusb -t")
        #expect(c525.usb?.firmware == "0.10" && h264.usb?.firmware == "1.00")  // bcdDevice
        #expect(c525.usb?.link.alts.isEmpty == false && h264.usb?.link.alts.isEmpty == false)
        #expect(c525.usb?.link.devpath == "2" && c525.usb?.link.controller?.driver == "xhci_hcd")
        #expect(h264.usb?.link.devpath == "1.3" && h264.usb?.link.hubs.map(\.sysfsName) == ["3-1"])
        #expect(h264.usb?.link.controller?.driver == "ehci-pci")
    }

    /// `lsusb -t` alone is a kind of its own (no device of its own, no error); `lsusb -v` alone still places each
    /// camera (assumed port, said by LsusbBus) with its settings.
    @Test func lsusbTreeIsReadAsItsOwnKind() throws {
        #expect(PasteKind.detect(try Self.text("lsusb/tree-c525-h264.txt")) == .lsusbTree)
        let alone = try Self.run(["lsusb/c525.txt"])
        #expect(alone.devices.first?.usb?.source == "lsusb -v")
        #expect(alone.devices.first?.usb?.link.alts.isEmpty == false)
    }

    /// debugfs lists every setting: the C525 behind a multi-TT hub, its high-bandwidth settings as bytes per
    /// microframe (2040 = 2 × 1020, 3060 = 3 × 1020), the controller driver from the root hub's manufacturer string.
    @Test func debugfsGivesTopologySettingsAndController() throws {
        let listing = USBDevicesText.read(try Self.text("usb-devices/debugfs-c525-hub.txt"), file: "debugfs.txt")
        #expect(listing.allSettings && listing.notes.isEmpty && listing.devices.count == 3)
        let cam = try #require(USBDevicesText.cameras(listing).first)
        #expect(cam.link.sysfsName == "1-1.3" && cam.link.devpath == "1.3" && cam.link.speedMbps == 480)
        #expect(cam.link.hubs == [USBHub(sysfsName: "1-1", tt: .multi)])
        #expect(cam.link.controller == USBController(driver: "ehci_hcd", sysfsName: "0000:00:1d.0"))
        #expect(cam.link.alts.map(\.alt) == [0, 1, 2, 3, 4, 5])
        #expect(cam.link.alts.map(\.bytesPerInterval) == [0, 192, 384, 512, 2040, 3060])
        #expect(cam.link.alts.last?.transactions == 3 && cam.link.alts.last?.bInterval == 1)
        #expect(cam.device.serial == "8E4B3C60" && cam.device.revision == "00.10")
    }

    /// usb-devices lists only the settings held now: place and controller known, settings left unknown (empty) and said.
    @Test func usbDevicesGivesThePlaceButNotTheSettings() throws {
        let text = try Self.text("usb-devices/usb-devices-c525.txt")
        #expect(PasteKind.detect(text) == .usbDevices)
        let listing = USBDevicesText.read(text, file: "usb-devices.txt")
        #expect(!listing.allSettings && listing.notes.isEmpty)
        let cam = try #require(USBDevicesText.cameras(listing).first)
        #expect(cam.link.devpath == "2" && cam.link.hubs.isEmpty && cam.link.alts.isEmpty)
        #expect(cam.link.controller?.driver == "xhci-hcd" && cam.link.controller?.sysfsName == "0000:00:14.0")
        let r = try USBDevicesTextImporter().read([("usb-devices.txt", text)], partial: false)
        #expect(r.devices.isEmpty && r.notes.contains { $0.contains("streaming settings stay unknown") })
    }

    /// With lsusb -v for the formats, debugfs's place is attached by USB ID, with its firmware.
    @Test func debugfsIsAttachedToTheCameraLsusbNames() throws {
        let merged = try Self.run(["lsusb/c525.txt", "usb-devices/debugfs-c525-hub.txt"])
        let usb = try #require(merged.devices.first { $0.modelID == "046d:0826" }?.usb)
        // lsusb -v's settings (complete), debugfs's place and controller (lsusb -v alone would assume port 1)
        #expect(usb.source == "lsusb -v+debugfs")
        #expect(usb.link.sysfsName == "1-1.3" && usb.link.hubs == [USBHub(sysfsName: "1-1", tt: .multi)])
        #expect(usb.link.controller?.driver == "ehci_hcd")
        let alone = try #require(try Self.run(["lsusb/c525.txt"]).devices.first?.usb)
        #expect(usb.link.alts == alone.link.alts && alone.link.sysfsName == "1-1")
        let fromDebugfs = try #require(
            ImportUSBBus.cameras(
                try TextImportRun.read(
                    [("d.txt", try Self.text("usb-devices/debugfs-c525-hub.txt"))], partial: false
                ).results
            ).first)
        #expect(fromDebugfs.usb.source == "debugfs" && fromDebugfs.usb.firmware == "0.10" && fromDebugfs.serial == "8E4B3C60")
    }

    /// A malformed line is a note with file and line (an error without --partial), never a crash.
    @Test func aMalformedLineIsSaidWithFileAndLine() throws {
        let text = try Self.text("usb-devices/debugfs-c525-hub.txt").replacingOccurrences(
            of: "P:  Vendor=046d ProdID=0826 Rev=00.10", with: "P:  Vendor=zz ProdID=0826 Rev=00.10")
        let listing = USBDevicesText.read(text, file: "bad.txt")
        #expect(listing.notes.count == 1 && listing.notes[0].hasPrefix("bad.txt:25: "), "\(listing.notes)")
        #expect(throws: TextImportError.self) { try USBDevicesTextImporter().read([("bad.txt", text)], partial: false) }
        let r = try USBDevicesTextImporter().read([("bad.txt", text)], partial: true)
        #expect(r.notes.first?.hasPrefix("bad.txt:25: ") == true)
        for junk in [
            "T:", "T:  Bus=xx", "E:  Ad=81(I)", "I:* If#=",
            "T:  Bus=01 Lev=01 Prnt=09 Port=-1 Dev#=2 Spd=fast\nI: If#=1 Alt=1 Cls=0e(video) Sub=02\nE:  Ad=81(I) Atr=05(Isoc) MxPS=99999 Ivl=9999999ms",
        ] {
            let l = USBDevicesText.read(junk, file: "j.txt")
            _ = USBDevicesText.cameras(l)
        }
    }

    /// Two cameras with one USB ID are told apart by serial; without one, by the bus and device number in the id.
    @Test func twinsAreMatchedBySerialOrBusAndDevice() {
        #expect(ImportUSBBus.busAndDevice("usb-046d:0826@bus001-dev007") ?? (0, 0) == (1, 7))
        #expect(ImportUSBBus.busAndDevice("usb-046d:0826-8E4B3C60") == nil)
        let facts = ImportUSBBus.lsusbDeviceFacts(
            "Bus 001 Device 004: ID 046d:0826 x\n  bcdDevice            0.10\n  iSerial                 2 8E4B3C60\n")
        #expect(facts["1:4"]?.serial == "8E4B3C60" && facts["1:4"]?.firmware == "0.10")
    }
}
