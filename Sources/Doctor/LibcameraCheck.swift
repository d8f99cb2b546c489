import CamProbe
import CaptureModel

extension DoctorCheckID {
    /// A media-controller sensor camera.
    package static let needsLibcamera = DoctorCheckID("needs-libcamera")
}

extension DoctorCheck {
    /// Check 5, needs libcamera (`needsLibcamera(_:)`).
    package static let needsLibcamera = DoctorCheck(
        .needsLibcamera, summary: "sensor cameras that need libcamera", .eachCamera { d, run in run.needsLibcamera(d) })
}

extension DoctorContext {
    /// Check 5, needs libcamera: a media-controller sensor camera (`Device.sensor`, found through
    /// `MEDIA_IOC_G_TOPOLOGY`) is configured pad by pad; plain V4L2 apps cannot drive it.
    func needsLibcamera(_ d: Device) -> [DoctorFinding] {
        guard let s = d.sensor else { return [] }
        var evidence = ["media graph \(s.mediaDevice): sensor entity '\(s.entity)'" + (s.subdevPath.map { " (\($0))" } ?? "")]
        if let id = s.libcameraID { evidence.append("libcamera id (from sysfs): \(id)") }
        let outputs = s.outputs.compactMap(\.capturePath)
        if !outputs.isEmpty { evidence.append("capture nodes: \(outputs.joined(separator: ", "))") }
        return [
            DoctorFinding(
                severity: .info, check: .needsLibcamera, title: "Sensor camera: use libcamera, not plain V4L2", device: d.name,
                subject: s.mediaDevice, evidence: evidence,
                fix: "Use libcamera: `cam -l` lists it\(s.libcameraID.map { " as '\($0)'" } ?? ""); apps via PipeWire or "
                    + "GStreamer's libcamerasrc. Or set the pipeline with `camprobe apply \(d.id.rawValue) …`")
        ]
    }
}
