import FoundationEssentials

/// A sysfs tree of USB cameras, laid out as Linux 6.1 lays out /sys/devices/pci…/usbN/B-P… and /sys/bus/usb/devices,
/// for `FakeDeviceSystem.usbSysfsRoot`: an xHCI controller (its PCI IDs and driver), root ports, cameras with their raw
/// `descriptors` (one isochronous alternate setting per packet size), the setting each holds now and its video node.
package struct USBSysfsFixture {
    package let root: String
    let controller = "devices/pci0000:00/0000:00:14.0"

    /// An empty tree with a controller bound to `driver` (`xhci_hcd`, `ehci-pci`), PCI `vendor:device` (Intel a36d by
    /// default), and its root hub (bus 1).
    package init(root: String, driver: String = "xhci_hcd", vendor: String = "0x8086", device: String = "0xa36d") throws {
        self.root = root
        try dir("bus/pci/drivers/" + driver)
        try dir("bus/usb/devices")
        try dir(controller + "/usb1")
        try FileManager.default.createSymbolicLink(
            atPath: path(controller + "/driver"), withDestinationPath: "../../../bus/pci/drivers/" + driver)
        try file(controller + "/vendor", vendor)
        try file(controller + "/device", device)
        for (f, v) in [("busnum", "1"), ("devpath", "0"), ("bDeviceClass", "09"), ("speed", "480")] {
            try file(controller + "/usb1/" + f, v)
        }
    }

    func path(_ rel: String) -> String { root + "/" + rel }
    func dir(_ rel: String) throws { try FileManager.default.createDirectory(atPath: path(rel), withIntermediateDirectories: true) }
    func file(_ rel: String, _ text: String) throws {
        guard FileManager.default.createFile(atPath: path(rel), contents: Data((text + "\n").utf8)) else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// The Logitech B990's streaming settings (wMaxPacketSize, its `lsusb -v` on linux-media, 27 Jun 2017): 192 … 3×1020 B.
    package static let b990Packets: [UInt16] = [0x00c0, 0x0180, 0x0200, 0x0280, 0x0320, 0x03b0, 0x0a80, 0x0b20, 0x0be0, 0x1380, 0x13fc]

    /// Raw descriptors: device (VID:PID), configuration, video control, streaming alt 0 and one isochronous alternate
    /// setting per packet size (EP 0x81 IN).
    package static func descriptors(vendor: UInt16, product: UInt16, packets: [UInt16]) -> [UInt8] {
        var b: [UInt8] = [
            18, 1, 0, 2, 0xef, 2, 1, 64, UInt8(vendor & 0xff), UInt8(vendor >> 8), UInt8(product & 0xff), UInt8(product >> 8),
        ]
        b += [0x10, 0, 0, 0, 0, 1]
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

    /// A high-speed camera on root port `port` holding setting `held` now (0: idle), with video node `video`; returns
    /// its sysfs device path (what a device's udev parent `sysPath` is).
    @discardableResult
    package func camera(
        port: Int, held: Int, video: String, vendor: UInt16 = 0x046d, product: UInt16 = 0x0828, packets: [UInt16] = b990Packets
    ) throws -> String {
        let name = "1-\(port)"
        let cam = controller + "/usb1/" + name
        for (f, v) in [
            ("busnum", "1"), ("devpath", "\(port)"), ("bDeviceClass", "ef"), ("speed", "480"),
            ("idVendor", String(vendor, radix: 16).leftPadded(4)), ("idProduct", String(product, radix: 16).leftPadded(4)),
            ("bcdDevice", "0010"),
        ] {
            try dir(cam)
            try file(cam + "/" + f, v)
        }
        try Data(Self.descriptors(vendor: vendor, product: product, packets: packets)).write(
            to: URL(fileURLWithPath: path(cam + "/descriptors")))
        for (i, (sub, alt)) in [("01", 0), ("02", held)].enumerated() {
            let intf = cam + "/\(name):1.\(i)"
            try dir(intf + (i == 0 ? "/video4linux/" + video : ""))
            try file(intf + "/bInterfaceClass", "0e")
            try file(intf + "/bInterfaceSubClass", sub)
            try file(intf + "/bAlternateSetting", String(alt))
            try FileManager.default.createSymbolicLink(
                atPath: path("bus/usb/devices/\(name):1.\(i)"), withDestinationPath: "../../../" + intf)
        }
        try FileManager.default.createSymbolicLink(atPath: path("bus/usb/devices/" + name), withDestinationPath: "../../../" + cam)
        return path(cam)
    }
}

extension String {
    fileprivate func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
