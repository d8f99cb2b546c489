import CaptureModel
import DeviceFixtures
import Testing

@testable import TextImport

/// One Sunplus "FHD Camera Microphone" pasted three ways (P22): a udevadm walk that starts at the USB device, the
/// camera's v4l2-ctl dumps (card name cut at 31 bytes), and plain lsusb. Together they are one camera with its USB
/// identity; the walk alone is an identity, not a camera.
@Suite("One camera from a USB device walk, v4l2-ctl and plain lsusb")
struct SunplusThreePastesTests {
    static let dumps = "v4l2-ctl/30-sunplus-fhd-camera-microphone/"
    static let walk = "udevadm/sunplus-usb-device-walk.txt"
    static let lsusb = "lsusb/plain-sunplus.txt"

    static func importAll(_ files: [String]) throws -> ImportMerge.Result {
        let inputs = try files.map { (name: $0, text: try Fixtures.read($0)) }
        return ImportMerge.merge(try TextImportRun.read(inputs, partial: false).results)
    }

    @Test func aWalkFromTheUSBDeviceIsItsIdentityNotACamera() throws {
        let r = try UdevadmImporter.importText(name: "walk.txt", text: try Fixtures.read(Self.walk), partial: false)
        let only = try #require(r.devices.count == 1 ? r.devices.first : nil)
        let d = only.device
        #expect(d.id == DeviceID("usb-1bcf:2284-01.00.00"))
        #expect(d.name == "FHD Camera Microphone")
        #expect(d.modelID == "1bcf:2284")
        #expect(d.identity.manufacturer == "Sunplus IT Co")
        #expect(d.identity.product == "FHD Camera Microphone")
        #expect(d.identity.serial == "01.00.00")
        #expect(d.identity.portPath == "pci-0000:00:14.0-usb-0:3")
        #expect(d.transport == Transport(kind: .usb, speedMbps: 480))
        // Nothing says it captures: no nodes, no modes, and a problem that says so.
        #expect(d.nodes.isEmpty && d.captures.isEmpty && d.audio.isEmpty)
        let unknown = try #require(only.unknownCapabilities)
        #expect(d.problems == [unknown] && unknown.message.contains("unknown (not absent)"))
        #expect(!r.notes.contains { $0.contains("not imported") })
    }

    @Test func theUSBDevicesQueryAllRecordIsItsIdentityToo() throws {
        let record = """
            P: /devices/pci0000:00/0000:00:14.0/usb1/1-3
            M: 1-3
            U: usb
            T: usb_device
            N: bus/usb/001/003
            E: DEVPATH=/devices/pci0000:00/0000:00:14.0/usb1/1-3
            E: SUBSYSTEM=usb
            E: DEVTYPE=usb_device
            E: ID_VENDOR_ENC=Sunplus\\x20IT\\x20Co
            E: ID_VENDOR_ID=1bcf
            E: ID_MODEL_ENC=FHD\\x20Camera\\x20Microphone
            E: ID_MODEL_ID=2284
            E: ID_SERIAL_SHORT=01.00.00
            E: ID_USB_INTERFACES=:0e0100:0e0200:010100:010200:

            """
        let r = try UdevadmImporter.importText(name: "usb.txt", text: record, partial: false)
        let d = try #require(r.devices.count == 1 ? r.devices.first?.device : nil)
        #expect(d.id == DeviceID("usb-1bcf:2284-01.00.00"))
        #expect(d.identity.product == "FHD Camera Microphone")
        #expect(d.identity.portPath == "pci-0000:00:14.0-usb-0:3")
        #expect(d.captures.isEmpty && r.devices.first?.unknownCapabilities != nil)
    }

    @Test func aHubsWalkIsStillNoCamera() throws {
        let hub = """
              looking at device '/devices/pci0000:00/0000:00:14.0/usb1/1-4':
                KERNEL=="1-4"
                SUBSYSTEM=="usb"
                DRIVER=="usb"
                ATTR{bDeviceClass}=="09"
                ATTR{idProduct}=="0610"
                ATTR{idVendor}=="05e3"

            """
        #expect(throws: TextImportError.self) { _ = try UdevadmImporter.importText(name: "hub.txt", text: hub, partial: false) }
    }

    @Test func threePastesAreOneCameraWithItsUSBIdentityAndSpeed() throws {
        let merged = try Self.importAll([
            Self.walk, Self.dumps + "all.txt", Self.dumps + "list-formats-ext.txt", Self.lsusb,
        ])
        let sunplus = merged.devices.filter { $0.modelID == "1bcf:2284" || $0.name.contains("FHD") }
        let camera = try #require(sunplus.count == 1 ? sunplus.first : nil)
        #expect(camera.id == DeviceID("usb-1bcf:2284-01.00.00"))
        #expect(camera.name == "FHD Camera Microphone: FHD Came")
        #expect(camera.identity.product == "FHD Camera Microphone", "the USB string, not the card name cut from it")
        #expect(camera.identity.manufacturer == "Sunplus IT Co")
        #expect(camera.transport == Transport(kind: .usb, speedMbps: 480))
        #expect(camera.identity.busInfo == "usb-0000:00:14.0-3")
        #expect(camera.identity.portPath == "pci-0000:00:14.0-usb-0:3")
        #expect(!camera.captures.isEmpty)
        #expect(!camera.problems.contains { $0.kind == .imported }, "its captures are known now")
        #expect(camera.provenance?.sources.map(\.kind) == ["v4l2-ctl", "udevadm", "lsusb"])
        #expect(merged.notes.contains { $0.contains("same USB port pci-0000:00:14.0-usb-0:3") })
        // The listing's other devices stay identity-only devices of their own.
        #expect(merged.devices.count == 3)
    }

