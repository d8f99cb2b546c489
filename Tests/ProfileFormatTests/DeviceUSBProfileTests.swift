import CaptureModel
import Foundation
import Testing

@testable import ProfileFormat

/// The bus a USB camera's profile carries (`Device.usb`): JSON and XML write it, validate it against their schemas
/// and read back the same value; a profile without it writes nothing for it; a bad value is refused with its line.
@Suite("Profiles carry the USB bus")
struct DeviceUSBProfileTests {
    /// Every field set: two hubs (multi and single TT), a PCI controller, alt 0 without an endpoint, high-bandwidth
    /// iso settings, a SuperSpeed companion, a bulk setting, measured settings and the firmware.
    static let usb = DeviceUSB(
        source: "lsusb -v+lsusb -t",
        link: USBLink(
            sysfsName: "3-1.4.2", bus: 3, devpath: "1.4.2", speedMbps: 480,
            hubs: [USBHub(sysfsName: "3-1", tt: .multi), USBHub(sysfsName: "3-1.4", tt: .single)],
            controller: USBController(driver: "xhci_hcd", pciVendor: 0x8086, pciDevice: 0xa36d, sysfsName: "0000:00:14.0"),
            alts: [
                USBStreamingAlt(interface: 1, alt: 0, endpoint: nil, transfer: .isochronous, wMaxPacketSize: 0),
                USBStreamingAlt(interface: 1, alt: 1, endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: 0x00c0),
                USBStreamingAlt(interface: 1, alt: 11, endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: 0x13fc),
                USBStreamingAlt(
                    interface: 1, alt: 12, endpoint: 0x82, transfer: .isochronous, wMaxPacketSize: 0x0400,
                    superSpeedBytesPerInterval: 49152, bInterval: 1),
                USBStreamingAlt(interface: 3, alt: 0, endpoint: 0x83, transfer: .bulk, wMaxPacketSize: 512, bInterval: 0),
            ], currentAlt: 11),
        measured: ["MJPG 1280x720@30": 11, "YUYV 640x480@30": 1], firmware: "0.13")

    static func document(_ usb: DeviceUSB?) -> DeviceDocument {
        var doc = ProfileSamples.everything
        doc.device.usb = usb
        return doc
    }

    @Test func bothFormsValidateRoundTripAndAgree() throws {
        let doc = Self.document(Self.usb)
        #expect(Self.usb.link.currentAlt == nil)  // DeviceUSB drops the setting held now
        try ProfileTestFiles.xmlRoundTrip(doc)
        try ProfileTestFiles.jsonRoundTrip(doc)
        let fromXML = try XMLProfile.read(Array(try XMLProfile.write(doc).utf8))
        let fromJSON = try JSONProfile.read(Array(JSONProfile.write(doc).utf8))
        #expect(fromXML.device.usb == Self.usb && fromJSON.device.usb == Self.usb)
    }

    @Test func aProfileWithoutItWritesNothingForIt() throws {
        let doc = Self.document(nil)
        let xml = try XMLProfile.write(doc)
        let json = JSONProfile.write(doc)
        #expect(!xml.contains("<usb") && !json.contains("\"usb\" :") && !json.contains("\"usb\":"))
        #expect(try XMLProfile.read(Array(xml.utf8)).device.usb == nil)
        #expect(try JSONProfile.read(Array(json.utf8)).device.usb == nil)
    }

    @Test func theJSONSchemaRefusesAWrongTTKindAndAnUnknownField() throws {
        let json = JSONProfile.write(Self.document(Self.usb))
        #expect(json.contains(#""tt" : "multi""#) || json.contains(#""tt":"multi""#), "\(json.prefix(400))")
        let badTT = json.replacingOccurrences(of: "\"multi\"", with: "\"triple\"")
        #expect(!JSONProfile.validate(Array(badTT.utf8)).isEmpty)
        let extra = json.replacingOccurrences(of: "\"firmware\"", with: "\"firmwareX\"")
        #expect(!JSONProfile.validate(Array(extra.utf8)).isEmpty)
    }

    @Test func theXMLSchemaAndReaderRefuseABadTransferWithItsLine() throws {
        let xml = try XMLProfile.write(Self.document(Self.usb))
        #expect(xml.contains(#"<hub sysfsName="3-1" tt="multi"/>"#), "\(xml)")
        let bad = xml.replacingOccurrences(of: #"transfer="bulk""#, with: #"transfer="interrupt""#)
        #expect(!XMLProfile.validate(Array(bad.utf8)).isEmpty)
        do {
            _ = try XMLProfile.read(Array(bad.utf8))
            Issue.record("a bad transfer kind was read")
        } catch {
            #expect("\(error)".contains("interrupt") && "\(error)".contains("line"), "\(error)")
        }
    }
}
