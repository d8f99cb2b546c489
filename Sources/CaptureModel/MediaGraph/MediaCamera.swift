/// A media-controller camera as a recorder reads it (`Device.mediaCamera`): on Raspberry Pi (unicam), Rockchip,
/// NXP i.MX, Intel IPU6 or vimc, the `/dev/videoN` a recorder streams from is a DMA engine at the end of a
/// pipeline, and the camera is a sensor entity of a media graph. This says which sensor, on which media
/// device, reached through which pads with which formats now, and how its frame rate is known.
///
/// Values read once when the device was listed: the graph with `MEDIA_IOC_G_TOPOLOGY`, the controller with
/// `MEDIA_IOC_DEVICE_INFO`, the pad formats with `VIDIOC_SUBDEV_G_FMT` (`V4L2_SUBDEV_FORMAT_ACTIVE`).
/// What `CaptureDevice.apply` then sets on the pipeline is in `AppliedConfiguration.pipeline`.
public struct MediaCamera: Sendable, Hashable, Codable {
    /// The media controller's node (`/dev/media0`), the one asked `MEDIA_IOC_DEVICE_INFO` and `MEDIA_IOC_G_TOPOLOGY`;
    /// its bus info when the node is not known (a profile imported from text).
    public var mediaDevice: String
    /// `media_device_info.driver` (`MEDIA_IOC_DEVICE_INFO`): `vimc`, `unicam`, `rkisp1`.
    public var driver: String
    /// `media_device_info.model`: `VIMC MDEV`.
    public var model: String
    /// `media_device_info.bus_info`: `platform:vimc`.
    public var busInfo: String
    /// The sensor entity's name (`media_v2_entity.name`, function `MEDIA_ENT_F_CAM_SENSOR`), as `media-ctl`
    /// addresses it: `Sensor A`, `imx708 10-001a`.
    public var sensorEntity: String
    /// The sensor entity's id (`media_v2_entity.id`): unique within the graph, not across boots; nil when the
    /// graph does not have it (an import).
    public var sensorEntityID: UInt32?
    /// The sensor's subdevice node (`/dev/v4l-subdev0`): the `MEDIA_INTF_T_V4L_SUBDEV` interface linked to the
    /// entity in `MEDIA_IOC_G_TOPOLOGY`, its `major:minor` resolved through `/sys/dev/char`; nil without one.
    public var sensorSubdevice: String?
    /// The capture nodes (`/dev/video0`) the sensor reaches over enabled links: where its frames can be streamed.
    public var captureNodes: [String]
    /// Every pad on the sensor's enabled data paths, in data order from the sensor's source pad to each capture
    /// node's sink pad (a pad shared by two paths once), with the format active on it when it was read
    /// (`VIDIOC_SUBDEV_G_FMT`). The kernel validates these links at `VIDIOC_STREAMON` (`EPIPE` when two ends
    /// disagree); `Device.problems` names any that disagree (kind `pipeline-mismatch`).
    public var pipeline: [MediaPadFormat]
    /// How the sensor's frame rate is known.
    public var rateEvidence: RateEvidence
    /// The same in words, with the numbers: "computed from PIXEL_RATE …", "the sensor lists its frame intervals …".
    public var rateExplanation: String

    /// How a sensor's frame rate is known.
    public enum RateEvidence: Sendable, Hashable, Codable {
        /// The sensor lists its frame intervals (`VIDIOC_SUBDEV_ENUM_FRAME_INTERVAL` on its source pad).
        case intervals
        /// From the sensor's timing controls, read with `VIDIOC_G_EXT_CTRLS` on its subdevice:
        /// `V4L2_CID_PIXEL_RATE` (pixels per second), `V4L2_CID_HBLANK` (pixels) and `V4L2_CID_VBLANK` (lines,
        /// with its range from `VIDIOC_QUERY_EXT_CTRL`): frame interval = (width + hblank) × (height + vblank) / pixelRate.
        case blanking(pixelRate: Int64, hblank: Int64, vblank: Int64, vblankMinimum: Int64, vblankMaximum: Int64)
        /// Neither: no intervals and no (or unread) timing controls; `camprobe verify` measures the delivered rate.
        case unknown
    }

    public init(
        mediaDevice: String, driver: String, model: String, busInfo: String, sensorEntity: String, sensorEntityID: UInt32?,
        sensorSubdevice: String?, captureNodes: [String], pipeline: [MediaPadFormat], rateEvidence: RateEvidence,
        rateExplanation: String
    ) {
        self.mediaDevice = mediaDevice
        self.driver = driver
        self.model = model
        self.busInfo = busInfo
        self.sensorEntity = sensorEntity
        self.sensorEntityID = sensorEntityID
        self.sensorSubdevice = sensorSubdevice
        self.captureNodes = captureNodes
        self.pipeline = pipeline
        self.rateEvidence = rateEvidence
        self.rateExplanation = rateExplanation
    }
}

extension MediaCamera {
    /// The public description of what discovery read about a sensor.
    package init(_ sensor: SensorCamera) {
        let graph = sensor.graph
        let formats = sensor.padModes
        var pads: [MediaPadFormat] = []
        var seen = Set<PadRef>()
        for hop in sensor.outputs.flatMap(\.route.hops) {
            let ref = PadRef(entity: hop.entityName, pad: hop.padIndex)
            guard seen.insert(ref).inserted else { continue }
            let active = hop.entityName == sensor.entity && hop.padIndex == sensor.source.pad ? sensor.source.active : formats[ref]?.active
            let direction: Bool? = hop.direction == .unknown ? nil : hop.direction == .source
            pads.append(MediaPadFormat(ref, entityID: hop.entityID, isSource: direction, format: active))
        }
        let evidence: RateEvidence
        if sensor.source.codes.contains(where: { $0.sizes.contains { !$0.intervals.isEmpty } }) {
            evidence = .intervals
        } else if let t = sensor.timing {
            evidence = .blanking(
                pixelRate: t.pixelRate, hblank: t.hblank, vblank: t.vblank, vblankMinimum: t.vblankMinimum, vblankMaximum: t.vblankMaximum)
        } else {
            evidence = .unknown
        }
        self.init(
            mediaDevice: sensor.mediaDeviceName, driver: sensor.controller.driver, model: sensor.controller.model,
            busInfo: sensor.controller.busInfo, sensorEntity: sensor.entity, sensorEntityID: graph.entity(named: sensor.entity)?.id,
            sensorSubdevice: sensor.subdevPath, captureNodes: sensor.outputs.compactMap(\.capturePath), pipeline: pads,
            rateEvidence: evidence, rateExplanation: sensor.rateEvidence)
    }
}
