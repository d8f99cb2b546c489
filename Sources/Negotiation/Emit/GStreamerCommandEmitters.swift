import CaptureModel

/// `--emit gst`: `gst-launch-1.0` with v4l2src for a camera (`Emitters.gstLaunch`), alsasrc for a microphone
/// (`AudioEmitters.gstLaunch`).
package struct GstLaunchCommandEmitter: CameraCommandEmitter, MicrophoneCommandEmitter, TogetherCommandEmitter {
    package init() {}
    package var name: String { "gst" }
    package var summary: String { "gst-launch-1.0 with v4l2src, or alsasrc" }
    /// `negotiate --json` names the command by its program.
    package var jsonKey: String { "gst-launch" }

    package func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        EmittedCommand.from(Emitters.gstLaunch(camera.choice, device: camera.node), notes: [camera.nodeNote])
    }

    package func microphone(_ choice: AudioChoice) -> Result<EmittedCommand, EmitRefusal> {
        EmittedCommand.from(AudioEmitters.gstLaunch(choice), notes: [AudioEmitters.pcmNote(choice)])
    }

    package func together(_ choice: Choice, index: Int) -> Result<String, EmitRefusal> {
        EmittedCommand.from(Emitters.gstLaunch(choice, device: choice.path)).map(\.line)
    }
}

/// `--emit gst-caps`: the GStreamer caps alone (`Emitters.gstCapsString`, `AudioEmitters.gstCapsString`); they name
/// no node or PCM, so no note goes with them.
package struct GstCapsCommandEmitter: CameraCommandEmitter, MicrophoneCommandEmitter, TogetherCommandEmitter {
    package init() {}
    package var name: String { "gst-caps" }
    package var summary: String { "the GStreamer caps alone" }

    package func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        EmittedCommand.from(Emitters.gstCapsString(camera.choice))
    }

    package func microphone(_ choice: AudioChoice) -> Result<EmittedCommand, EmitRefusal> {
        EmittedCommand.from(AudioEmitters.gstCapsString(choice))
    }

    package func together(_ choice: Choice, index: Int) -> Result<String, EmitRefusal> {
        EmittedCommand.from(Emitters.gstCapsString(choice)).map(\.line)
    }
}
