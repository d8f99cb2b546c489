import CaptureModel
import Negotiation

/// The `commands` object of `negotiate --json`: the registry's tools, each under its `jsonKey`.
extension EmitterRegistry {
    /// Each camera tool's command for `camera` under its `jsonKey`: the capture node's for a `.node` tool, the
    /// pipeline's for a `.pipeline` tool when `pipeline` is given (a media-controller camera). A tool that refuses the
    /// choice, or whose scope is `.none`, has no key; no `camera` (no choice), no keys.
    package static func jsonCommands(
        _ camera: CameraEmitInput?, pipeline: SensorPipelineSetup?, among emitters: [any CommandEmitter] = all
    ) -> [String: String] {
        guard let camera else { return [:] }
        var commands: [String: String] = [:]
        for case let e as any CameraCommandEmitter in emitters {
            let command: Result<EmittedCommand, EmitRefusal>
            switch e.jsonScope {
            case .node: command = e.camera(camera)
            case .pipeline:
                guard let pipeline else { continue }
                command = e.sensorPipeline(pipeline, camera)
            case .none: continue
            }
            if case .success(let c) = command { commands[e.jsonKey] = c.line }
        }
        return commands
    }

    /// Each microphone tool's command for `choice` under its `jsonKey` (the same keys a camera's have); a tool that
    /// refuses the choice has no key; no `choice`, no keys.
    package static func jsonCommands(_ choice: AudioChoice?, among emitters: [any CommandEmitter] = all) -> [String: String] {
        guard let choice else { return [:] }
        var commands: [String: String] = [:]
        for case let e as any MicrophoneCommandEmitter in emitters {
            if case .success(let c) = e.microphone(choice) { commands[e.jsonKey] = c.line }
        }
        return commands
    }
}
