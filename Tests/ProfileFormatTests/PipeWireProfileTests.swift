import CaptureModel
import Foundation
import Testing

@testable import ProfileFormat

/// The PipeWire view a profile carries (`DeviceDocument.pipewire`): JSON and XML write it, validate it against
/// their schemas and read back the same value; profiles without it still read.
@Suite("Profiles carry the PipeWire view")
struct PipeWireProfileTests {
    static let id = DeviceID("usb-046d:0826-ABC")

    /// Every field set: a discrete size with listed rates, a size range with a rate range, clients with and
    /// without their optional fields, strings that need escaping.
    static var read: PipeWireReport {
        let tricky = ProfileSamples.tricky
        let node = PipeWireNode(
            id: 41, name: "v4l2_input.<x> & \"y\" " + tricky, description: "Cam " + tricky, role: "Camera", api: "v4l2",
            objectPath: "v4l2:/dev/video0", v4l2Path: "/dev/video0", libcameraID: "\\_SB_.PCI0", busPath: "pci-0000:00:14.0-usb-0:1:1.0",
            formats: [
                PipeWireFormat(
                    fourcc: "MJPG", spaFormat: "mjpg", width: 1920, height: 1080, frameRates: [Rational(30000, 1001), Rational(15, 1)]),
                PipeWireFormat(
                    fourcc: "UNKNOWN", spaFormat: "UNKNOWN",
                    sizeRange: .init(minWidth: 16, minHeight: 16, maxWidth: 4096, maxHeight: 2160),
                    frameRateRange: .init(min: Rational(1, 1), max: Rational(60, 1))),
                PipeWireFormat(fourcc: "YUYV", spaFormat: "YUY2", width: 640, height: 480),
            ],
            formatsNote: "the read ran out of time",
            clients: [
                PipeWireClient(
                    nodeID: 51, nodeName: "firefox", application: "<img src=x onerror=alert(1)>", processID: 4242, binary: "firefox",
                    flatpakID: "org.mozilla.firefox", linkState: "active"),
                PipeWireClient(nodeID: 52),
            ])
        return PipeWireReport(
            status: .read, view: PipeWireView(daemon: "pipewire-0", version: "0.3.65", library: "1.0.5", nodes: [node], omitted: 3),
            joins: [PipeWireJoin(nodeID: 41, deviceID: id, devnode: "/dev/video0", by: "object.path")],
            unpublished: [PipeWireUnpublished(deviceID: id, devnode: "/dev/video1", reason: "a metadata node " + tricky)])
    }

    static func document(_ pipewire: PipeWireReport?) -> DeviceDocument {
        var doc = ProfileSamples.everything
        doc.pipewire = pipewire
        return doc
    }

    static let reports: [PipeWireReport] = [
        read,
        PipeWireReport(
            status: .read, view: PipeWireView(daemon: "pipewire-0", version: "1.2.7", library: "1.2.7", nodes: [])),
        PipeWireReport(status: .noDaemon, message: "PipeWire view off: no daemon (/run/user/1000/pipewire-0 does not exist)"),
        PipeWireReport(status: .off, message: "PipeWire view off (--no-pipewire)"),
        PipeWireReport(status: .timedOut),
    ]

    @Test(arguments: reports)
    func bothFormsRoundTripAndAgree(_ report: PipeWireReport) throws {
        let doc = Self.document(report)
        try ProfileTestFiles.xmlRoundTrip(doc)
        try ProfileTestFiles.jsonRoundTrip(doc)
        let fromXML = try XMLProfile.read(Array(try XMLProfile.write(doc).utf8))
        let fromJSON = try JSONProfile.read(Array(JSONProfile.write(doc).utf8))
        #expect(fromXML.pipewire == report && fromJSON.pipewire == report)
    }

    @Test func theXMLSaysRatesAsExactFractions() throws {
        let xml = try XMLProfile.write(Self.document(Self.read))
        #expect(xml.contains("<frameRate>30000/1001</frameRate>"), "\(xml)")
        #expect(xml.contains(#"<frameRateRange min="1/1" max="60/1"/>"#))
        #expect(xml.contains(#"<join nodeID="41" deviceID="usb-046d:0826-ABC" devnode="/dev/video0" by="object.path"/>"#))
        #expect(!xml.contains("<img") && xml.contains("&lt;img"))
    }

    @Test func profilesWithoutItStillReadAndWriteNothingForIt() throws {
        let doc = Self.document(nil)
        let xml = try XMLProfile.write(doc)
        let json = JSONProfile.write(doc)
        #expect(!xml.contains("pipewire") && !json.contains("pipewire"))
        #expect(try XMLProfile.read(Array(xml.utf8)).pipewire == nil)
        #expect(try JSONProfile.read(Array(json.utf8)).pipewire == nil)
        for path in ProfileTestFiles.profiles {
            #expect(try JSONProfile.read(try ProfileTestFiles.bytes(path)).pipewire == nil, "\(path)")
            let xmlPath = path.replacingOccurrences(of: ".json", with: ".xml")
            #expect(try XMLProfile.read(try ProfileTestFiles.bytes(xmlPath)).pipewire == nil, "\(xmlPath)")
        }
    }

    @Test func schemasRefuseAnUnknownStatusOrEvidence() throws {
        let xml = try XMLProfile.write(Self.document(Self.read))
        let badStatus = xml.replacingOccurrences(of: #"<pipewire status="read""#, with: #"<pipewire status="maybe""#)
        #expect(!XMLProfile.validate(Array(badStatus.utf8)).isEmpty)
        let badBy = xml.replacingOccurrences(of: #"by="object.path""#, with: #"by="a guess""#)
        #expect(!XMLProfile.validate(Array(badBy.utf8)).isEmpty)
        let json = JSONProfile.write(Self.document(Self.read))
        let badJSON = json.replacingOccurrences(of: #""status" : "read""#, with: #""status" : "maybe""#)
        #expect(badJSON != json)
        #expect(!JSONProfile.validate(Array(badJSON.utf8)).isEmpty)
    }
}
