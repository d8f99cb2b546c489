import CaptureModel

/// `--emit ffmpeg`: ffmpeg's v4l2 input for a camera (`Emitters.ffmpeg`), its alsa input for a microphone
/// (`AudioEmitters.ffmpeg`), each camera its own output file under `--together`.
package struct FFmpegCommandEmitter: CameraCommandEmitter, MicrophoneCommandEmitter, TogetherCommandEmitter {
    package init() {}
    package var name: String { "ffmpeg" }
    package var summary: String { "ffmpeg -f v4l2, or -f alsa" }

    package func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        EmittedCommand.from(Emitters.ffmpeg(camera.choice, device: camera.node), notes: [camera.nodeNote])
    }

    package func microphone(_ choice: AudioChoice) -> Result<EmittedCommand, EmitRefusal> {
        EmittedCommand.from(AudioEmitters.ffmpeg(choice), notes: [AudioEmitters.pcmNote(choice)])
    }

    /// The camera's command writing `out-INDEX.mkv`.
    package func together(_ choice: Choice, index: Int) -> Result<String, EmitRefusal> {
        let (command, note) = Emitters.ffmpeg(choice, device: choice.path)
        guard let command else { return .failure(EmitRefusal(note ?? "no command for this format")) }
        return .success(command.hasSuffix(" out.mkv") ? String(command.dropLast(8)) + " out-\(index).mkv" : command)
    }
}
