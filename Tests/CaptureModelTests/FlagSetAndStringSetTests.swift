import FoundationEssentials
import Testing

@testable import CaptureModel

@Suite("Named flag sets")
struct NamedFlagSetTests {
    @Test func namesFollowTheTableOrderNotBitOrder() {
        #expect(ControlFlags(rawValue: 0).names == [])
        #expect(ControlFlags([.inactive, .disabled, .readOnly]).names == ["disabled", "read-only", "inactive"])
        #expect(ControlFlags(rawValue: 0x1000).names == ["has-min-max"])
        #expect(MediaLinkFlags(rawValue: 0x7).names == ["enabled", "immutable", "dynamic"])
        #expect(MediaPadFlags(rawValue: 0x5).names == ["sink", "must-connect"])
        #expect(MediaEntityFlags([.connector, .default]).names == ["default", "connector"])
    }

    @Test func unknownBitsAreHexInBitOrder() {
        #expect(FormatFlags(rawValue: 0x8000_0000).names == ["0x80000000"])
        #expect(FormatFlags(rawValue: 0x0001_0201).names == ["compressed", "0x200", "0x10000"])
        #expect(MediaPadFlags(rawValue: 0xffff_ffff).names.count == 32)
        #expect(MediaPadFlags(rawValue: 0xffff_ffff).names.prefix(4) == ["sink", "source", "must-connect", "0x8"])
    }

    @Test func encodesAsNamesAndDecodesBack() throws {
        let f = FormatFlags(rawValue: 0x3 | 0x200)
        let data = try JSONEncoder().encode([f])
        #expect(try JSONDecoder().decode([[String]].self, from: data) == [["compressed", "emulated", "0x200"]])
        #expect(try JSONDecoder().decode([FormatFlags].self, from: data) == [f])
        #expect(try roundTrip([CapabilityFlags(rawValue: 0xffff_ffff)]) == [CapabilityFlags(rawValue: 0xffff_ffff)])
    }

    @Test func decodingAcceptsMultiBitHexAndDuplicates() throws {
        let flags = try JSONDecoder().decode(FormatFlags.self, from: Data(#"["0x3","compressed","0x3"]"#.utf8))
        #expect(flags == [.compressed, .emulated])
        #expect(try JSONDecoder().decode(ControlFlags.self, from: Data("[]".utf8)) == [])
    }

    @Test(arguments: [#"["bogus"]"#, #"["0x"]"#, #"["0xzz"]"#, #"["0X10"]"#, #"["Compressed"]"#, #""compressed""#, "[1]"])
    func decodingRefusesWhatIsNotAFlag(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FormatFlags.self, from: Data(json.utf8)) }
    }

    @Test func capabilityNamesForACommonUVCNode() {
        let caps = CapabilityFlags(rawValue: 0x8420_0001)
        #expect(caps.names == ["video-capture", "ext-pix-format", "streaming", "device-caps"])
        #expect(caps.contains(.deviceCaps) && caps.contains(.streaming) && !caps.contains(.metaCapture))
    }
}

@Suite("Open string sets")
struct OpenStringSetTests {
    @Test func literalsAndRawValuesAreTheSameValue() {
        #expect(NodeRole(rawValue: "capture") == .capture)
        #expect(Set<ProblemKind>(["access", .access, ProblemKind(rawValue: "access")]).count == 1)
        #expect(TransportKind(stringLiteral: "usb") == .usb)
    }

    @Test func everyListedCaseIsKnownAndDistinct() {
        #expect(NodeRole.allCases.allSatisfy { $0.isKnown })
        #expect(ProblemKind.allCases.allSatisfy { $0.isKnown })
        #expect(TransportKind.allCases.allSatisfy { $0.isKnown })
        #expect(Set(ProblemKind.allCases).count == ProblemKind.allCases.count)
        #expect(Set(NodeRole.allCases).count == NodeRole.allCases.count)
    }

    @Test func unknownNamesStayVerbatim() throws {
        let odd: [TransportKind] = ["thunderbolt", "", "USB"]
        #expect(odd.map(\.isKnown) == [false, false, false])
        #expect(odd.map(\.description) == ["thunderbolt", "", "USB"])
        #expect(try roundTrip(odd) == odd)
        #expect(try JSONDecoder().decode([String].self, from: JSONEncoder().encode(odd)) == ["thunderbolt", "", "USB"])
    }

    @Test func transportLabelUsesTheKindVerbatimOffUSB() {
        #expect(Transport(kind: "thunderbolt", speedMbps: 40000).label == "thunderbolt")
        #expect(Transport(kind: .pci, speedMbps: 480).label == "pci")
        #expect(Transport(kind: .usb).label == "USB")
        #expect(Transport(kind: .platform).description == "platform")
    }

    @Test(arguments: [
        (1.5, "USB 1.x Low-Speed (1.5 Mbit/s)"), (2.0, "USB 1.1 Full-Speed (2 Mbit/s)"), (12.999, "USB 1.1 Full-Speed (12.999 Mbit/s)"),
        (13.0, "USB 2.0 High-Speed (13 Mbit/s)"), (481.0, "USB 3.0 SuperSpeed (481 Mbit/s)"),
        (5001.0, "USB 3.1 SuperSpeed+ (5001 Mbit/s)"), (10000.0, "USB 3.1 SuperSpeed+ (10000 Mbit/s)"),
        (10001.0, "USB 3.2 SuperSpeed+ (10001 Mbit/s)"), (20000.0, "USB 3.2 SuperSpeed+ (20000 Mbit/s)"),
        (0.0, "USB 1.x Low-Speed (0 Mbit/s)"),
    ])
    func usbSpeedBoundaries(_ speed: Double, _ label: String) {
        #expect(Transport(kind: .usb, speedMbps: speed).label == label)
    }

    @Test func transportRoundTripKeepsTheLabel() throws {
        let t = Transport(kind: .usb, speedMbps: 5000)
        #expect(try roundTrip(t) == t)
        #expect(try roundTrip(t).label == "USB 3.0 SuperSpeed (5000 Mbit/s)")
    }
}
