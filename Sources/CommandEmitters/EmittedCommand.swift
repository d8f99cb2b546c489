import CaptureModel
import Negotiation

/// A command line for another tool, and the notes to say beside it (the CLI writes them to standard error).
package struct EmittedCommand: Sendable, Hashable {
    /// The command, one line, to copy whole.
    package var line: String
    /// What the user should know about the command (the node's name can change across reboots…).
    package var notes: [String]

    package init(_ line: String, notes: [String] = []) {
        self.line = line
        self.notes = notes
    }
}

/// Why a tool has no command for a choice; the CLI prints `message` as the error.
package struct EmitRefusal: Error, Sendable, Hashable {
    package var message: String
    package init(_ message: String) { self.message = message }
}

/// One camera's choice, as a `CameraCommandEmitter` is given it.
package struct CameraEmitInput {
    package var choice: Choice
    /// The node as commands name it: its `/dev/v4l/by-id/…` link, else its `by-path` link, else the choice's
    /// `/dev/videoN` (`StableNodePath`).
    package var node: String
    /// Said beside a command that names `node` when it is not a by-id link (`StableNodePath.note`).
    package var nodeNote: String?
    /// The camera's name, for refusals.
    package var cameraName: String
    /// The PipeWire node that stands for `choice.path`, or why there is none; asked only by an emitter that needs
    /// it (the CLI asks the session's PipeWire daemon).
    package var pipeWireNode: () -> Result<PipeWireNode, EmitRefusal>

    package init(
        choice: Choice, node: String? = nil, nodeNote: String? = nil, cameraName: String,
        pipeWireNode: @escaping () -> Result<PipeWireNode, EmitRefusal> = { .failure(EmitRefusal("no PipeWire view")) }
    ) {
        self.choice = choice
        self.node = node ?? choice.path
        self.nodeNote = nodeNote
        self.cameraName = cameraName
        self.pipeWireNode = pipeWireNode
    }
}
