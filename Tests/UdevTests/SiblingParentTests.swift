import CaptureModel
import Testing

@testable import Udev

/// A node's parent reused from a sibling's only when the node sits directly under it.
struct SiblingParentTests {
    let camera = PhysicalParent(
        sysPath: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1", bus: "usb", vendorID: "046d", productID: "0826")
    let hub = PhysicalParent(sysPath: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-2", bus: "usb", vendorID: "05e3")
    let controller = PhysicalParent(sysPath: "/sys/devices/pci0000:00/0000:00:14.0", bus: "pci", vendorID: "8086")
    let vivid = PhysicalParent(sysPath: "/sys/devices/platform/vivid.0", bus: "platform")

    @Test func nodesInTheCamerasOwnInterfacesShareItsParent() {
        for node in [
            "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/video4linux/video2",
            "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/media0",
            "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.2/sound/card1/controlC1",
        ] {
            #expect(SiblingParent.find(for: node, among: [controller, hub, camera]) == camera, "\(node)")
        }
    }

    @Test func aPlatformDevicesOwnClassChildrenShareIt() {
        #expect(SiblingParent.find(for: "/sys/devices/platform/vivid.0/video4linux/video0", among: [vivid]) == vivid)
        #expect(SiblingParent.find(for: "/sys/devices/platform/vivid.0/media0", among: [vivid]) == vivid)
    }

    @Test func aNodeFurtherDownIsReadItself() {
        // A camera behind the hub, and one below the controller: their nearest parent is another USB device.
        #expect(
            SiblingParent.find(for: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2.3/1-2.3:1.0/video4linux/video4", among: [hub]) == nil
        )
        #expect(
            SiblingParent.find(for: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/video4linux/video2", among: [controller]) == nil)
        // A longer sibling name is not a child: 1-10 is not under 1-1.
        #expect(
            SiblingParent.find(for: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-10/1-10:1.0/video4linux/video6", among: [camera]) == nil)
        #expect(SiblingParent.find(for: "/sys/devices/platform/vivid.0/sub/video4linux/video0", among: [vivid]) == nil)
        #expect(SiblingParent.find(for: "/sys/devices/platform/vivid.1/media1", among: [vivid]) == nil)
    }
}
