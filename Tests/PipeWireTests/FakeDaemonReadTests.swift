import CaptureModel
import Foundation
import Glibc
import PipeWireTesting
import Testing

@testable import PipeWire

/// The EnumFormat read over the native protocol against `FakeDaemon`: each camera node bound, its params asked for
/// and kept whole, its own properties added, and every bound (params, POD size, globals, time) honoured.
@Suite("Native EnumFormat read against a fake daemon", .serialized)
struct FakeDaemonReadTests {
    typealias Global = FakeDaemon.Global

    static func options(_ daemon: FakeDaemon, timeout: Int = 2000) -> PipeWireReadOptions {
        var o = PipeWireReadOptions(remote: daemon.path)
        o.timeoutMilliseconds = timeout
        return o
    }

    static let yuyv = PodBuilder.raw(4, 640, 480, rates: [(30, 1), (15, 1)])
    static let small = PodBuilder.raw(4, 320, 240, rates: [(30, 1)])
    /// An entry with many rates: a POD of a few hundred bytes.
    static let big = PodBuilder.raw(4, 1920, 1080, rates: (1...40).map { (UInt32($0), 1) })

    @Test("Each camera node is bound and its EnumFormat params kept whole, with the node's own properties")
    func formats() throws {
        var script = FakeDaemon.Script()
        script.globals = [
            .camera(40, "cam"), Global(id: 41, props: [("node.name", "mic"), ("media.class", "Audio/Source")]),
            Global(id: 45, type: "PipeWire:Interface:Link", props: [("link.output.node", "40"), ("link.input.node", "41")]),
        ]
        script.info[40] = [("node.name", "cam"), ("api.v4l2.path", "/dev/video0"), ("media.class", "Video/Source")]
        script.params[40] = [
            Self.yuyv, Self.small,
            PodBuilder.compressed(SPAVideoFormat.subtypeMJPG, min: (160, 120), max: (1280, 720), rates: ((1, 1), (30, 1))),
        ]
        let daemon = try FakeDaemon(script)
        defer { daemon.stop() }
        let s = try NativeRegistryRead.read(Self.options(daemon)).get()
        #expect(s.coreName == "pipewire-0" && s.coreVersion == "1.0.0-fake" && s.libraryVersion == "native protocol 3 (no libpipewire)")
        let cam = try #require(s.objects.first { $0.id == 40 })
        #expect(cam.params == script.params[40]!, "the PODs as the daemon sent them")
        #expect(cam.paramResult == 0)
        #expect(cam.props.map(\.key) == ["node.name", "media.class", "api.v4l2.path"])
        #expect(s.objects.filter { $0.id != 40 }.allSatisfy { $0.params.isEmpty })
        let view = PipeWireView(s)
        #expect(view.nodes.count == 1 && view.nodes[0].formats.count == 3 && view.nodes[0].v4l2Path == "/dev/video0")
        // One bind (the camera, node interface version 3), one EnumParams for EnumFormat from index 0, maxParams of them.
        let binds = daemon.requests.filter { $0.id == NativeRegistryRead.registryID && $0.opcode == 1 }
        #expect(binds.map(\.ints) == [[40, 3, 3]])
        let asks = daemon.requests.filter { $0.id == 3 && $0.opcode == 2 }
        #expect(asks.count == 1 && asks.first.map { Array($0.ints.dropFirst()) } == [3, 0, 2048])
        // Without formats asked for, nothing is bound.
        var plain = Self.options(daemon)
        plain.enumFormats = false
        let before = daemon.requests.count
        #expect(try NativeRegistryRead.read(plain).get().objects.allSatisfy { $0.params.isEmpty })
        #expect(!daemon.requests.dropFirst(before).contains { $0.opcode == 1 && $0.id == NativeRegistryRead.registryID })
    }

    @Test("Too many params, a POD too big, more cameras than maxObjects: kept within the bounds and counted")
    func bounds() throws {
        var script = FakeDaemon.Script()
        script.globals = [.camera(40, "a"), .camera(42, "b"), .camera(44, "c")]
        script.params[40] = Array(repeating: Self.small, count: 5)
        script.params[42] = [Self.small, Self.big, Self.small]
        let daemon = try FakeDaemon(script)
        defer { daemon.stop() }
        var o = Self.options(daemon)
        o.maxParams = 2
        o.maxPod = 200
        o.maxObjects = 2
        #expect(Self.big.count > 200 && Self.small.count <= 200)
        let s = try NativeRegistryRead.read(o).get()
        #expect(s.objects.map(\.id) == [40, 42] && s.droppedObjects == 1)
        #expect(s.objects[0].params == [Self.small, Self.small])
        #expect(s.objects[1].params == [Self.small, Self.small])
        #expect(s.truncated == 3 + 1)
        // The daemon was asked for maxParams only, and the third camera was not bound.
        #expect(daemon.requests.filter { $0.opcode == 2 && $0.id >= 3 }.map { $0.ints.last } == [2, 2])
        #expect(daemon.requests.filter { $0.id == NativeRegistryRead.registryID && $0.opcode == 1 }.count == 2)
    }

    @Test("An error for one node's proxy is that node's result; the other node is read")
    func nodeError() throws {
        var script = FakeDaemon.Script()
        script.globals = [.camera(40, "a"), .camera(42, "b")]
        script.errors[40] = -ENOENT
        script.params[42] = [Self.yuyv]
        let daemon = try FakeDaemon(script)
        defer { daemon.stop() }
        let s = try NativeRegistryRead.read(Self.options(daemon)).get()
        #expect(s.objects[0].paramResult == -ENOENT && s.objects[0].params.isEmpty)
        #expect(s.objects[1].paramResult == 0 && s.objects[1].params == [Self.yuyv])
        #expect(PipeWireView(s).nodes[0].formatsNote == "the node went away while its formats were read")
    }

    @Test("A daemon that never ends the params: the read ends at its bound, the node says -ETIMEDOUT")
    func formatsTimeOut() throws {
        var script = FakeDaemon.Script()
        script.globals = [.camera(40, "a")]
        script.params[40] = [Self.yuyv]
        script.answerLaterSyncs = false
        let daemon = try FakeDaemon(script)
        defer { daemon.stop() }
        let started = ContinuousClock.now
        let s = try NativeRegistryRead.read(Self.options(daemon, timeout: 300)).get()
        let took = ContinuousClock.now - started
        #expect(took >= .milliseconds(250) && took < .seconds(3), "\(took)")
        #expect(s.objects[0].paramResult == -ETIMEDOUT && s.objects[0].params == [Self.yuyv])
    }
}
