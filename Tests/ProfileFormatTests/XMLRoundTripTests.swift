import CamProbe
import CamProbeTesting
import CaptureModel
import Foundation
import Testing

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
    /// Every fake-device fixture of the V4L2 tests.
    /// Each fake-system fixture; a `-subdevs` file is the sub-devices of the `-topology` file beside it, so they go together.
    static let fixtures = jsonFiles(in: "Tests/Fixtures").filter { !$0.hasSuffix("-subdevs.json") }

    /// The sub-device fixture that goes with a fixture, if any.
    static func companions(_ path: String) -> [String] {
        let subdevs = path.replacingOccurrences(of: "-topology.json", with: "-subdevs.json")
        return subdevs != path && FileManager.default.fileExists(atPath: subdevs) ? [path, subdevs] : [path]
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
        let devices = DeviceDiscovery(system: try FakeDeviceSystem(fixtures: ProfileTestFiles.companions(path))).discover().devices
        #expect(!devices.isEmpty)
        for d in devices {
            let doc = DeviceDocument(generator: "camprobe tests", device: d)
            try ProfileTestFiles.xmlRoundTrip(doc)
            try ProfileTestFiles.jsonRoundTrip(doc)
        }
    }

    /// Faults injected at the ioctl seam leave problems (errno, call, kind) in
    /// the model; both forms keep them.
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
        let devices = DeviceDiscovery(system: FakeDeviceSystem(spec: spec)).discover().devices
        let d = try #require(devices.first)
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
