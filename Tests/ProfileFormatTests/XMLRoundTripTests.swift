import CaptureModel
import Foundation
import Testing
import V4L2
import V4L2Testing

@testable import ProfileFormat

/// Paths and documents shared by the profile tests.
enum ProfileTestFiles {
    /// The package root, from this file's path.
    static let root = Fixtures.repository

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    static func jsonFiles(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + dir)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted().map { root + "/" + dir + "/" + $0 }
    }

    /// Every shipped profile.
    static let profiles = jsonFiles(in: "Profiles")
    /// The devices discovery made of every fake-device fixture (`Tests/NegotiationTests/Devices/NAME.json`, checked
    /// against discovery by CamProbeTests' `NegotiationDeviceSnapshotTests`), so these tests build without the façade.
    /// (A `-subdevs` fixture alone makes no device: its snapshot is empty, and `vimc-topology+subdevs` has the pair.)
    static let fixtures = jsonFiles(in: "Tests/NegotiationTests/Devices").filter { !$0.hasSuffix("-subdevs.json") }

    /// The devices of one of `fixtures`.
    static func discovered(_ path: String) throws -> [Device] {
        try JSONDecoder().decode([Device].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// nil when equal (`DeviceDocument` is not Equatable; `Device` is), else
    /// the first part that differs, so a failure names the field instead of
    /// printing two whole profiles.
    static func difference(_ a: DeviceDocument, _ b: DeviceDocument) -> String? {
        func first(_ checks: [(String, Bool)]) -> String? { checks.first { !$0.1 }?.0 }
        if a.device.sensor != b.device.sensor { return "device.sensor" }
        func firstIndex<T: Equatable>(_ x: [T], _ y: [T]) -> String {
            x.count != y.count ? "count \(x.count) vs \(y.count)" : "[\(x.indices.first { x[$0] != y[$0] } ?? -1)]"
        }
        let x = a.device
        let y = b.device
        if let top = first([
            ("schemaVersion", a.schemaVersion == b.schemaVersion), ("generator", a.generator == b.generator),
            ("pipewire", a.pipewire == b.pipewire),
            ("device.id", x.id == y.id), ("device.name", x.name == y.name), ("device.modelID", x.modelID == y.modelID),
            ("device.transport", x.transport == y.transport), ("device.identity", x.identity == y.identity),
            ("device.nodes" + firstIndex(x.nodes, y.nodes), x.nodes == y.nodes),
            ("device.audio" + firstIndex(x.audio, y.audio), x.audio == y.audio),
            ("device.problems" + firstIndex(x.problems, y.problems), x.problems == y.problems),
            ("device.captures count", x.captures.count == y.captures.count),
        ]) {
            return top
        }
        for (i, (c, d)) in zip(x.captures, y.captures).enumerated() where c != d {
            return "device.captures[\(i)]."
                + (first([
                    ("path", c.path == d.path), ("identity", c.identity == d.identity),
                    ("throughLibV4L2", c.throughLibV4L2 == d.throughLibV4L2),
                    ("inputs", c.inputs == d.inputs), ("currentInput", c.currentInput == d.currentInput),
                    ("formats" + firstIndex(c.formats, d.formats), c.formats == d.formats),
                    ("controls" + firstIndex(c.controls ?? [], d.controls ?? []), c.controls == d.controls),
                    ("activeFormat", c.activeFormat == d.activeFormat),
                    ("streamingParameters", c.streamingParameters == d.streamingParameters),
                    ("problems", c.problems == d.problems),
                ]) ?? "?")
        }
        return nil
    }

    /// XML out, validate, read back; the read document must equal `doc`.
    static func xmlRoundTrip(_ doc: DeviceDocument, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let xml = try XMLProfile.write(doc)
        let issues = XMLProfile.validate(Array(xml.utf8))
        #expect(issues.isEmpty, "\(issues.prefix(5))", sourceLocation: sourceLocation)
        let back = try XMLProfile.read(Array(xml.utf8))
        #expect(difference(back, doc) == nil, sourceLocation: sourceLocation)
    }

    /// JSON out, validate, read back; equal again.
    static func jsonRoundTrip(_ doc: DeviceDocument, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let json = JSONProfile.write(doc)
        let issues = JSONProfile.validate(Array(json.utf8))
        #expect(issues.isEmpty, "\(issues.prefix(5))", sourceLocation: sourceLocation)
        let back = try JSONProfile.read(Array(json.utf8))
        #expect(difference(back, doc) == nil, sourceLocation: sourceLocation)
    }
}

@Suite("XML profiles: round trips")
struct XMLRoundTripTests {
    @Test func thereAreProfilesAndFixtures() {
        #expect(ProfileTestFiles.profiles.count >= 7)
        #expect(ProfileTestFiles.fixtures.count >= 7)
    }

    /// JSON → model → XML → XSD → model gives the same model, and the JSON
    /// writer reproduces the shipped file byte for byte.
    @Test(arguments: ProfileTestFiles.profiles)
    func shippedProfileRoundTrips(_ path: String) throws {
        let original = try ProfileTestFiles.bytes(path)
        #expect(JSONProfile.validate(original).isEmpty)
        let doc = try JSONProfile.read(original)
        #expect(Array(JSONProfile.write(doc).utf8) == original)
        try ProfileTestFiles.xmlRoundTrip(doc)
    }

    /// Devices built by discovery from the fake-device fixtures go through both forms.
    @Test(arguments: ProfileTestFiles.fixtures)
    func fixtureDeviceRoundTrips(_ path: String) throws {
        let devices = try ProfileTestFiles.discovered(path)
        #expect(!devices.isEmpty)
        for d in devices {
            let doc = DeviceDocument(generator: "camprobe tests", device: d)
            try ProfileTestFiles.xmlRoundTrip(doc)
            try ProfileTestFiles.jsonRoundTrip(doc)
        }
    }

    /// Faults injected at the ioctl seam leave problems (errno, call, kind) in
    /// the model; both forms keep them. The device is what the V4L2 layer reads of the node (its capture, or the
    /// error that kept it from being read), without discovery.
    @Test(arguments: [
        #""faults":[{"ioctl":"VIDIOC_ENUM_FRAMEINTERVALS","afterCalls":3,"errno":"ENODEV"}]"#,
        #""faults":[{"ioctl":"VIDIOC_QUERY_EXT_CTRL","errno":"EIO"}]"#,
        #""openError":"EACCES""#,
        #""endlessList":"VIDIOC_ENUM_FMT""#,
    ])
    func faultyDeviceRoundTrips(_ extra: String) throws {
        let json =
            #"{"nodes":[{"path":"/dev/video0","driver":"uvcvideo","card":"Test Cam","busInfo":"usb-0000:00:14.0-1","version":"6.1.0","#
            + #""capabilities":"0x84a00001","deviceCaps":"0x04200001","#
            + #""formats":[{"fourcc":"YUYV","description":"YUYV 4:2:2","sizes":[{"discrete":"640x480","intervals":{"discrete":["1/30","1/0","0/1"]}},"#
            + #"{"discrete":"1280x720","intervals":{"discrete":["1/10"]}}]}],"#
            + #""controls":[{"id":"0x00980900","name":"Brightness","type":"int","min":0,"max":255,"step":1,"default":128,"value":140}],"#
            + #""frameInterval":"1/0","# + extra + "}]}"
        let spec = try JSONDecoder().decode(FakeSystemSpec.self, from: Data(json.utf8))
        let system = FakeDeviceSystem(spec: spec)
        var problems: [Problem] = []
        do throws(V4L2Error) { _ = try system.openPort("/dev/video0") } catch { problems.append(error.problem) }
        let d = Device(
            id: DeviceID("usb-test"), name: "Test Cam", modelID: nil, transport: Transport(kind: .usb),
            identity: DeviceIdentity(busInfo: "usb-0000:00:14.0-1", driver: "uvcvideo"),
            nodes: [DeviceNode(role: .capture, path: "/dev/video0")], captures: system.capture().map { [$0] } ?? [],
            problems: problems)
        #expect(!d.allProblems.isEmpty)
        let doc = DeviceDocument(generator: "camprobe tests", device: d)
        try ProfileTestFiles.xmlRoundTrip(doc)
        try ProfileTestFiles.jsonRoundTrip(doc)
    }

    /// Every optional field set and unset, every size and interval kind,
    /// integer and string values, named and integer menus, unnamed flag
    /// bits, audio cards, and text that needs escaping.
    @Test func everyFieldRoundTrips() throws {
        let doc = ProfileSamples.everything
        try ProfileTestFiles.xmlRoundTrip(doc)
        try ProfileTestFiles.jsonRoundTrip(doc)
        var bare = doc
        bare.device = ProfileSamples.bareDevice
        try ProfileTestFiles.xmlRoundTrip(bare)
        try ProfileTestFiles.jsonRoundTrip(bare)
    }

    /// `controls: nil` (not read) and `controls: []` (none) stay apart.
    @Test func absentAndEmptyControlsDiffer() throws {
        var doc = ProfileSamples.everything
        doc.device.captures[0].controls = nil
        let unread = try XMLProfile.read(Array(XMLProfile.write(doc).utf8))
        #expect(unread.device.captures[0].controls == nil)
        doc.device.captures[0].controls = []
        let none = try XMLProfile.read(Array(XMLProfile.write(doc).utf8))
        #expect(none.device.captures[0].controls == [])
    }

    @Test func theMappingIsReadable() throws {
        let xml = try XMLProfile.write(ProfileSamples.everything)
        #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(
            xml.contains(
                #"<cameraProfile xmlns="https://camprobe.dev/schema/profile/1" schemaVersion="1" generator="camprobe &lt;test&gt; &amp; co">"#
            ))
        #expect(xml.contains("<interval>1001/30000</interval>"))
        #expect(xml.contains(#"<stepwiseIntervals min="1/60" max="1/1" step="1/60"/>"#))
        #expect(xml.contains(#"flags="compressed 0x400""#))
        #expect(xml.contains(#"<integerValue>-5</integerValue>"#))
    }

    /// Characters XML 1.0 cannot carry become U+FFFD rather than breaking the document.
    @Test func controlCharactersAreReplaced() throws {
        var doc = ProfileSamples.everything
        doc.device.name = "bad\u{1}name\u{0}"
        let back = try XMLProfile.read(Array(XMLProfile.write(doc).utf8))
        #expect(back.device.name == "bad\u{FFFD}name\u{FFFD}")
    }
}