    @Test func plainLsusbMeetsTheCardNameCutAt31Bytes() throws {
        let merged = try Self.importAll([Self.dumps + "all.txt", Self.lsusb])
        let sunplus = merged.devices.filter { $0.modelID == "1bcf:2284" || $0.name.contains("FHD") }
        let camera = try #require(sunplus.count == 1 ? sunplus.first : nil)
        #expect(camera.id == DeviceID("usb-1bcf:2284-01.00.00"))
        #expect(!camera.captures.isEmpty)
        #expect(merged.notes.contains { $0.contains("product name 'FHD Camera Microphone'") })
    }

    @Test func theWalkMeetsTheDumpByPortEvenUnderOtherNames() {
        let dump = Device(
            id: DeviceID("imported-usb-0000_00_14.0-3"), name: "Camera", modelID: nil, transport: Transport(kind: .usb),
            identity: DeviceIdentity(busInfo: "usb-0000:00:14.0-3", driver: "uvcvideo"), nodes: [], captures: [])
        let usb = Device(
            id: DeviceID("usb-1bcf:2284-X"), name: "Webcam", modelID: "1bcf:2284", transport: Transport(kind: .usb),
            identity: DeviceIdentity(vendorID: "1bcf", productID: "2284", portPath: "pci-0000:00:14.0-usb-0:3", busInfo: "", driver: ""),
            nodes: [], captures: [])
        let other = Device(
            id: DeviceID("usb-1bcf:2284-Y"), name: "Webcam", modelID: "1bcf:2284", transport: Transport(kind: .usb),
            identity: DeviceIdentity(vendorID: "1bcf", productID: "2284", portPath: "pci-0000:00:14.0-usb-0:4", busInfo: "", driver: ""),
            nodes: [], captures: [])
        let merged = ImportMerge.merge([
            TextImportResult(kind: .v4l2ctl, file: "all.txt", devices: [ImportedDevice(device: dump)]),
            TextImportResult(kind: .udevadm, file: "walk.txt", devices: [ImportedDevice(device: other), ImportedDevice(device: usb)]),
        ])
        // The dump takes the device on its port (and the ID discovery gives it), not the other of the same model.
        #expect(merged.devices.map(\.name) == ["Camera", "Webcam"])
        #expect(merged.devices.map(\.id.rawValue) == ["usb-1bcf:2284@pci-0000:00:14.0-usb-0:3", "usb-1bcf:2284-Y"])
    }

    @Test func withoutAPortTheCardNameMeetsTheUSBProductString() throws {
        let dump = Device(
            id: DeviceID("imported-unknown"), name: "FHD Camera Microphone: FHD Came", modelID: nil, transport: Transport(kind: .unknown),
            identity: DeviceIdentity(product: "FHD Camera Microphone: FHD Came", busInfo: "", driver: "uvcvideo"), nodes: [], captures: [])
        let walk = try UdevadmImporter.importText(name: "walk.txt", text: try Fixtures.read(Self.walk), partial: false)
        let merged = ImportMerge.merge([
            TextImportResult(kind: .v4l2ctl, file: "formats.txt", devices: [ImportedDevice(device: dump)]), walk,
        ])
        let camera = try #require(merged.devices.count == 1 ? merged.devices.first : nil)
        #expect(camera.identity.product == "FHD Camera Microphone")
        #expect(camera.id == DeviceID("usb-1bcf:2284-01.00.00"))
        #expect(merged.notes.contains { $0.contains("same name 'FHD Camera Microphone'") })
    }

    @Test func cardNamesAreTheProductThenTheFunctionCutAt31Bytes() {
        #expect(UVCCardName.isCard("FHD Camera Microphone: FHD Came", of: "FHD Camera Microphone"))
        #expect(UVCCardName.isCard("HD Webcam C525", of: "HD Webcam C525"))
        #expect(UVCCardName.isCard("Integrated Camera With A Very L", of: "Integrated Camera With A Very Long Name"))
        #expect(!UVCCardName.isCard("Integrated Camera With A", of: "Integrated Camera With A Very Long Name"), "not cut at 31 bytes")
        #expect(!UVCCardName.isCard("FHD Camera", of: "FHD Camera Microphone"))
        #expect(USBPortBusInfo.busInfo(portPath: "pci-0000:00:14.0-usb-0:1.2") == "usb-0000:00:14.0-1.2")
        #expect(USBPortBusInfo.busInfo(portPath: "platform-fe9c0000.usb-usb-0:1") == "usb-fe9c0000.usb-1")
        #expect(USBPortBusInfo.busInfo(portPath: "pci-0000:03:00.0") == nil)
        #expect(USBPortBusInfo.busInfo(portPath: "platform-fd500000.pcie-pci-0000:01:00.0-usb-0:1.3") == "usb-0000:01:00.0-1.3")
        #expect(USBPortBusInfo.busInfo(portPath: "platform-xhci-hcd.0-usb-0:1") == "usb-xhci-hcd.0-1")
    }
}
