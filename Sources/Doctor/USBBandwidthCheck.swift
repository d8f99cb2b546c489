import CamProbe
import CaptureModel

extension DoctorCheckID {
    /// Cameras on one USB bus beyond its periodic budget.
    package static let usbBandwidth = DoctorCheckID("usb-bandwidth")
}

extension DoctorCheck {
    /// Check 3, USB bandwidth, with the bus model (`usbDomains`): where no camera's bus can be read, it says so.
    package static let usbBandwidth = DoctorCheck(
        .usbBandwidth, summary: "cameras sharing a USB bus beyond its budget",
        .cameras { run in run.usbDomains(checked: run.cameras, all: run.allCameras) })
}
