import CaptureModel
import SensorPipelines

extension Choice {
    /// The mode this choice sets, as `CaptureDevice.apply` takes it: node, format,
    /// size and the exact rate (the reciprocal of `frameInterval`).
    public var mode: CaptureMode {
        CaptureMode(
            path: path, bufferType: bufferType, fourcc: fourcc, size: size,
            frameRate: frameInterval.flatMap { $0.interval.isValid ? $0.interval.reciprocal : nil }, isEmulated: isEmulated)
    }

    /// A choice that is just `mode` on node `path` (no ranking facts), for setting a mode the caller picked.
    init(mode: CaptureMode, path: String) {
        self.init(
            path: path, bufferType: mode.bufferType, fourcc: mode.fourcc, formatDescription: "", size: mode.size,
            frameInterval: mode.frameInterval, fastestInterval: nil, slowestInterval: nil, isCompressed: false,
            isEmulated: mode.isEmulated, bytesPerSecond: nil, warnings: [])
    }
}

extension SensorPipelineSetup {
    /// The setup for `mode` on capture node `path` of `sensor`: `make(_:sensor:)` for a mode the caller picked.
    package static func make(_ mode: CaptureMode, path: String, sensor: SensorCamera) -> Result<SensorPipelineSetup, PipelinePlanError> {
        make(Choice(mode: mode, path: mode.path ?? path), sensor: sensor)
    }
}
