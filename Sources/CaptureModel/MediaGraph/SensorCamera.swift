/// A media-controller camera: one sensor entity (`MEDIA_ENT_F_CAM_SENSOR`) of a
/// media graph, with its lens, its modes as the sensor subdevice reports them,
/// and the capture nodes it delivers frames on (the DMA engines at the end of
/// its data paths, `V4L2_CAP_IO_MC`).
///
/// The receiver's own `VIDIOC_ENUM_FMT` lists (a Pi's unicam: 51 formats, each
/// 16x16–16376x16376) are not the camera's modes: the modes come from the
/// sensor's source pad (`VIDIOC_SUBDEV_ENUM_MBUS_CODE`, `…_ENUM_FRAME_SIZE`,
/// `…_ENUM_FRAME_INTERVAL`), and the rate, when the sensor lists no intervals,
/// from `V4L2_CID_PIXEL_RATE`, `V4L2_CID_HBLANK` and `V4L2_CID_VBLANK`.
package struct SensorCamera: Sendable, Hashable, Codable {
    /// The media controller (`/dev/media0`).
    package var mediaDevice: String
    /// `MEDIA_IOC_DEVICE_INFO` of the controller.
    package var controller: MediaControllerInfo
    /// The sensor entity's name (`"Sensor A"`, `"imx708 10-001a"`), as `media-ctl` addresses it.
    package var entity: String
    /// The sensor's subdevice node (`/dev/v4l-subdev0`), when it has one.
    package var subdevPath: String?
    /// The sensor's source pad: codes, sizes, intervals, active format, crop bounds and native size.
    package var source: SubdevPadModes
    /// The sensor's timing controls, when it has all three (`PIXEL_RATE`, `HBLANK`, `VBLANK`).
    package var timing: SensorTiming?
    /// How the frame rates below were found, in words (intervals listed, computed from blanking, or unknown and why).
    package var rateEvidence: String
    /// The sensor subdevice's controls (exposure, analogue gain, test pattern, blanking…); nil when not read.
    package var controls: [Control]?
    /// Lenses (`MEDIA_ENT_F_LENS`) joined to the sensor by ancillary links: focus.
    package var lenses: [SensorLens]
    /// The capture nodes the sensor reaches over enabled links, one per data path.
    package var outputs: [SensorOutput]
    /// Capture nodes the sensor reaches only over disabled links, with the `media-ctl -l` command that enables each path.
    package var disabledRoutes: [SensorDisabledRoute]
    /// libcamera's id for this camera, as `cam -l` prints it in parentheses (`platform/vimc.0 Sensor B`), when it can be derived.
    package var libcameraID: String?
    /// The whole media graph the sensor belongs to (`MEDIA_IOC_G_TOPOLOGY`).
    package var graph: MediaGraph
    /// Every subdevice pad of the graph that could be read: codes, sizes and the active format.
    package var pads: [SubdevPadEntry]

    package init(
        mediaDevice: String, controller: MediaControllerInfo, entity: String, subdevPath: String?, source: SubdevPadModes,
        timing: SensorTiming?, rateEvidence: String, controls: [Control]?, lenses: [SensorLens], outputs: [SensorOutput],
        disabledRoutes: [SensorDisabledRoute] = [], libcameraID: String? = nil, graph: MediaGraph, pads: [SubdevPadEntry] = []
    ) {
        self.mediaDevice = mediaDevice
        self.controller = controller
        self.entity = entity
        self.subdevPath = subdevPath
        self.source = source
        self.timing = timing
        self.rateEvidence = rateEvidence
        self.controls = controls
        self.lenses = lenses
        self.outputs = outputs
        self.disabledRoutes = disabledRoutes
        self.libcameraID = libcameraID
        self.graph = graph
        self.pads = pads
    }

    /// The pads as a dictionary.
    package var padModes: [PadRef: SubdevPadModes] { Dictionary(pads.map { ($0.pad, $0.modes) }, uniquingKeysWith: { a, _ in a }) }

    /// How `media-ctl -d` names the controller: its node, else its bus info (an import may know only that).
    package var mediaDeviceName: String {
        !graph.path.isEmpty ? graph.path : !mediaDevice.isEmpty ? mediaDevice : controller.busInfo
    }

    /// The output on capture node `path`.
    package func output(at path: String) -> SensorOutput? { outputs.first { $0.capturePath == path } }
}

