import CaptureModel
import CommandEmitters
import Negotiation
import Testing

/// The shipped `--emit` tools through the registry: the names and order messages give, what each emits for, and
/// the refusals the CLI prints, word for word as before there was a registry.
@Suite("The --emit tools in EmitterRegistry.all")
struct EmitterRegistryTests {
    static func tool(_ name: String) throws -> any CommandEmitter { try #require(EmitterRegistry.named(name)) }

    /// Sensor A of vimc, RGGB 640x480, and the pipeline it needs.
    static func sensor() throws -> (CameraEmitInput, SensorPipelineSetup) {
        let a = try #require(try EmitFixtures.vimc().first)
        let node = try #require(a.captures.first)
        let request = CaptureRequest(size: .exact(Dimensions(width: 640, height: 480)), format: .list(["RGGB"]))
        let c = try #require(Negotiator.decide(request, for: node).choice)
        return (CameraEmitInput(choice: c, cameraName: a.name), try SensorPipelineSetup.make(c, sensor: try #require(a.sensor)).get())
    }

    @Test func theNamesAndWhatEachEmitsFor() {
        #expect(EmitterRegistry.names() == ["ffmpeg", "gst", "gst-caps", "v4l2-ctl", "media-ctl", "cam", "gst-libcamera", "gst-pipewire"])
        #expect(EmitterRegistry.all.filter { $0 is any MicrophoneCommandEmitter }.map(\.name) == ["ffmpeg", "gst", "gst-caps"])
        #expect(EmitterRegistry.all.filter { $0 is any TogetherCommandEmitter }.map(\.name) == ["ffmpeg", "gst", "gst-caps", "v4l2-ctl"])
        #expect(EmitterRegistry.all.allSatisfy { $0 is any CameraCommandEmitter })
        #expect(Set(EmitterRegistry.names()).count == EmitterRegistry.all.count, "one name, one tool")
        #expect(EmitterRegistry.all.allSatisfy { $0.name == $0.name.lowercased() && !$0.summary.isEmpty })
        #expect(EmitterRegistry.named("FFmpeg")?.name == "ffmpeg" && EmitterRegistry.named("ffmpg") == nil)
    }

    @Test func theRefusalsAreTheCLIsMessages() {
        #expect(
            EmitterRegistry.microphoneRefusal("v4l2-ctl").message
                == "--emit v4l2-ctl is for cameras; a microphone has --emit ffmpeg, gst or gst-caps")
        #expect(
            EmitterRegistry.togetherRefusal("Cam").message
                == "--emit 'Cam' with --together: one of ffmpeg, gst, gst-caps, v4l2-ctl (a command per camera)")
    }

    @Test func aCameraWithoutAPipeline() throws {
        var camera = try ToyEmitterTests.camera()
        let c = camera.choice
        func emit(_ name: String) throws -> Result<EmittedCommand, EmitRefusal> {
            EmitterRegistry.camera(try Self.tool(name), camera, pipeline: nil)
        }
        #expect(
            try emit("ffmpeg").get()
                == EmittedCommand(try FFmpegCommandEmitter().command(c, device: camera.node).get(), notes: ["no by-id link"]))
        #expect(
            try emit("gst").get()
                == EmittedCommand(try GstLaunchCommandEmitter().command(c, device: camera.node).get(), notes: ["no by-id link"]))
        #expect(try emit("gst-caps").get() == EmittedCommand("image/jpeg,width=1920,height=1080,framerate=30/1"))
        #expect(
            try emit("v4l2-ctl").get() == EmittedCommand(V4L2CtlCommandEmitter().command(c, device: camera.node), notes: ["no by-id link"]))
        #expect(throws: EmitRefusal("HD Webcam C525 is not a media-controller camera")) { try emit("media-ctl").get() }
        #expect(throws: EmitRefusal("libcamera's id for HD Webcam C525 is not known (only media-controller sensors have one)")) {
            try emit("cam").get()
        }
        #expect(throws: EmitRefusal("libcamera's id or GStreamer caps for this choice are not known")) { try emit("gst-libcamera").get() }
        camera.pipeWireNode = { .failure(EmitRefusal("PipeWire view off (--no-pipewire)")) }
        #expect(throws: EmitRefusal("PipeWire view off (--no-pipewire)")) { try emit("gst-pipewire").get() }
        camera.nodeNote = nil
        #expect(try emit("ffmpeg").get().notes.isEmpty)
    }

    @Test func aMediaControllerCameraGetsItsPipeline() throws {
        var (camera, setup) = try Self.sensor()
        func emit(_ name: String) throws -> Result<EmittedCommand, EmitRefusal> {
            EmitterRegistry.camera(try Self.tool(name), camera, pipeline: setup)
        }
        #expect(try emit("media-ctl").get() == EmittedCommand(setup.commands.joined(separator: " && ")))
        #expect(try emit("v4l2-ctl").get() == EmittedCommand(setup.commands.dropFirst().joined(separator: " && ")))
        #expect(throws: EmitRefusal("ffmpeg has no v4l2 input format for RGGB")) { try emit("ffmpeg").get() }
        #expect(throws: EmitRefusal("libcamera's id for Sensor A is not known (only media-controller sensors have one)")) {
            try emit("cam").get()
        }
        #expect(throws: EmitRefusal("libcamera's id or GStreamer caps for this choice are not known")) { try emit("gst-libcamera").get() }
        setup.libcamera = "cam -c 'platform/vimc.0 Sensor A'"
        setup.gstreamer = "gst-launch-1.0 libcamerasrc"
        camera.nodeNote = "not said beside a pipeline's commands"
        #expect(try emit("cam").get() == EmittedCommand("cam -c 'platform/vimc.0 Sensor A'"))
        #expect(try emit("gst-libcamera").get() == EmittedCommand("gst-launch-1.0 libcamerasrc"))
        #expect(try emit("v4l2-ctl").get().notes.isEmpty)
    }

    @Test func aMicrophone() throws {
        let c = try ToyEmitterTests.microphone()
        let note = try #require(FFmpegCommandEmitter().pcmNote(c))
        #expect(try EmitterRegistry.microphone(try Self.tool("ffmpeg"), c).get().notes == [note])
        #expect(try EmitterRegistry.microphone(try Self.tool("gst"), c).get().notes == [note])
        #expect(
            try EmitterRegistry.microphone(try Self.tool("gst-caps"), c).get()
                == EmittedCommand(try GstCapsCommandEmitter().caps(c).get()))
        #expect(throws: EmitRefusal("--emit cam is for cameras; a microphone has --emit ffmpeg, gst or gst-caps")) {
            try EmitterRegistry.microphone(try Self.tool("cam"), c).get()
        }
    }

    @Test func eachCameraOfAPlanItsOwnFile() throws {
        let c = try ToyEmitterTests.camera().choice
        #expect(
            try EmitterRegistry.together(try Self.tool("ffmpeg"), c, index: 2).get()
                == "ffmpeg -f v4l2 -input_format mjpeg -video_size 1920x1080 -framerate 30/1 -i /dev/video0 -c copy out-2.mkv")
        #expect(try EmitterRegistry.together(try Self.tool("gst"), c, index: 2).get() == GstLaunchCommandEmitter().command(c).get())
        #expect(try EmitterRegistry.together(try Self.tool("v4l2-ctl"), c, index: 2).get() == V4L2CtlCommandEmitter().command(c))
        #expect(throws: EmitRefusal("--emit 'media-ctl' with --together: one of ffmpeg, gst, gst-caps, v4l2-ctl (a command per camera)")) {
            try EmitterRegistry.together(try Self.tool("media-ctl"), c, index: 0).get()
        }
    }
}
