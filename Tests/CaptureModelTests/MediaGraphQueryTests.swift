import Testing

@testable import CaptureModel

/// A vimc-like graph: Sensor A → Debayer A → RGB/YUV Capture (enabled), Sensor A → Raw Capture 0 (disabled),
/// a lens on the sensor, and the video and subdevice nodes.
enum SmallGraph {
    static let interfaceLink: UInt32 = 1 << 28
    static let ancillaryLink: UInt32 = 2 << 28
    static let enabled: UInt32 = 1
    static let immutable: UInt32 = 2

    static func make(extraLinks: [MediaLink] = []) -> MediaGraph {
        MediaGraph(
            controller: MediaControllerInfo(
                driver: "vimc", model: "VIMC MDEV", serial: "", busInfo: "platform:vimc", mediaVersion: 6 << 16 | 1 << 8,
                hardwareRevision: 0, driverVersion: 6 << 16 | 1 << 8),
            path: "/dev/media0", topologyVersion: 7,
            entities: [
                MediaEntity(id: 1, name: "Sensor A", function: .camSensor),
                MediaEntity(id: 2, name: "Debayer A", function: .procVideoPixelEncConv),
                MediaEntity(id: 3, name: "Raw Capture 0", function: .ioV4L),
                MediaEntity(id: 4, name: "RGB/YUV Capture", function: .ioV4L),
                MediaEntity(id: 5, name: "Lens A", function: .lens),
            ],
            interfaces: [
                MediaInterface(id: 200, type: .v4lVideo, flags: 0, devnode: MediaDevnode(major: 81, minor: 0), path: "/dev/video0"),
                MediaInterface(id: 201, type: .v4lVideo, flags: 0, devnode: MediaDevnode(major: 81, minor: 1), path: "/dev/video1"),
                MediaInterface(id: 202, type: .v4lSubdev, flags: 0, devnode: MediaDevnode(major: 81, minor: 2), path: "/dev/v4l-subdev0"),
            ],
            pads: [
                MediaPad(id: 10, entityID: 1, index: 0, flags: .source),
                MediaPad(id: 21, entityID: 2, index: 1, flags: .source),
                MediaPad(id: 20, entityID: 2, index: 0, flags: [.sink, .mustConnect]),
                MediaPad(id: 30, entityID: 3, index: 0, flags: .sink),
                MediaPad(id: 40, entityID: 4, index: 0, flags: .sink),
            ],
            links: [
                MediaLink(id: 100, source: 10, sink: 20, rawFlags: enabled | immutable),
                MediaLink(id: 101, source: 21, sink: 40, rawFlags: enabled),
                MediaLink(id: 102, source: 10, sink: 30, rawFlags: 0),
                MediaLink(id: 110, source: 200, sink: 3, rawFlags: interfaceLink | enabled | immutable),
                MediaLink(id: 111, source: 201, sink: 4, rawFlags: interfaceLink | enabled | immutable),
                MediaLink(id: 112, source: 202, sink: 1, rawFlags: interfaceLink | enabled | immutable),
                MediaLink(id: 120, source: 1, sink: 5, rawFlags: ancillaryLink | enabled | immutable),
            ] + extraLinks)
    }
}

@Suite("Media graph queries")
struct MediaGraphQueryTests {
    let g = SmallGraph.make()

    @Test func lookups() {
        #expect(g.entity(id: 2)?.name == "Debayer A")
        #expect(g.entity(id: 99) == nil)
        #expect(g.entity(named: "Lens A")?.id == 5)
        #expect(g.entity(named: "lens a") == nil)
        #expect(g.pad(id: 21)?.index == 1)
        #expect(g.pads(of: 2).map(\.id) == [20, 21])
        #expect(g.pads(of: 5).isEmpty)
    }

