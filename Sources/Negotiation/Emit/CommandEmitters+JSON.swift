import CaptureModel

/// The `commands` object of `negotiate --json`: the registry's camera tools, each under its `jsonKey`.
extension CommandEmitters {
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
}
