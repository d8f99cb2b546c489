import CamProbe
import CaptureModel

/// `camprobe doctor`: reads what discovery found plus what `host` says about the machine
/// (`/proc`, `stat(2)`, udev's files, `/dev/v4l` links, config files) and turns each problem
/// into a `DoctorFinding` with its evidence and fix. Only reads: no device state is changed.
package struct Doctor {
    package var host: any DoctorHost
    package init(host: any DoctorHost) { self.host = host }

    /// What one run looks at.
    package struct Input: Sendable {
        /// The cameras to check (one, when a DEVICE was named).
        package var devices: [Device]
        /// Every camera discovery found, for checks that involve neighbours (USB bus bandwidth).
        package var allDevices: [Device]
        /// Config files to scan for `/dev/videoN` (`--config`).
        package var configs: [String]
        /// `allDevices` defaults to `devices`.
        package init(devices: [Device], allDevices: [Device]? = nil, configs: [String] = []) {
            self.devices = devices
            self.allDevices = allDevices ?? devices
            self.configs = configs
        }
    }

    /// Runs every check, in this order: no camera, permissions, busy, USB bandwidth, cameras alike
    /// without a serial, low light, needs libcamera, emulated formats, config node paths, udev.
    package func run(_ input: Input) -> DoctorReport {
        var findings: [DoctorFinding] = []
        let cameras = input.devices.filter { $0.mediaType == .video }
        if cameras.isEmpty { findings.append(noCamera()) }
        for d in cameras {
            findings += permissions(d)
            findings += busy(d)
        }
        let allCameras = input.allDevices.filter { $0.mediaType == .video }
        findings += usbDomains(checked: cameras, all: allCameras) ?? usbBandwidth(checked: cameras, all: allCameras)
        findings += alikeWithoutSerial(checked: cameras, all: allCameras)
        for d in cameras {
            findings += lowLight(d)
            findings += needsLibcamera(d)
            findings += emulatedFormats(d)
        }
        findings += configNodePaths(input.configs)
        findings += udev()
        let checked = cameras.map { d in
            DoctorReport.CheckedDevice(
                id: d.id.rawValue, name: d.name, nodes: d.nodes.filter { $0.role == .capture || $0.role == .unknown }.map(\.path))
        }
        return DoctorReport(devices: checked, findings: findings)
    }

    /// No camera at all: a finding, not a failure.
    func noCamera() -> DoctorFinding {
        DoctorFinding(
            severity: .info, check: "no-camera", title: "No camera found",
            evidence: ["discovery (udev/sysfs video4linux nodes): no video capture device"],
            fix: "Plug a camera in, then check the kernel saw it: `sudo dmesg | grep -i -e uvc -e video` and `ls -l /dev/video*`")
    }

    /// The capture-side node paths of a device: its capture nodes and those that could not be opened.
    static func videoNodes(_ d: Device) -> [String] {
        d.nodes.filter { ($0.role == .capture || $0.role == .unknown) && $0.path.hasPrefix("/dev/video") }.map(\.path)
    }
}
