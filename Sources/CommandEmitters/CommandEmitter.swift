import CaptureModel
import Negotiation

/// A tool `camprobe negotiate --emit NAME` prints a command line for. A new tool is one type conforming to this
/// (and to what it can emit, below) and one line in `EmitterRegistry.all`: the CLI's `--emit` choices, completion,
/// help and refusals are read from that list.
///
/// What a tool can emit is what it conforms to: `CameraCommandEmitter` (one camera's choice, and the pipeline of a
/// media-controller camera), `MicrophoneCommandEmitter` (a microphone's choice), `TogetherCommandEmitter` (one
/// command per camera of several planned together). A tool asked for what it does not conform to is refused with
/// `EmitterRegistry`' message naming the tools that can.
package protocol CommandEmitter: Sendable {
    /// What `--emit` takes (`ffmpeg`), in lower case: the CLI matches it in any case.
    var name: String { get }
    /// One line for `--help`: the command it prints (`gst-launch-1.0 with v4l2src or alsasrc`).
    var summary: String { get }
    /// Its key in `negotiate --json`'s `commands` object, for a camera and a microphone alike; by default its `name`.
    var jsonKey: String { get }
}

extension CommandEmitter {
    package var jsonKey: String { name }
}

/// A tool with a command for one camera's choice.
package protocol CameraCommandEmitter: CommandEmitter {
    /// The command for `camera`'s choice on a V4L2 node, or why there is none.
    func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal>
    /// The command for a choice on a media-controller camera, given the pipeline it needs (`SensorPipelineSetup`);
    /// by default `camera(_:)`, the capture node's command.
    func sensorPipeline(_ setup: SensorPipelineSetup, _ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal>
    /// Which of its commands `negotiate --json` writes under `jsonKey` (`EmitterRegistry.jsonCommands`); by default
    /// the capture node's (`.node`).
    var jsonScope: JSONCommandScope { get }
}

/// Which command of a camera tool `negotiate --json` writes in its `commands` object.
package enum JSONCommandScope: Sendable {
    /// The capture node's command (`camera(_:)`), for every camera with a choice, media-controller ones too.
    case node
    /// The pipeline's command (`sensorPipeline(_:_:)`), only for a media-controller camera.
    case pipeline
    /// None: the tool needs more than the choice (a daemon's answer), which `--json` does not ask.
    case none
}

extension CameraCommandEmitter {
    package func sensorPipeline(_ setup: SensorPipelineSetup, _ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        self.camera(camera)
    }
    package var jsonScope: JSONCommandScope { .node }
}

/// A tool with a command for a microphone's choice (an ALSA capture PCM).
package protocol MicrophoneCommandEmitter: CommandEmitter {
    /// The command for `choice`, or why there is none (the tool cannot open its sample format).
    func microphone(_ choice: AudioChoice) -> Result<EmittedCommand, EmitRefusal>
}

/// A tool with a command for each camera of several planned together (`negotiate --together … --emit NAME`).
package protocol TogetherCommandEmitter: CommandEmitter {
    /// The command for camera `index` of the plan (each its own output file), naming its node by `choice.path`.
    func together(_ choice: Choice, index: Int) -> Result<String, EmitRefusal>
}
