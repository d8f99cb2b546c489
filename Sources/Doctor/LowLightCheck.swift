import CamProbe
import CaptureModel

extension DoctorCheckID {
    /// `exposure_auto_priority` is 1.
    package static let lowLight = DoctorCheckID("low-light")
}

extension DoctorCheck {
    /// Check 4, low light (`lowLight(_:)`).
    package static let lowLight = DoctorCheck(
        .lowLight, summary: "exposure_auto_priority=1 (rate halves in the dark)", .eachCamera { d, run in run.lowLight(d) })
}

extension DoctorContext {
    /// `V4L2_CID_EXPOSURE_AUTO_PRIORITY` (`0x009a0903`).
    static let exposureAutoPriority: UInt32 = 0x009a_0903

    /// Check 4, low light: `exposure_auto_priority` is 1 (read with `VIDIOC_G_EXT_CTRLS`), so auto
    /// exposure may lengthen frames and the rate can halve in the dark.
    func lowLight(_ d: Device) -> [DoctorFinding] {
        d.captures.compactMap { c in
            guard let control = c.controls?.first(where: { $0.id == Self.exposureAutoPriority }), control.value?.integer == 1
            else { return nil }
            return DoctorFinding(
                severity: .warning, check: .lowLight, title: "Frame rate can halve in the dark", device: d.name, subject: c.path,
                evidence: ["VIDIOC_G_EXT_CTRLS(\(c.path)): \(control.key) (0x009a0903, \(control.name)) = 1"],
                fix: "camprobe ctl \(d.id.rawValue) \(control.key)=0")
        }
    }
}
