import CaptureModel
import Negotiation

/// The registry of `negotiate --emit` tools: the CLI's choices, completion, help and refusals are read from it.
/// Every lookup takes the list (`all` by default), so a test can hand it the registry plus a tool of its own.
package enum EmitterRegistry {
    /// Every tool, in the order `--help` and messages name them. A new tool is one line here.
    package static let all: [any CommandEmitter] = [
        FFmpegCommandEmitter(),
        GstLaunchCommandEmitter(),
        GstCapsCommandEmitter(),
        V4L2CtlCommandEmitter(),
        MediaCtlCommandEmitter(),
        LibcameraCamCommandEmitter(),
        GstLibcameraCommandEmitter(),
        GstPipeWireCommandEmitter(),
    ]

    /// The tool `text` names, in any case (`FFmpeg`); nil when none is.
    package static func named(_ text: String, among emitters: [any CommandEmitter] = all) -> (any CommandEmitter)? {
        let key = text.lowercased()
        return emitters.first { $0.name == key }
    }

    /// The names `--emit` takes, in order.
    package static func names(among emitters: [any CommandEmitter] = all) -> [String] { emitters.map(\.name) }

    /// A tool's line in `--help`: its summary, then what it emits for beside one camera ("; also for a microphone
    /// and with --together"), or what it emits for instead ("; for a microphone only").
    package static func help(_ emitter: any CommandEmitter) -> String {
        var scopes: [String] = []
        if emitter is any MicrophoneCommandEmitter { scopes.append("for a microphone") }
        if emitter is any TogetherCommandEmitter { scopes.append("with --together") }
        guard !scopes.isEmpty else { return emitter.summary }
        let list = scopes.joined(separator: " and ")
        return emitter.summary + (emitter is any CameraCommandEmitter ? "; also " + list : "; " + list + " only")
    }

    // MARK: What each tool is given, and the refusal of a tool that cannot do it

    /// `emitter`'s command for one camera's choice; on a media-controller camera (`pipeline` given) the pipeline's.
    package static func camera(
        _ emitter: any CommandEmitter, _ camera: CameraEmitInput, pipeline: SensorPipelineSetup?, among emitters: [any CommandEmitter] = all
    ) -> Result<EmittedCommand, EmitRefusal> {
        guard let e = emitter as? any CameraCommandEmitter else { return .failure(cameraRefusal(emitter.name, among: emitters)) }
        if let pipeline { return e.sensorPipeline(pipeline, camera) }
        return e.camera(camera)
    }

    /// `emitter`'s command for a microphone's choice.
    package static func microphone(
        _ emitter: any CommandEmitter, _ choice: AudioChoice, among emitters: [any CommandEmitter] = all
    ) -> Result<EmittedCommand, EmitRefusal> {
        guard let e = emitter as? any MicrophoneCommandEmitter else { return .failure(microphoneRefusal(emitter.name, among: emitters)) }
        return e.microphone(choice)
    }

    /// `emitter`'s command for camera `index` of several planned together.
    package static func together(
        _ emitter: any CommandEmitter, _ choice: Choice, index: Int, among emitters: [any CommandEmitter] = all
    ) -> Result<String, EmitRefusal> {
        guard let e = emitter as? any TogetherCommandEmitter else { return .failure(togetherRefusal(emitter.name, among: emitters)) }
        return e.together(choice, index: index)
    }

    /// "--emit v4l2-ctl is for cameras; a microphone has --emit ffmpeg, gst or gst-caps".
    package static func microphoneRefusal(_ name: String, among emitters: [any CommandEmitter] = all) -> EmitRefusal {
        let tools = emitters.filter { $0 is any MicrophoneCommandEmitter }.map(\.name)
        return EmitRefusal("--emit \(name) is for cameras; a microphone has --emit " + either(tools))
    }

    /// "--emit 'cam' with --together: one of ffmpeg, gst, gst-caps, v4l2-ctl (a command per camera)"; `text` as given.
    package static func togetherRefusal(_ text: String, among emitters: [any CommandEmitter] = all) -> EmitRefusal {
        let tools = emitters.filter { $0 is any TogetherCommandEmitter }.map(\.name)
        return EmitRefusal("--emit '\(text)' with --together: one of " + tools.joined(separator: ", ") + " (a command per camera)")
    }

    /// "--emit NAME has no command for a camera; a camera has --emit ffmpeg, gst, … or gst-pipewire".
    package static func cameraRefusal(_ name: String, among emitters: [any CommandEmitter] = all) -> EmitRefusal {
        let tools = emitters.filter { $0 is any CameraCommandEmitter }.map(\.name)
        return EmitRefusal("--emit \(name) has no command for a camera; a camera has --emit " + either(tools))
    }

    /// "a, b or c".
    static func either(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