/// A lens of a sensor: its entity, its subdevice node, and its controls (`focus_absolute`).
package struct SensorLens: Sendable, Hashable, Codable {
    package var entity: String
    package var subdevPath: String?
    package var controls: [Control]?
    package init(entity: String, subdevPath: String?, controls: [Control]?) {
        self.entity = entity
        self.subdevPath = subdevPath
        self.controls = controls
    }
}

/// One capture node a sensor delivers on, the enabled data path that leads
/// there, and which pixel formats arrive for which sensor codes.
package struct SensorOutput: Sendable, Hashable, Codable {
    /// The capture node (`/dev/video0`); nil when its devnode could not be resolved.
    package var capturePath: String?
    /// The capture entity's name (`"Raw Capture 0"`, `"unicam-image"`).
    package var captureEntity: String
    /// The path: sensor source pad → … → the capture entity's sink pad.
    package var route: MediaDataPath
    /// For each sensor code that can travel this path: the codes on each pad of the route and the capture node's pixel formats.
    package var formats: [SensorOutputFormat]

    package init(capturePath: String?, captureEntity: String, route: MediaDataPath, formats: [SensorOutputFormat]) {
        self.capturePath = capturePath
        self.captureEntity = captureEntity
        self.route = route
        self.formats = formats
    }

    /// The entry whose capture pixel format is `fourcc`.
    package func format(for fourcc: FourCC) -> SensorOutputFormat? { formats.first { $0.fourcc == fourcc } }
}

/// One sensor code carried along a route: the code on every pad of the route
/// (aligned with `route.hops`), and the pixel format the capture node writes.
package struct SensorOutputFormat: Sendable, Hashable, Codable {
    /// The sensor's code.
    package var sensorCode: MediaBusCode
    /// The code on each hop of the route, in order (a debayer turns `SRGGB8_1X8` into `RGB888_1X24`).
    package var padCodes: [MediaBusCode]
    /// The capture node's pixel format for the code that reaches it.
    package var fourcc: FourCC
    /// Where `fourcc` came from: `VIDIOC_ENUM_FMT` filtered by `mbus_code` on the node, or the kernel's code ↔ format table.
    package var evidence: String

    package init(sensorCode: MediaBusCode, padCodes: [MediaBusCode], fourcc: FourCC, evidence: String) {
        self.sensorCode = sensorCode
        self.padCodes = padCodes
        self.fourcc = fourcc
        self.evidence = evidence
    }

    /// The code that reaches the capture node.
    package var captureCode: MediaBusCode { padCodes.last ?? sensorCode }
}

/// A capture node a sensor would reach if links were enabled.
package struct SensorDisabledRoute: Sendable, Hashable, Codable {
    package var capturePath: String?
    package var route: MediaDataPath
    /// `media-ctl -d /dev/media0 -l '"RGB/YUV Input":0->"Scaler":0[1]'`, one per disabled link.
    package var enable: [String]
    package init(capturePath: String?, route: MediaDataPath, enable: [String]) {
        self.capturePath = capturePath
        self.route = route
        self.enable = enable
    }
}

/// One subdevice pad of a graph and what it offers.
package struct SubdevPadEntry: Sendable, Hashable, Codable {
    package var pad: PadRef
    package var modes: SubdevPadModes
    package init(pad: PadRef, modes: SubdevPadModes) {
        self.pad = pad
        self.modes = modes
    }
}
