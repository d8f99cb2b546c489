import CaptureModel
import ProfileFormat
import Testing
import TextImport

/// `ImportMerge` joins what several pasted files say about one device, records which file said what, and reports
/// where they disagree.
@Suite("Merging imported files")
struct ImportMergeTests {
    static func device(
        _ id: String, name: String, busInfo: String = "", vendor: String? = nil, product: String? = nil, serial: String? = nil,
        transport: TransportKind = .unknown, audio: [AudioCaptureCard] = [], nodes: [DeviceNode] = []
    ) -> Device {
        Device(
            id: DeviceID(id), name: name, modelID: nil, transport: Transport(kind: transport),
            identity: DeviceIdentity(vendorID: vendor, productID: product, serial: serial, busInfo: busInfo, driver: ""),
            nodes: nodes, captures: [], audio: audio)
    }

    static func card(_ n: Int32, _ id: String, _ name: String) -> AudioCaptureCard {
        AudioCaptureCard(
            card: n, cardID: id, name: name, longName: "", driver: "USB-Audio", controlPath: "/dev/snd/controlC\(n)",
            pcms: [AudioCapturePCM(device: 0, alsaName: "hw:CARD=\(id),DEV=0", name: "USB Audio", subdevices: 1)])
    }

    static func result(_ kind: PasteKind, _ file: String, _ devices: [(Device, [String: Int])]) -> TextImportResult {
        TextImportResult(kind: kind, file: file, devices: devices.map { ImportedDevice(device: $0.0, provenance: $0.1) })
    }

    @Test("v4l2-ctl, udevadm, /proc/asound/cards and arecord of one camera become one device with its microphone")
    func oneCameraFromFourFiles() throws {
        let camera = Self.device("imported-usb-0000_00_14.0-2", name: "HD Webcam C525", busInfo: "usb-0000:00:14.0-2", transport: .usb)
        let udev = Self.device(
            "usb-046d:0826-ABCD1234", name: "HD Webcam C525", busInfo: "usb-0000:00:14.0-2", vendor: "046d", product: "0826",
            serial: "ABCD1234", transport: .usb, audio: [Self.card(1, "C525", "")])
        let cards = Self.device(
            "imported-alsa-C525", name: "HD Webcam C525", busInfo: "usb-0000:00:14.0-2", audio: [Self.card(1, "C525", "HD Webcam C525")])
        let arecord = Self.device("imported-alsa-C525", name: "HD Webcam C525", audio: [Self.card(1, "C525", "HD Webcam C525")])
        let hda = Self.device("imported-alsa-PCH", name: "HDA Intel PCH", audio: [Self.card(0, "PCH", "HDA Intel PCH")])
        let merged = ImportMerge.merge([
            Self.result(.v4l2ctl, "all.txt", [(camera, ["identity.busInfo": 0, "name": 0])]),
            Self.result(.udevadm, "udev.txt", [(udev, ["identity.vendorID": 7, "identity.serial": 9])]),
            Self.result(.asoundCards, "cards", [(cards, ["audio": 2, "identity.busInfo": 3])]),
            Self.result(.arecord, "arecord.txt", [(hda, ["audio": 2]), (arecord, ["audio": 4])]),
        ])
        #expect(merged.devices.count == 2)
        let c = try #require(merged.devices.first)
        #expect(c.id.rawValue == "usb-046d:0826-ABCD1234")
        #expect(c.modelID == "046d:0826")
        #expect(c.identity.serial == "ABCD1234")
        #expect(c.audio.count == 1)
        #expect(c.audio.first?.name == "HD Webcam C525")
        #expect(c.provenance?.sources.map(\.file) == ["all.txt", "udev.txt", "cards", "arecord.txt"])
        #expect(c.provenance?.sources[1].facts.first == FactOrigin(fact: "identity.serial", line: 9))
        #expect(merged.devices[1].name == "HDA Intel PCH")
        #expect(merged.notes.contains { $0.contains("udev.txt") && $0.contains("same bus usb-0000:00:14.0-2") })
        #expect(merged.notes.contains { $0.contains("arecord.txt") && $0.contains("ALSA card id C525") })
        #expect(c.problems.isEmpty)
    }

    @Test("Two files that disagree on a serial for one bus path: the first is kept, the conflict names both lines")
    func conflictNamesBothFiles() throws {
        let a = Self.device(
            "x", name: "Cam", busInfo: "usb-0000:00:14.0-3", vendor: "046d", product: "0826", serial: "AAA", transport: .usb)
        let b = Self.device(
            "y", name: "Cam", busInfo: "usb-0000:00:14.0-3", vendor: "046d", product: "0826", serial: "BBB", transport: .usb)
        let merged = ImportMerge.merge([
            Self.result(.udevadm, "one.txt", [(a, ["identity.serial": 4])]),
            Self.result(.lsusb, "two.txt", [(b, ["identity.serial": 12])]),
        ])
        let d = try #require(merged.devices.first)
        #expect(merged.devices.count == 1)
        #expect(d.identity.serial == "AAA")
        let conflict = try #require(d.problems.first { $0.kind == .importConflict })
        #expect(conflict.message == "identity.serial: one.txt:4 says 'AAA', two.txt:12 says 'BBB'; kept 'AAA'")
    }

    @Test("Same model, different serials: two cameras, never merged by name or USB ID")
    func twoUnitsStayApart() {
        let a = Self.device("imported-a", name: "Cam", vendor: "046d", product: "0826", serial: "AAA", transport: .usb)
        let b = Self.device("imported-b", name: "Cam", vendor: "046d", product: "0826", serial: "BBB", transport: .usb)
        let merged = ImportMerge.merge([Self.result(.udevadm, "one.txt", [(a, [:])]), Self.result(.lsusb, "two.txt", [(b, [:])])])
        #expect(merged.devices.map(\.id.rawValue) == ["usb-046d:0826-AAA", "usb-046d:0826-BBB"])
    }

    @Test("A name shared by two cameras of one file is no key: nothing is guessed")
    func ambiguousNameIsNotAKey() {
        let camera = Self.device("imported-cam", name: "USB Camera")
        let one = Self.device("imported-alsa-A", name: "USB Camera", audio: [Self.card(1, "A", "USB Camera")])
        let two = Self.device("imported-alsa-B", name: "USB Camera", audio: [Self.card(2, "B", "USB Camera")])
        let merged = ImportMerge.merge([
            Self.result(.v4l2ctl, "v.txt", [(camera, [:])]), Self.result(.arecord, "a.txt", [(one, [:]), (two, [:])]),
        ])
        #expect(merged.devices.count == 3)
        #expect(merged.devices[0].audio.isEmpty)
    }

    @Test("Identical IDs from different files are made unique")
    func uniqueIDs() {
        let a = Self.device("imported-unknown", name: "A", busInfo: "usb-1")
        let b = Self.device("imported-unknown", name: "B", busInfo: "usb-2")
        let merged = ImportMerge.merge([Self.result(.v4l2ctl, "a", [(a, [:])]), Self.result(.v4l2ctl, "b", [(b, [:])])])
        #expect(merged.devices.map(\.id.rawValue) == ["imported-unknown", "imported-unknown#2"])
    }
}
