import CaptureModel

/// `--emit gst-pipewire`: pipewiresrc on the PipeWire node that stands for the chosen V4L2 node, when the node
/// offers the choice (`PipeWireEmitter.gstLaunch`); else why not (no daemon, no node for it, the mode not offered).
package struct GstPipeWireCommandEmitter: CameraCommandEmitter {
    package init() {}
    package var name: String { "gst-pipewire" }
    package var summary: String { "gst-launch-1.0 with pipewiresrc on the camera's PipeWire node" }
    /// Not in `negotiate --json`: it needs the PipeWire daemon's answer, which `--json` does not ask.
    package var jsonScope: JSONCommandScope { .none }

    /// A sensor's choice too: the PipeWire node stands for the capture node either way.
    package func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        camera.pipeWireNode().flatMap { EmittedCommand.from(PipeWireEmitter.gstLaunch(camera.choice, node: $0)) }
    }
}
