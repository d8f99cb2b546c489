import CaptureModel
import FoundationEssentials
import HostSystem
import Testing
import V4L2
import V4L2Testing

/// Reads the graph of the fake media node at `path`.
private func readGraph(_ sys: FakeDeviceSystem, _ path: String = "/dev/media0", limits: MediaGraphLimits = MediaGraphLimits())
    throws -> (MediaGraph, CountingPort)
{
    let port = try sys.openPort(path)
    return (try port.readMediaGraph(limits: limits, devnodes: sys.mediaDevnodes), port)
}

/// A two-entity media node with extra topology keys spliced in (and node keys after).
private func smallGraph(
    topology extra: String = "", node: String = "", version: String = "6.1.0", sensorNode: String? = "/dev/v4l-subdev0"
) throws -> FakeDeviceSystem {
    try Fixtures.system(
        json: """
            {"nodes":[{"path":"/dev/media0","subsystem":"media","driver":"test","card":"Test MC","busInfo":"platform:test",
             "version":"\(version)",
             "mediaTopology":{"entities":[
               {"name":"sensor","function":"CAM_SENSOR","flags":1,"pads":["source","source"],"interface":{"type":"V4L_SUBDEV","devnode":"81:1"\(sensorNode.map { #","path":"\#($0)""# } ?? "")}},
               {"name":"dma","function":"IO_V4L","pads":["sink"],"interface":{"type":"V4L_VIDEO","devnode":"81:0","path":"/dev/video0"}}],
              "links":[{"source":"sensor:1","sink":"dma:0","flags":["enabled"]}]\(extra.isEmpty ? "" : "," + extra)}
             \(node.isEmpty ? "" : "," + node)}]}
            """)
}

@Suite("Media graph (MEDIA_IOC_G_TOPOLOGY)")
struct MediaGraphTests {
    @Test func vimcGraphReadsCompletely() throws {
        let (g, port) = try readGraph(try Fixtures.system("vimc-topology.json"))
        #expect(g.controller.driver == "vimc")
        #expect(g.controller.model == "VIMC MDEV")
        #expect(g.controller.busInfo == "platform:vimc")
        #expect(g.controller.mediaVersion == 6 << 16 | 1 << 8)
        #expect(g.path == "/dev/media0")
        #expect(g.problems.isEmpty, "\(g.problems)")
        #expect(g.entities.count == 11)
        #expect(g.interfaces.count == 11)
        #expect(g.pads.count == 12)
        #expect(g.links.count == 21)
        #expect(g.links.filter { $0.kind == .data }.count == 8)
        #expect(g.links.filter { $0.kind == .ancillary }.count == 2)
        #expect(g.links.filter { $0.kind == .interface }.count == 11)
        #expect(g.links.filter { $0.kind == .data && !$0.isEnabled }.count == 2)
        #expect(g.entities.map(\.name).prefix(3) == ["Sensor A", "Sensor B", "Debayer A"])
        // Graph object ids carry their type in the top byte, as the media core makes them.
        #expect(g.entities.allSatisfy { $0.id >> 24 == 0 })
        #expect(g.pads.allSatisfy { $0.id >> 24 == 1 })
        #expect(g.links.allSatisfy { $0.id >> 24 == 2 })
        #expect(g.interfaces.allSatisfy { $0.id >> 24 == 3 })
        #expect(Set(g.interfaces.compactMap(\.path)).count == 11)
        #expect(g.entity(named: "Scaler")?.function == .procVideoScaler)
        #expect(g.entity(named: "Debayer A")?.function.name == "PROC_VIDEO_PIXEL_ENC_CONV")
        #expect(g.entity(named: "Raw Capture 0")?.function.description == "IO_V4L")
        #expect(g.pads(of: g.entity(named: "Scaler")!.id).map(\.direction) == [.sink, .source])
        // One DEVICE_INFO, then the counting and the filling G_TOPOLOGY.
        #expect(port.counts == ["MEDIA_IOC_DEVICE_INFO": 1, "MEDIA_IOC_G_TOPOLOGY": 2])
        #expect(port.stateChanging == 0)
    }

