import CamProbe

extension DoctorCheckID {
    /// udevd not running.
    package static let udev = DoctorCheckID("udev")
}

extension DoctorCheck {
    /// Check 8, udev not running (`udev()`).
    package static let udev = DoctorCheck(.udev, summary: "udev not running", .host { run in run.udev() })
}

extension DoctorContext {
    /// Check 8, udev not running: `/run/udev/control` missing, or `/run/udev/data` empty.
    func udev() -> [DoctorFinding] {
        let s = host.udevState()
        guard !s.controlExists || s.databaseEntries == 0 || s.databaseEntries == nil else { return [] }
        return [
            DoctorFinding(
                severity: .warning, check: .udev, title: "udev is not running: no hotplug events, no /dev/v4l/by-id names",
                evidence: [
                    "/run/udev/control: \(s.controlExists ? "present" : "missing")",
                    "/run/udev/data: \(s.databaseEntries.map { "\($0) entries" } ?? "missing")",
                ],
                fix: "sudo systemctl start systemd-udevd   # then: sudo udevadm trigger --subsystem-match=video4linux")
        ]
    }
}