    @Test func sensorsCapturesAndLenses() {
        #expect(g.sensors.map(\.name) == ["Sensor A"])
        #expect(g.captureEntities.map(\.id) == [3, 4])
        #expect(g.lenses(of: 1).map(\.name) == ["Lens A"])
        #expect(g.ancillaries(of: 5).isEmpty)
        #expect(g.lenses(of: 2).isEmpty)
    }

    @Test func interfacesAndNodes() {
        #expect(g.interfaces(of: 4).map(\.id) == [201])
        #expect(g.interfaces(of: 2).isEmpty)
        #expect(g.entity(forInterfacePath: "/dev/video1")?.name == "RGB/YUV Capture")
        #expect(g.entity(forInterfacePath: "/dev/v4l-subdev0")?.name == "Sensor A")
        #expect(g.entity(forInterfacePath: "/dev/video9") == nil)
    }

    @Test func enabledDataPathOnly() throws {
        let paths = g.dataPaths(from: 1)
        #expect(paths.count == 1)
        let p = try #require(paths.first)
        #expect(p.linkIDs == [100, 101] && p.captureEntityID == 4 && p.capturePath == "/dev/video1")
        #expect(p.hops.map(\.padID) == [10, 20, 21, 40])
        #expect(p.hops.map(\.direction) == [.source, .sink, .source, .sink])
        #expect(p.entityNames == ["Sensor A", "Debayer A", "RGB/YUV Capture"])
        #expect(p.description == #""Sensor A":0 -> "Debayer A":0 | "Debayer A":1 -> "RGB/YUV Capture":0"#)
    }

    @Test func disabledLinksOnRequestAndLimit() {
        let all = g.dataPaths(from: 1, includingDisabledLinks: true)
        #expect(all.map(\.linkIDs) == [[100, 101], [102]])
        #expect(all.map(\.capturePath) == ["/dev/video1", "/dev/video0"])
        #expect(all[1].description == #""Sensor A":0 -> "Raw Capture 0":0"#)
        #expect(g.dataPaths(from: 1, includingDisabledLinks: true, limit: 1).map(\.linkIDs) == [[100, 101]])
        #expect(g.dataPaths(from: 1, limit: 0).isEmpty)
    }

    @Test func noPathsFromNonSources() {
        #expect(g.dataPaths(from: 99).isEmpty)
        #expect(g.dataPaths(from: 4).isEmpty)
        #expect(g.dataPaths(from: 2).map(\.linkIDs) == [[101]])
    }

    @Test func cyclesAreNotFollowed() {
        // Debayer's source fed back into its own sink: not a second path, and no endless walk.
        let looped = SmallGraph.make(extraLinks: [MediaLink(id: 150, source: 21, sink: 20, rawFlags: SmallGraph.enabled)])
        #expect(looped.dataPaths(from: 1).map(\.linkIDs) == [[100, 101]])
    }

    @Test func captureNeedsASinkPad() {
        var g = SmallGraph.make()
        // A scaler behind a video node counts; an I/O entity with only a source pad (an output node) does not.
        g.entities.append(MediaEntity(id: 6, name: "Scaler", function: .procVideoScaler))
        g.pads.append(MediaPad(id: 60, entityID: 6, index: 0, flags: .sink))
        g.interfaces.append(MediaInterface(id: 203, type: .v4lVideo, flags: 0, devnode: MediaDevnode(major: 81, minor: 3), path: nil))
        g.links.append(MediaLink(id: 113, source: 203, sink: 6, rawFlags: SmallGraph.interfaceLink))
        g.entities.append(MediaEntity(id: 7, name: "Output", function: .ioV4L))
        g.pads.append(MediaPad(id: 70, entityID: 7, index: 0, flags: .source))
        #expect(g.captureEntities.map(\.id) == [3, 4, 6])
        #expect(!g.isCaptureEntity(MediaEntity(id: 7, name: "Output", function: .ioV4L)))
        // A path to a capture entity whose node has no path.
        g.links.append(MediaLink(id: 160, source: 21, sink: 60, rawFlags: SmallGraph.enabled))
        let paths = g.dataPaths(from: 1)
        #expect(paths.map(\.captureEntityID) == [4, 6])
        #expect(paths[1].capturePath == nil)
    }

