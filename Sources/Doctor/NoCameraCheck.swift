import CamProbe

extension DoctorCheckID {
    /// No camera to check.
    package static let noCamera = DoctorCheckID("no-camera")
}

extension DoctorCheck {
    /// Check 0, no camera at all: a finding, not a failure.
    package static let noCamera = DoctorCheck(
        .noCamera, summary: "no camera found at all (a finding, not a failure)",
        .cameras { run in run.cameras.isEmpty ? [run.noCamera()] : [] })
}

extension DoctorContext {
    /// The one finding when discovery found no video capture device.
    func noCamera() -> DoctorFinding {
        DoctorFinding(
            severity: .info, check: .noCamera, title: "No camera found",
            evidence: ["discovery (udev/sysfs video4linux nodes): no video capture device"],
            fix: "Plug a camera in, then check the kernel saw it: `sudo dmesg | grep -i -e uvc -e video` and `ls -l /dev/video*`")
    }
}
