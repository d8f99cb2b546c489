import CaptureModel
import CommandEmitters
import Negotiation
import Testing

/// A new `negotiate --emit` tool is one type and one line in `EmitterRegistry.all`. This toy is that type (a
/// recorder with a command for a camera and for a microphone); the tests hand the registry plus the toy to the
/// lookups, as the one registry line would, and the toy is then found by name, emits for both, and is named in the
/// refusals beside the shipped tools.
struct ToyRecEmitter: CameraCommandEmitter, MicrophoneCommandEmitter {
    var name: String { "toyrec" }
    var summary: String { "toyrec, which records anything" }

    func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        .success(EmittedCommand("toyrec --video \(camera.node) --size \(camera.choice.size)", notes: camera.nodeNote.map { [$0] } ?? []))
    }

    func microphone(_ choice: AudioChoice) -> Result<EmittedCommand, EmitRefusal> {
        .success(EmittedCommand("toyrec --audio \(choice.pcm) --rate \(choice.rate)"))
    }
}

/// A tool with a command for a microphone only.
struct ToyMicEmitter: MicrophoneCommandEmitter {
    var name: String { "toymic" }
    var summary: String { "toymic" }
    func microphone(_ choice: AudioChoice) -> Result<EmittedCommand, EmitRefusal> { .success(EmittedCommand("toymic \(choice.pcm)")) }
}

@Suite("A new --emit tool is one type and one registry line")
struct ToyEmitterTests {
    static let registry: [any CommandEmitter] = EmitterRegistry.all + [ToyRecEmitter()]

    static func camera() throws -> CameraEmitInput {
        let d = try EmitFixtures.c525()
        let node = try #require(d.captures.first)
        let request = CaptureRequest(size: .exact(Dimensions(width: 1920, height: 1080)), rate: .exact(Rational(30, 1)))
        let c = try #require(Negotiator.decide(request, for: node, transport: d.transport, controls: node.controls).choice)
        return CameraEmitInput(choice: c, node: "/dev/v4l/by-path/toy", nodeNote: "no by-id link", cameraName: d.name)
    }

    static func microphone() throws -> AudioChoice {
        try #require(AudioNegotiator.decide(AudioRequest(rate: 48000, channels: 2), cards: [EmitFixtures.loopback]).choice)
    }

    @Test func theToyIsFoundByNameOnlyWhenRegistered() throws {
        #expect(EmitterRegistry.named("toyrec", among: Self.registry)?.name == "toyrec")
        #expect(EmitterRegistry.named("ToyRec", among: Self.registry)?.name == "toyrec", "any case, as --emit FFmpeg")
        #expect(EmitterRegistry.named("toyrec") == nil, "without its line the shipped registry does not know it")
        #expect(EmitterRegistry.names(among: Self.registry) == EmitterRegistry.names() + ["toyrec"])
        #expect(EmitterRegistry.help(ToyRecEmitter()) == "toyrec, which records anything; also for a microphone")
    }

    @Test func theToyEmitsForACamera() throws {
        let toy = try #require(EmitterRegistry.named("toyrec", among: Self.registry))
        let command = try EmitterRegistry.camera(toy, try Self.camera(), pipeline: nil, among: Self.registry).get()
        #expect(command == EmittedCommand("toyrec --video /dev/v4l/by-path/toy --size 1920x1080", notes: ["no by-id link"]))
    }

    /// `negotiate --json`'s `commands` come from the registry: the registered toy is there under its name, beside the
    /// shipped camera tools (gst-launch under its program's name; the pipeline tools only for a media-controller
    /// camera; gst-pipewire, which asks a daemon, never), and the shipped registry has no toy.
    @Test func theToyIsInNegotiateJSONsCommandsOnceRegistered() throws {
        let camera = try Self.camera()
        let commands = EmitterRegistry.jsonCommands(camera, pipeline: nil, among: Self.registry)
        #expect(commands["toyrec"] == "toyrec --video /dev/v4l/by-path/toy --size 1920x1080")
        #expect(commands.keys.sorted() == ["ffmpeg", "gst-caps", "gst-launch", "toyrec", "v4l2-ctl"])
        #expect(EmitterRegistry.jsonCommands(camera, pipeline: nil)["toyrec"] == nil)
        #expect(EmitterRegistry.jsonCommands(nil, pipeline: nil, among: Self.registry).isEmpty, "no choice, no commands")
    }

    @Test func theToyEmitsForAMicrophone() throws {
        let toy = try #require(EmitterRegistry.named("toyrec", among: Self.registry))
        let command = try EmitterRegistry.microphone(toy, try Self.microphone(), among: Self.registry).get()
        #expect(command == EmittedCommand("toyrec --audio hw:CARD=Loopback,DEV=1 --rate 48000"))
    }

    /// A microphone's `negotiate --json` commands come from the registry too: the toy under its key beside the shipped
    /// microphone tools (gst under `gst-launch`, as for a camera), and none without a choice.
    @Test func theToyIsInAMicrophonesJSONCommandsOnceRegistered() throws {
        let choice = try Self.microphone()
        let commands = EmitterRegistry.jsonCommands(choice, among: Self.registry)
        #expect(commands["toyrec"] == "toyrec --audio hw:CARD=Loopback,DEV=1 --rate 48000")
        #expect(commands.keys.sorted() == ["ffmpeg", "gst-caps", "gst-launch", "toyrec"])
        #expect(EmitterRegistry.jsonCommands(choice)["toyrec"] == nil)
        #expect(EmitterRegistry.jsonCommands(nil as AudioChoice?, among: Self.registry).isEmpty, "no choice, no commands")
    }

    @Test func theRefusalsNameTheToyOnceItIsRegistered() throws {
        #expect(
            EmitterRegistry.microphoneRefusal("v4l2-ctl", among: Self.registry).message
                == "--emit v4l2-ctl is for cameras; a microphone has --emit ffmpeg, gst, gst-caps or toyrec")
        // The toy has no command per camera of a plan: refused as the shipped camera-only tools are.
        let refused = EmitterRegistry.together(ToyRecEmitter(), try Self.camera().choice, index: 0, among: Self.registry)
        #expect(throws: EmitRefusal("--emit 'toyrec' with --together: one of ffmpeg, gst, gst-caps, v4l2-ctl (a command per camera)")) {
            try refused.get()
        }
    }

    @Test func aToolWithoutACameraCommandIsRefusedForACamera() throws {
        let registry = EmitterRegistry.all + [ToyMicEmitter()]
        let refused = EmitterRegistry.camera(ToyMicEmitter(), try Self.camera(), pipeline: nil, among: registry)
        #expect(
            throws: EmitRefusal(
                "--emit toymic has no command for a camera; a camera has --emit ffmpeg, gst, gst-caps, v4l2-ctl, media-ctl, cam, "
                    + "gst-libcamera or gst-pipewire")
        ) { try refused.get() }
        #expect(EmitterRegistry.help(ToyMicEmitter()) == "toymic; for a microphone only")
        #expect(
            try EmitterRegistry.microphone(ToyMicEmitter(), try Self.microphone(), among: registry).get().line
                == "toymic hw:CARD=Loopback,DEV=1")
    }
}
