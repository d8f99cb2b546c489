import ALSA
import CaptureModel
import V4L2

/// One node after QUERYCAP (or MEDIA_IOC_DEVICE_INFO): its role and the bus
/// it reports, or why it could not be opened.
struct ProbedNode {
    var record: NodeRecord
    var identity: NodeIdentity?
    var mediaInfo: MediaDeviceInfo?
    /// The ALSA card behind a sound control node (only cards that capture are kept).
    var audio: AudioCaptureCard?
    var error: V4L2Error?

    /// capture, metadata, output, metadata-output, media, audio, other, or unknown (not openable).
    var role: NodeRole {
        if record.subsystem == "media" { return "media" }
        if record.subsystem == "sound" { return "audio" }
        guard let id = identity else { return "unknown" }
        if id.isVideoCapture { return "capture" }
        if id.isMetadataCapture { return "metadata" }
        if !id.deviceCaps.isDisjoint(with: [.videoOutput, .videoOutputMultiplanar]) { return "output" }
        if id.deviceCaps.contains(CapabilityFlags(rawValue: 0x0800_0000)) { return "metadata-output" }
        return "other"
    }

    /// The driver's bus_info, the key v4l2-ctl groups nodes by.
    var busInfo: String? {
        let b = identity?.busInfo ?? mediaInfo?.busInfo
        return (b?.isEmpty ?? true) ? nil : b
    }

    /// Nodes with the same key belong to one physical device: same physical
    /// parent and same bus_info (vivid instances share a parent but not bus_info).
    var groupKey: String {
        let parent = record.parent?.sysPath ?? ""
        if let b = busInfo { return parent + "|" + b }
        return parent.isEmpty ? "node|" + record.devnode : parent + "|?"
    }
}