    /// vimc registers "RGB/YUV Input" with the sensor type (vimc-core.c: "TODO: change this to
    /// vimc-input"), so the kernel reports three CAM_SENSOR entities.
    @Test func vimcHasThreeSensorsIncludingTheRGBInput() throws {
        let (g, _) = try readGraph(try Fixtures.system("vimc-topology.json"))
        #expect(g.sensors.map(\.name) == ["Sensor A", "Sensor B", "RGB/YUV Input"])
        #expect(g.captureEntities.map(\.name) == ["Raw Capture 0", "Raw Capture 1", "RGB/YUV Capture"])
    }

    @Test func vimcDataPathsFollowEnabledLinksOnly() throws {
        let (g, _) = try readGraph(try Fixtures.system("vimc-topology.json"))
        let a = g.dataPaths(from: g.entity(named: "Sensor A")!.id)
        #expect(a.map(\.capturePath) == ["/dev/video2", "/dev/video0"])
        #expect(a[0].entityNames == ["Sensor A", "Debayer A", "Scaler", "RGB/YUV Capture"])
        #expect(
            a[0].description == #""Sensor A":0 -> "Debayer A":0 | "Debayer A":1 -> "Scaler":0 | "Scaler":1 -> "RGB/YUV Capture":0"#)
        #expect(a[0].hops.map(\.padIndex) == [0, 0, 1, 0, 1, 0])
        #expect(a[0].linkIDs.count == 3)
        #expect(a[1].entityNames == ["Sensor A", "Raw Capture 0"])
        // Debayer B -> Scaler is disabled: Sensor B reaches only its raw node.
        let b = g.dataPaths(from: g.entity(named: "Sensor B")!.id)
        #expect(b.map(\.capturePath) == ["/dev/video1"])
        // RGB/YUV Input -> Scaler is disabled: no path at all.
        #expect(g.dataPaths(from: g.entity(named: "RGB/YUV Input")!.id).isEmpty)
        // Counting disabled links too, both reach the scaler's capture node.
        #expect(
            g.dataPaths(from: g.entity(named: "Sensor B")!.id, includingDisabledLinks: true).map(\.capturePath) == [
                "/dev/video2", "/dev/video1",
            ])
        #expect(g.dataPaths(from: g.entity(named: "RGB/YUV Input")!.id, includingDisabledLinks: true).map(\.capturePath) == ["/dev/video2"])
    }

    @Test func vimcLensesAndInterfaces() throws {
        let (g, _) = try readGraph(try Fixtures.system("vimc-topology.json"))
        #expect(g.lenses(of: g.entity(named: "Sensor A")!.id).map(\.name) == ["Lens A"])
        #expect(g.lenses(of: g.entity(named: "Sensor B")!.id).map(\.name) == ["Lens B"])
        #expect(g.lenses(of: g.entity(named: "RGB/YUV Input")!.id).isEmpty)
        #expect(g.pads(of: g.entity(named: "Lens A")!.id).isEmpty)
        #expect(g.entity(forInterfacePath: "/dev/v4l-subdev5")?.name == "Scaler")
        #expect(g.entity(forInterfacePath: "/dev/video2")?.name == "RGB/YUV Capture")
        #expect(g.entity(forInterfacePath: "/dev/v4l-subdev6")?.function == .lens)
        #expect(g.entity(forInterfacePath: "/dev/video9") == nil)
        let scalerNode = g.interfaces(of: g.entity(named: "Scaler")!.id)
        #expect(scalerNode.map(\.type) == [.v4lSubdev])
        #expect(scalerNode.map(\.devnode.description) == ["81:8"])
        #expect(scalerNode.first?.type.name == "V4L_SUBDEV")
    }

    @Test func piGraphSensorThroughUnicamToItsNodes() throws {
        let (g, _) = try readGraph(try Fixtures.system("pi-topology.json"))
        #expect(g.problems.isEmpty, "\(g.problems)")
        #expect((g.entities.count, g.interfaces.count, g.pads.count, g.links.count) == (5, 5, 6, 9))
        #expect(g.sensors.map(\.name) == ["imx708 10-001a"])
        let sensor = g.sensors[0]
        #expect(g.entity(named: "unicam")?.function == .vidIfBridge)
        #expect(g.entity(named: "unicam-image")?.flags == .default)
        #expect(g.pads(of: g.entity(named: "unicam")!.id).first?.flags == [.sink, .mustConnect])
        let paths = g.dataPaths(from: sensor.id)
        #expect(paths.map(\.capturePath) == ["/dev/video0", "/dev/video1"])
        #expect(paths[0].entityNames == ["imx708 10-001a", "unicam", "unicam-image"])
        #expect(paths[0].hops.map(\.padIndex) == [0, 0, 1, 0])
        #expect(g.lenses(of: sensor.id).map(\.name) == ["dw9807 10-000c"])
        #expect(g.entity(forInterfacePath: "/dev/v4l-subdev1")?.id == sensor.id)
    }

    @Test func changingTopologyIsReadAgain() throws {
        let (g, port) = try readGraph(try smallGraph(topology: #""versionBumps":1"#))
        #expect(g.problems.isEmpty, "\(g.problems)")
        #expect(g.topologyVersion == 1)
        #expect(g.entities.count == 2)
        #expect(port.counts["MEDIA_IOC_G_TOPOLOGY"] == 4)
    }

    @Test func topologyThatNeverSettlesIsBoundedAndKept() throws {
        var limits = MediaGraphLimits()
        limits.attempts = 3
        let (g, port) = try readGraph(try smallGraph(topology: #""versionBumps":1000"#), limits: limits)
        #expect(port.counts["MEDIA_IOC_G_TOPOLOGY"] == 6)
        #expect(g.problems.map(\.kind) == [.partial])
        #expect(g.problems.first?.message.contains("kept changing") == true)
        #expect(g.entities.count == 2)
    }

    @Test func graphThatGrewBetweenTheCallsIsReadAgain() throws {
        let sys = try smallGraph(node: #""faults":[{"ioctl":"MEDIA_IOC_G_TOPOLOGY","afterCalls":1,"errno":"ENOSPC"}]"#)
        let (g, port) = try readGraph(sys)
        #expect(g.problems.isEmpty, "\(g.problems)")
        #expect(g.links.count == 3)
        #expect(port.counts["MEDIA_IOC_G_TOPOLOGY"] == 4)
    }

    @Test func absurdCountsAreBoundedWithAProblem() throws {
        let sys = try smallGraph(topology: #""reportedCounts":{"entities":4000000000,"links":4294967295}"#)
        let (g, _) = try readGraph(sys)
        #expect(g.problems.map(\.kind) == [.boundHit, .boundHit])
        #expect(g.problems.allSatisfy { $0.call == "MEDIA_IOC_G_TOPOLOGY" })
        #expect(g.problems[0].message.contains("4000000000 entities"))
        // The filling call reports the real totals.
        #expect((g.entities.count, g.pads.count, g.links.count) == (2, 3, 3))
    }

    @Test func graphLargerThanTheBoundKeepsWhatTheKernelFilled() throws {
        var limits = MediaGraphLimits()
        limits.links = 4
        let (g, _) = try readGraph(try Fixtures.system("vimc-topology.json"), limits: limits)
        #expect(g.problems.map(\.kind) == [.boundHit, .partial])
        #expect((g.entities.count, g.interfaces.count, g.pads.count, g.links.count) == (11, 11, 12, 4))
    }

    @Test func deviceGoneMidwayIsATypedError() throws {
        let sys = try smallGraph(node: #""faults":[{"ioctl":"MEDIA_IOC_G_TOPOLOGY","afterCalls":1,"errno":"ENODEV"}]"#)
        let port = try sys.openPort("/dev/media0")
        #expect {
            _ = try port.readMediaGraph(devnodes: sys.mediaDevnodes)
        } throws: { error in
            guard let e = error as? V4L2Error else { return false }
            return e.call == "MEDIA_IOC_G_TOPOLOGY" && e.errno == Errno.ENODEV && e.isDeviceGone && e.problem.kind == .deviceGone
        }
        // The node stays gone.
        #expect(throws: V4L2Error.self) { try port.readMediaGraph(devnodes: sys.mediaDevnodes) }
    }

    @Test func videoNodeIsNotAMediaController() throws {
        let sys = try Fixtures.system(json: #"{"nodes":["# + webcamNode() + "]}")
        let port = try sys.openPort("/dev/video0")
        #expect {
            _ = try port.readMediaGraph(devnodes: .none)
        } throws: { ($0 as? V4L2Error)?.errno == Errno.ENOTTY }
    }

    @Test func unresolvedDevnodeIsAProblemNotAFailure() throws {
        let (g, _) = try readGraph(try smallGraph(sensorNode: nil))
        #expect(g.interfaces.map(\.path) == ["/dev/video0", nil])
        #expect(g.problems.map(\.kind) == [.identity])
        #expect(g.problems.first?.message.contains("V4L_SUBDEV 81:1") == true)
        #expect(g.entity(named: "sensor")?.flags == .default)
        #expect(g.dataPaths(from: g.sensors[0].id).map(\.hops.first?.padIndex) == [1])
    }

    @Test func beforeMediaAPI419PadIndexesComeFromOrder() throws {
        let (g, _) = try readGraph(try smallGraph(version: "4.14.0"))
        #expect(!g.controller.reportsFlagsAndPadIndex)
        #expect(g.entity(named: "sensor")?.flags == [])
        #expect(g.pads(of: g.entity(named: "sensor")!.id).map(\.index) == [0, 1])
    }

    @Test func graphRoundTripsThroughJSON() throws {
        let (g, _) = try readGraph(try Fixtures.system("vimc-topology.json"))
        let data = try JSONEncoder().encode(g)
        #expect(try JSONDecoder().decode(MediaGraph.self, from: data) == g)
        #expect(String(decoding: data, as: UTF8.self).contains(#""flags":["enabled","immutable"]"#))
    }

    @Test func sysfsResolverReadsDEVNAME() throws {
        let root = FileManager.default.temporaryDirectory.path + "/camprobe-media-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/dev/char/81:3", withIntermediateDirectories: true)
        try Data("MAJOR=81\nMINOR=3\nDEVNAME=v4l-subdev0\n".utf8).write(to: URL(fileURLWithPath: root + "/dev/char/81:3/uevent"))
        let r = DevnodeResolver.sysfs(sysRoot: root)
        #expect(r.resolve(MediaDevnode(major: 81, minor: 3)) == "/dev/v4l-subdev0")
        #expect(r.resolve(MediaDevnode(major: 81, minor: 4)) == nil)
    }

    @Test func topologyStructsMatchTheKernelLayout() {
        let row = IoctlTable.all.first { $0.request == .mediaTopology }
        #expect(row?.argumentSize == 72)
        #expect(row?.encodedSize == 72)
        #expect(V4L2Request.mediaTopology.description == "MEDIA_IOC_G_TOPOLOGY")
        #expect(!V4L2Request.mediaTopology.changesState)
        #expect(
            (MediaTopologyLayout.entity, MediaTopologyLayout.interface, MediaTopologyLayout.pad, MediaTopologyLayout.link)
                == (96, 112, 32, 40))
        #expect(MediaTopologyLayout.stridesMatch)
    }

    @Test func functionAndTypeNamesParse() {
        #expect(MediaEntityFunction(named: "MEDIA_ENT_F_CAM_SENSOR") == .camSensor)
        #expect(MediaEntityFunction(named: "0x4009") == .procVideoISP)
        #expect(MediaEntityFunction(rawValue: 0x7777).name == nil)
        #expect(MediaEntityFunction(rawValue: 0x7777).description == "0x7777")
        #expect(MediaInterfaceType(named: "V4L_VIDEO") == .v4lVideo)
        #expect(MediaLink(id: 1, source: 2, sink: 3, rawFlags: 0x2000_0003).kind == .ancillary)
        #expect(MediaLink(id: 1, source: 2, sink: 3, rawFlags: 0x2000_0003).flags == [.enabled, .immutable])
    }
}

@Suite("Media graph fixtures as whole machines")
struct MediaFixtureDiscoveryTests {
    /// The fixtures also hold the video nodes: the graph's capture paths name nodes
    /// that exist and that V4L2 enumerates.
    @Test(arguments: ["vimc-topology.json", "pi-topology.json"])
    func captureNodesOfTheGraphExist(_ name: String) throws {
        let sys = try Fixtures.system(name)
        let (g, _) = try readGraph(sys)
        let nodes = Set(sys.spec.nodes.map(\.path))
        let captures = g.sensors.flatMap { g.dataPaths(from: $0.id) }.compactMap(\.capturePath)
        #expect(!captures.isEmpty)
        #expect(captures.allSatisfy(nodes.contains))
        #expect(captures.allSatisfy { sys.capture($0) != nil })
    }
}
