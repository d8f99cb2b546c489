import CaptureModel
import Negotiation

/// `--emit v4l2-ctl`: the capture node's format and rate; on a media-controller camera the v4l2-ctl commands of its
/// pipeline (the sensor's blanking, every capture node of the graph), without media-ctl.
package struct V4L2CtlCommandEmitter: CameraCommandEmitter, TogetherCommandEmitter {
    package init() {}
    package var name: String { "v4l2-ctl" }
    package var summary: String { "v4l2-ctl setting the format and rate (each node's, on a media-controller camera)" }

    package func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        .success(EmittedCommand(command(camera.choice, device: camera.node), notes: camera.nodeNote.map { [$0] } ?? []))
    }

    /// The pipeline's commands after media-ctl's, joined with `&&`; they name the nodes by `/dev/videoN`, so no note.
    package func sensorPipeline(_ setup: SensorPipelineSetup, _ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        .success(EmittedCommand(setup.commands.dropFirst().joined(separator: " && ")))
    }

    package func together(_ choice: Choice, index: Int) -> Result<String, EmitRefusal> {
        .success(command(choice, device: choice.path))
    }

    /// `v4l2-ctl -d /dev/video0 --set-fmt-video=width=1920,height=1080,pixelformat=MJPG --set-parm=30`; `device` as in
    /// `FFmpegCommandEmitter.command(_:device:)`.
    package func command(_ c: Choice, device: String? = nil) -> String {
        var s =
            "v4l2-ctl -d \(shellWord(device ?? c.path)) --set-fmt-video=width=\(c.size.width),height=\(c.size.height),pixelformat=\(code(c))"
        if let fps = c.nominalFrameRate?.doubleValue { s += " --set-parm=\(formatFPS(fps))" }
        return s
    }
}
