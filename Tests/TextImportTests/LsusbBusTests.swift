import CaptureModel
import Testing

@testable import TextImport

/// Pasted `lsusb -v` and `lsusb -t` into bus models.
@Suite("lsusb bus model")
struct LsusbBusTests {
    /// `lsusb -tvd 0bda:5801` of an HP ProBook 6450b, posted to linux-uvc-devel by Michał Bojanowski, 11 Nov 2021,
    /// "Trouble with 0bda:5801 - blank screen" (two EHCI buses behind Intel rate-matching hubs).
    static let probookTree = """
        /:  Bus 02.Port 1: Dev 1, Class=root_hub, Driver=ehci-pci/2p, 480M
            ID 1d6b:0002 Linux Foundation 2.0 root hub
            |__ Port 1: Dev 2, If 0, Class=Hub, Driver=hub/8p, 480M
                ID 8087:0020 Intel Corp. Integrated Rate Matching Hub
                |__ Port 2: Dev 4, If 0, Class=Imaging, Driver=, 480M
                    ID 0a9d:ff40
        /:  Bus 01.Port 1: Dev 1, Class=root_hub, Driver=ehci-pci/2p, 480M
            ID 1d6b:0002 Linux Foundation 2.0 root hub
            |__ Port 1: Dev 2, If 0, Class=Hub, Driver=hub/6p, 480M
                ID 8087:0020 Intel Corp. Integrated Rate Matching Hub
                |__ Port 3: Dev 5, If 0, Class=Vendor Specific Class, Driver=, 12M
                    ID 138a:0007 Validity Sensors, Inc. VFS451 Fingerprint Reader
                |__ Port 5: Dev 4, If 0, Class=Video, Driver=uvcvideo, 480M
                    ID 0bda:5801 Realtek Semiconductor Corp.
                |__ Port 5: Dev 4, If 1, Class=Video, Driver=uvcvideo, 480M
                    ID 0bda:5801 Realtek Semiconductor Corp.
        """

    /// `lsusb -v` in the layout usbutils prints, with the Logitech B990's streaming settings 0, 1, 10 and 11 (from its
    /// dump on linux-media, 27 Jun 2017) and the rate-matching hub's descriptor.
    static let verbose = """
        Bus 001 Device 002: ID 8087:0020 Intel Corp. Integrated Rate Matching Hub
        Device Descriptor:
          bLength                18
          bDeviceClass            9 Hub
          bDeviceSubClass         0 Unused
          bDeviceProtocol         1 Single TT
        Bus 001 Device 004: ID 046d:0828 Logitech, Inc. HD Webcam B990
        Device Descriptor:
          bDeviceClass          239 Miscellaneous Device
          bDeviceProtocol         1 Interface Association
          Configuration Descriptor:
            Interface Descriptor:
              bInterfaceNumber        0
              bAlternateSetting       0
              bNumEndpoints           1
              bInterfaceClass        14 Video
              bInterfaceSubClass      1 Video Control
              Endpoint Descriptor:
                bEndpointAddress     0x87  EP 7 IN
                bmAttributes            3
                  Transfer Type            Interrupt
                wMaxPacketSize     0x0010  1x 16 bytes
                bInterval               8
            Interface Descriptor:
              bInterfaceNumber        1
              bAlternateSetting       0
              bNumEndpoints           0
              bInterfaceClass        14 Video
              bInterfaceSubClass      2 Video Streaming
            Interface Descriptor:
              bInterfaceNumber        1
              bAlternateSetting       1
              bNumEndpoints           1
              bInterfaceClass        14 Video
              bInterfaceSubClass      2 Video Streaming
              Endpoint Descriptor:
                bEndpointAddress     0x81  EP 1 IN
                bmAttributes            5
                  Transfer Type            Isochronous
                wMaxPacketSize     0x00c0  1x 192 bytes
                bInterval               1
            Interface Descriptor:
              bInterfaceNumber        1
              bAlternateSetting      10
              bInterfaceClass        14 Video
              bInterfaceSubClass      2 Video Streaming
              Endpoint Descriptor:
                bEndpointAddress     0x81  EP 1 IN
                bmAttributes            5
                wMaxPacketSize     0x1380  3x 896 bytes
                bInterval               1
            Interface Descriptor:
              bInterfaceNumber        1
              bAlternateSetting      11
              bInterfaceClass        14 Video
              bInterfaceSubClass      2 Video Streaming
              Endpoint Descriptor:
                bEndpointAddress     0x81  EP 1 IN
                bmAttributes            5
                wMaxPacketSize     0x13fc  3x 1020 bytes
                bInterval               1
        """

    @Test func treeGivesTopologyAndController() {
        let (controllers, entries) = LsusbBusTree.read(Self.probookTree)
        #expect(controllers == [1: "ehci-pci", 2: "ehci-pci"])
        let cam = entries.first { $0.interfaceClass == "Video" }
        #expect(cam?.sysfsName == "1-1.5" && cam?.speedMbps == 480 && cam?.driver == "uvcvideo")
        #expect(entries.first { $0.device == 5 && $0.bus == 1 }?.speedMbps == 12)
    }

    @Test func verboseKeepsStreamingSettingsWithTheirTransactions() {
        let devices = LsusbBusVerbose.read(Self.verbose)
        #expect(devices.count == 2)
        #expect(devices[0].deviceClass == 9 && devices[0].deviceProtocol == 1)
        let cam = devices[1]
        #expect(cam.vendorID == 0x046d && cam.productID == 0x0828 && cam.bus == 1 && cam.device == 4)
        #expect(cam.alts.map(\.alt) == [0, 1, 10, 11])
        #expect(cam.alts.map(\.bytesPerInterval) == [0, 192, 2688, 3060])
    }

    @Test func bothTogetherMakeAPlannableLink() {
        let cams = LsusbBus.cameras(verbose: Self.verbose, tree: Self.probookTree)
        #expect(cams.count == 1)
        let link = cams[0].link
        #expect(link.sysfsName == "1-1.5" && link.hubs == [USBHub(sysfsName: "1-1", tt: .single)])
        #expect(link.controller?.driver == "ehci-pci")
        #expect(USBDomain.of(link).key == "bus 1")
        #expect(link.alts.last?.bytesPerInterval == 3060)
    }

    @Test func treeAloneStillPlaces() {
        let cams = LsusbBus.cameras(verbose: nil, tree: Self.probookTree)
        #expect(cams.count == 1 && cams[0].link.alts.isEmpty && cams[0].link.devpath == "1.5")
    }
}
