import CaptureModel
import Negotiation

extension CaptureDevice {
    /// Configures the media pipeline in front of this capture node for a choice on a media-controller camera:
    /// every pad of the sensor's connected graph (`VIDIOC_SUBDEV_S_FMT`), the graph's other capture nodes
    /// (`VIDIOC_S_FMT`), then reads it all back and checks every link. Call after `lockForConfiguration`
    /// and before `commitConfiguration` (which sets this node). Runs on the device's own thread.
    /// Throws when a pad or node refuses its format, naming each.
    func configurePipeline(_ setup: SensorPipelineSetup, sensor: SensorCamera) throws(CaptureDeviceError) -> PipelineApplied {
        guard lock != nil else {
            throw CaptureDeviceError(kind: .failed, id: id, message: "lock \(name) for configuration first (lockForConfiguration)")
        }
        let done = SensorPipelineConfigurator.apply(setup, sensor: sensor, system: system)
        let failed =
            done.pads.compactMap { p in p.error.map { "\(p.asked): \($0)" } }
            + done.otherCaptures.compactMap { c in c.error.map { "\(c.path): \($0)" } }
        guard failed.isEmpty else {
            throw CaptureDeviceError(kind: .failed, id: id, message: "its pipeline refused: " + failed.joined(separator: "; "))
        }
        return done
    }
}
