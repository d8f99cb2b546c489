import CaptureModel
import SensorPipelines

/// What a choice on a media-controller camera means for its pipeline: the
/// sensor code, the format of every pad of the connected graph, the capture
/// node formats, and the commands that set them with other tools.
package struct SensorPipelineSetup: Sendable, Hashable, Codable {
    /// The sensor's media-bus code for the chosen pixel format.
    package var sensorCode: MediaBusCode
    package var plan: PipelinePlan
    /// The capture node the choice streams from, with its pixel format.
    package var capturePath: String
    package var fourcc: FourCC
    package var size: Dimensions
    /// `V4L2_CID_VBLANK` for the chosen rate, when the sensor takes its rate from blanking (`SensorTiming`).
    package var vblank: Int64?
    /// Other capture nodes of the connected graph: the pixel format each must be set to for the links into them to agree.
    package var otherCaptures: [OtherCapture]
    /// `media-ctl -d /dev/media0 -V '…'` then `v4l2-ctl -d /dev/videoN --set-fmt-video=…`, in order.
    package var commands: [String]
    /// `cam -c ID -s width=…,height=…,pixelformat=… -C 10`, when libcamera's id for the sensor is known.
    package var libcamera: String?
    /// `gst-launch-1.0 libcamerasrc camera-name=ID ! video/x-raw,… ! …`, when the id and caps are known: a tool's
    /// command, so not made here; the command line sets it (`GstLibcameraCommandEmitter.command(_:cameraID:)`).
    package var gstreamer: String?

    package struct OtherCapture: Sendable, Hashable, Codable {
        package var path: String
        package var fourcc: FourCC?
        package var size: Dimensions
    }

    /// The setup for `choice` (a pixel format and size on one of `sensor`'s output nodes); nil when the node is not
    /// one of the sensor's outputs or the format did not come from the sensor.
    package static func make(_ choice: Choice, sensor: SensorCamera) -> Result<SensorPipelineSetup, PipelinePlanError> {
        guard let output = sensor.output(at: choice.path), let format = output.format(for: choice.fourcc) else {
            return .failure(PipelinePlanError(message: "\(choice.path) \(choice.fourcc) is not an output of sensor \(sensor.entity)"))
        }
        let planned = PipelinePlan.plan(
            sensor: sensor.entity, code: format.sensorCode, size: choice.size, graph: sensor.graph, pads: sensor.padModes)
        guard case .success(var plan) = planned else {
            if case .failure(let e) = planned { return .failure(e) }
            return .failure(PipelinePlanError(message: "no plan"))
        }
        // Capture nodes reached that are not picture outputs (a receiver's embedded-data node) are left alone,
        // with the pads that feed only them.
        let outputs = Set(sensor.outputs.compactMap(\.capturePath))
        let skipped = Set(plan.captures.filter { $0.path.map { !outputs.contains($0) } ?? true }.map(\.entity))
        if !skipped.isEmpty {
            let feeding = Set(
                sensor.graph.links.filter { $0.kind == .data && $0.isEnabled }.compactMap { l -> PadRef? in
                    guard let (a, b) = PipelineDiagnosis.refs(l, sensor.graph), skipped.contains(b.entity) else { return nil }
                    return a
                })
            plan.pads.removeAll { feeding.contains($0.pad) }
            plan.captures.removeAll { skipped.contains($0.entity) }
        }
        let others = plan.captures.compactMap { c -> OtherCapture? in
            guard let path = c.path, path != choice.path else { return nil }
            return OtherCapture(path: path, fourcc: MediaBusPixelFormats.fourccs(for: c.code).first, size: c.size)
        }
        let device = sensor.mediaDeviceName
        var commands = ["media-ctl -d \(device) -V '" + plan.pads.map(\.description).joined(separator: ", ") + "'"]
        func v4l2ctl(_ path: String, _ f: FourCC?, _ s: Dimensions) -> String {
            "v4l2-ctl -d \(path) --set-fmt-video=width=\(s.width),height=\(s.height)"
                + (f.map { ",pixelformat=" + $0.name } ?? "")
        }
        var vblank: Int64?
        if let t = sensor.timing, let iv = choice.frameInterval?.interval,
            let v = t.vblank(for: iv, width: choice.size.width, height: choice.size.height)
        {
            vblank = v
            if let node = sensor.subdevPath { commands.append("v4l2-ctl -d \(node) -c vertical_blanking=\(v)") }
        }
        commands += others.map { v4l2ctl($0.path, $0.fourcc, $0.size) }
        commands.append(v4l2ctl(choice.path, choice.fourcc, choice.size))
        var setup = SensorPipelineSetup(
            sensorCode: format.sensorCode, plan: plan, capturePath: choice.path, fourcc: choice.fourcc, size: choice.size,
            vblank: vblank, otherCaptures: others, commands: commands)
        if let id = sensor.libcameraID {
            let pf = libcameraNames[choice.fourcc.name].map { ",pixelformat=\($0)" } ?? ""
            setup.libcamera = "cam -c '\(id)' -s width=\(choice.size.width),height=\(choice.size.height)\(pf) -C 10"
        }
        return .success(setup)
    }

    /// libcamera's pixel format names (DRM fourcc order) for V4L2 fourccs.
    static let libcameraNames: [String: String] = [
        "RGB3": "BGR888", "BGR3": "RGB888", "BA24": "ARGB8888", "YUYV": "YUYV", "UYVY": "UYVY", "NV12": "NV12", "NV21": "NV21",
        "YU12": "YUV420", "MJPG": "MJPEG", "BA81": "SBGGR8", "GBRG": "SGBRG8", "GRBG": "SGRBG8", "RGGB": "SRGGB8",
        "BG10": "SBGGR10", "GB10": "SGBRG10", "BA10": "SGRBG10", "RG10": "SRGGB10", "pBAA": "SBGGR10_CSI2P",
        "pGAA": "SGBRG10_CSI2P", "pgAA": "SGRBG10_CSI2P", "pRAA": "SRGGB10_CSI2P", "BG12": "SBGGR12", "GB12": "SGBRG12",
        "BA12": "SGRBG12", "RG12": "SRGGB12",
    ]
}
