import CaptureModel
import Negotiation

/// `--emit media-ctl`: the whole pipeline of a media-controller camera, media-ctl then v4l2-ctl, joined with `&&`
/// (`SensorPipelineSetup.commands`).
package struct MediaCtlCommandEmitter: CameraCommandEmitter {
    package init() {}
    package var name: String { "media-ctl" }
    package var summary: String { "the whole pipeline of a media-controller camera: media-ctl, then v4l2-ctl" }
    /// Only a media-controller camera has it in `negotiate --json`.
    package var jsonScope: JSONCommandScope { .pipeline }

    package func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        .failure(EmitRefusal("\(camera.cameraName) is not a media-controller camera"))
    }

    package func sensorPipeline(_ setup: SensorPipelineSetup, _ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        .success(EmittedCommand(setup.commands.joined(separator: " && ")))
    }
}

/// `--emit cam`: libcamera's `cam` on a media-controller camera whose libcamera id is known
/// (`SensorPipelineSetup.libcamera`).
package struct LibcameraCamCommandEmitter: CameraCommandEmitter {
    package init() {}
    package var name: String { "cam" }
    package var summary: String { "libcamera's cam on a media-controller camera" }
    /// Only a media-controller camera has it in `negotiate --json`.
    package var jsonScope: JSONCommandScope { .pipeline }

    package func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        .failure(EmitRefusal("libcamera's id for \(camera.cameraName) is not known (only media-controller sensors have one)"))
    }

    package func sensorPipeline(_ setup: SensorPipelineSetup, _ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        guard let line = setup.libcamera else { return self.camera(camera) }
        return .success(EmittedCommand(line))
    }
}

/// `--emit gst-libcamera`: `gst-launch-1.0` with libcamerasrc on a media-controller camera whose libcamera id and
/// caps are known (`SensorPipelineSetup.gstreamer`).
package struct GstLibcameraCommandEmitter: CameraCommandEmitter {
    package init() {}
    package var name: String { "gst-libcamera" }
    package var summary: String { "gst-launch-1.0 with libcamerasrc on a media-controller camera" }
    /// Only a media-controller camera has it in `negotiate --json`.
    package var jsonScope: JSONCommandScope { .pipeline }

    package func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        .failure(EmitRefusal("libcamera's id or GStreamer caps for this choice are not known"))
    }

    package func sensorPipeline(_ setup: SensorPipelineSetup, _ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        guard let line = setup.gstreamer else { return self.camera(camera) }
        return .success(EmittedCommand(line))
    }

    /// `gst-launch-1.0 libcamerasrc camera-name='ID' ! <caps> ! videoconvert ! autovideosink` for `choice` on the camera
    /// libcamera names `cameraID` (`SensorPipelineSetup.gstreamer`); nil when GStreamer has no caps for its format.
    package func command(_ choice: Choice, cameraID: String) -> String? {
        guard case .success(let caps) = GstCapsCommandEmitter().caps(choice) else { return nil }
        return "gst-launch-1.0 libcamerasrc camera-name='\(cameraID)' ! \(caps) ! videoconvert ! autovideosink"
    }
}
