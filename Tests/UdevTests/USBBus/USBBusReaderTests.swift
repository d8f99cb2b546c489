import CaptureModel
import Foundation
import Testing

@testable import Udev

/// The bus reader over sysfs fixture trees built in a scratch directory, laid out as Linux 6.1 lays out
/// /sys/devices/pci…/usbN/B-P… and /sys/bus/usb/devices.
@Suite("USB bus reader")
struct USBBusReaderTests {
    /// Raw descriptors of a UVC camera: device, configuration, video control, streaming alt 0 and one alternate setting
    /// per wMaxPacketSize (isochronous, EP 0x81 IN). The Logitech B990's values (its `lsusb -v` on linux-media,
    /// 27 Jun 2017) by default.
    static func cameraDescriptors(
        _ packets: [UInt16] = [0x00c0, 0x0180, 0x0200, 0x0280, 0x0320, 0x03b0, 0x0a80, 0x0b20, 0x0be0, 0x1380, 0x13fc]
    )
        -> [UInt8]
    {
        var b: [UInt8] = [18, 1, 0, 2, 0xef, 2, 1, 64, 0x6d, 0x04, 0x28, 0x08, 0x10, 0, 0, 0, 0, 1]
        let config = b.count
        b += [9, 2, 0, 0, 2, 1, 0, 0x80, 250]
        b += [9, 4, 0, 0, 1, 0x0e, 1, 0, 0] + [7, 5, 0x87, 3, 16, 0, 8]
        b += [9, 4, 1, 0, 0, 0x0e, 2, 0, 0]
        for (i, p) in packets.enumerated() {
            b += [9, 4, 1, UInt8(i + 1), 1, 0x0e, 2, 0, 0] + [7, 5, 0x81, 5, UInt8(p & 0xff), UInt8(p >> 8), 1]
        }
        let total = b.count - config
        b[config + 2] = UInt8(total & 0xff)
        b[config + 3] = UInt8(total >> 8)
        return b
    }

    /// An xHCI (8086:a36d) with a multi-TT hub on root port 1 and the camera on its port 4, streaming alt 7 now.
    func fixture(_ dir: ScratchDirectory, streaming alt: Int = 7, cameraSpeed: String = "480") throws -> String {
        let ctrl = "devices/pci0000:00/0000:00:14.0"
        try dir.directory("bus/pci/drivers/xhci_hcd")
        try dir.directory(ctrl + "/usb1/1-1/1-1.4/1-1.4:1.0")
        try dir.directory(ctrl + "/usb1/1-1/1-1.4/1-1.4:1.1")
        try dir.directory("bus/usb/devices")
        try dir.link(ctrl + "/driver", to: "../../../bus/pci/drivers/xhci_hcd")
        try dir.file(ctrl + "/vendor", "0x8086\n")
        try dir.file(ctrl + "/device", "0xa36d\n")
        let hub = ctrl + "/usb1/1-1"
        for (f, v) in [("busnum", "1"), ("devpath", "0"), ("bDeviceClass", "09"), ("bDeviceProtocol", "01"), ("speed", "480")] {
            try dir.file(ctrl + "/usb1/" + f, v + "\n")
        }
        for (f, v) in [("busnum", "1"), ("devpath", "1"), ("bDeviceClass", "09"), ("bDeviceProtocol", "02"), ("speed", "480")] {
            try dir.file(hub + "/" + f, v + "\n")
        }
        let cam = hub + "/1-1.4"
        for (f, v) in [("busnum", "1"), ("devpath", "1.4"), ("bDeviceClass", "ef"), ("bDeviceProtocol", "01"), ("speed", cameraSpeed)] {
            try dir.file(cam + "/" + f, v + "\n")
        }
        try Data(Self.cameraDescriptors()).write(to: URL(fileURLWithPath: dir.path + "/" + cam + "/descriptors"))
        for (i, (sub, held)) in [("01", " 0"), ("02", String(format: "%2d", alt))].enumerated() {
            try dir.file(cam + "/1-1.4:1.\(i)/bInterfaceClass", "0e\n")
            try dir.file(cam + "/1-1.4:1.\(i)/bInterfaceSubClass", sub + "\n")
            try dir.file(cam + "/1-1.4:1.\(i)/bAlternateSetting", held + "\n")
        }
        try dir.link("bus/usb/devices/1-1.4", to: "../../../" + cam)
        return cam
    }

    @Test func readsTopologyControllerAltsAndTheHeldSetting() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        try fixture(dir)
        let link = try #require(USBBusReader(root: dir.path).link("1-1.4"))
        #expect(link.bus == 1 && link.devpath == "1.4" && link.rootPort == 1 && link.speedMbps == 480)
        #expect(link.hubs == [USBHub(sysfsName: "1-1", tt: .multi)])
        #expect(link.controller?.driver == "xhci_hcd")
        #expect(link.controller?.pciVendor == 0x8086 && link.controller?.pciDevice == 0xa36d)
        #expect(link.controller?.sysfsName == "0000:00:14.0")
        #expect(link.alts.count == 12 && link.alts.last?.bytesPerInterval == 3060)
        #expect(link.currentAlt == 7 && link.heldAlt?.bytesPerInterval == 1280)
        #expect(USBDomain.of(link).key == "bus 1 port 1")
    }

    @Test func aPathInsideTheDeviceFindsTheDevice() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let cam = try fixture(dir, streaming: 0)
        let link = try #require(USBBusReader(root: dir.path).link(dir.path + "/" + cam + "/1-1.4:1.0"))
        #expect(link.sysfsName == "1-1.4")
        #expect(link.currentAlt == 0 && link.heldAlt == nil)
    }

    @Test func aFullSpeedCameraBehindTheMultiTTHubHasItsPortsTranslator() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        try fixture(dir, cameraSpeed: "12")
        let link = try #require(USBBusReader(root: dir.path).link("1-1.4"))
        #expect(USBDomain.of(link).key == "tt 1-1 port 4")
    }

    @Test func notAUSBDevice() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        #expect(USBBusReader(root: dir.path).link("1-9") == nil)
        #expect(USBBusReader.isDevice("1-1.4") && !USBBusReader.isDevice("usb1") && !USBBusReader.isDevice("1-1.4:1.0"))
    }
}