    @Test func graphRoundTrips() throws {
        #expect(try roundTrip(g) == g)
    }
}

@Suite("Media graph elements")
struct MediaGraphElementTests {
    @Test func padDirectionFromFlags() {
        #expect(MediaPad(id: 1, entityID: 1, index: 0, flags: .sink).direction == .sink)
        #expect(MediaPad(id: 1, entityID: 1, index: 0, flags: .source).direction == .source)
        #expect(MediaPad(id: 1, entityID: 1, index: 0, flags: []).direction == .unknown)
        #expect(MediaPad(id: 1, entityID: 1, index: 0, flags: [.sink, .source]).direction == .sink)
    }

    @Test func linkSplitsTypeFromFlags() {
        let l = MediaLink(id: 1, source: 2, sink: 3, rawFlags: 0x1000_0003)
        #expect(l.kind == .interface && l.flags == [.enabled, .immutable] && l.isEnabled)
        let odd = MediaLink(id: 1, source: 2, sink: 3, rawFlags: 0xf000_0004)
        #expect(odd.kind.rawValue == 15 && odd.kind.description == "type-15" && odd.flags == .dynamic && !odd.isEnabled)
        #expect([MediaLinkKind.data, .interface, .ancillary].map(\.description) == ["data", "interface", "ancillary"])
    }

    @Test func entityFunctionNames() {
        #expect(MediaEntityFunction(named: "CAM_SENSOR") == .camSensor)
        #expect(MediaEntityFunction(named: "MEDIA_ENT_F_LENS") == .lens)
        #expect(MediaEntityFunction(named: "0x20001") == .camSensor)
        #expect(MediaEntityFunction(named: "131073") == .camSensor)
        #expect(MediaEntityFunction(named: "cam_sensor") == nil)
        #expect(MediaEntityFunction(named: "0xzz") == nil)
        let odd = MediaEntityFunction(rawValue: 0x9_9999)
        #expect(odd.name == nil && odd.description == "0x99999")
        #expect(MediaEntityFunction.procVideoISP.description == "PROC_VIDEO_ISP")
        #expect(Set(MediaEntityFunction.known.map(\.1)).count == MediaEntityFunction.known.count)
    }

    @Test func interfaceTypeNames() {
        #expect(MediaInterfaceType(named: "MEDIA_INTF_T_V4L_VIDEO") == .v4lVideo)
        #expect(MediaInterfaceType(named: "V4L_SUBDEV") == .v4lSubdev)
        #expect(MediaInterfaceType(named: "0x300") == .alsaPCMCapture)
        #expect(MediaInterfaceType(named: "768")?.name == "ALSA_PCM_CAPTURE")
        #expect(MediaInterfaceType(named: "MEDIA_INTF_T_") == nil)
        #expect(MediaInterfaceType(rawValue: 0x2ff).description == "0x2ff")
    }

    @Test func devnodes() {
        #expect(MediaDevnode("81:3") == MediaDevnode(major: 81, minor: 3))
        #expect(MediaDevnode(major: 81, minor: 3).description == "81:3")
        for bad in ["81", "a:b", "81:3:1", ":3", "81:-1", ""] {
            #expect(MediaDevnode(bad) == nil, "\(bad)")
        }
    }

    static let versions: [(UInt32, Bool)] = [
        (4 << 16 | 19 << 8, true), (4 << 16 | 18 << 8 | 255, false), (6 << 16 | 1 << 8, true), (0, false),
    ]

    @Test(arguments: versions)
    func flagsAndPadIndexSince419(_ version: UInt32, _ expected: Bool) {
        let c = MediaControllerInfo(
            driver: "", model: "", serial: "", busInfo: "", mediaVersion: version, hardwareRevision: 0, driverVersion: 0)
        #expect(c.reportsFlagsAndPadIndex == expected)
    }
}
