import CamProbe
import CaptureModel

/// One `camprobe doctor` run: reads what discovery found plus what `host` says about the machine
/// (`/proc`, `stat(2)`, udev's files, `/dev/v4l` links, config files) and runs each check of a list
/// (`DoctorChecks.all`), each turning a problem into a `DoctorFinding` with its evidence and fix.
/// Only reads: no device state is changed.
package struct Checkup {
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

    /// Runs `checks` in their order. Checks that look at each camera and stand next to each other in the list run
    /// camera by camera (the first camera through all of them, then the next), so one camera's findings stay together.
    package func run(_ input: Input, checks: [DoctorCheck] = DoctorChecks.all) -> DoctorReport {
        let cameras = input.devices.filter { $0.mediaType == .video }
        let context = DoctorContext(
            host: host, cameras: cameras, allCameras: input.allDevices.filter { $0.mediaType == .video }, configs: input.configs)
        var findings: [DoctorFinding] = []
        var eachCamera: [@Sendable (Device, DoctorContext) -> [DoctorFinding]] = []
        func runEachCamera() {
            for d in cameras {
                for body in eachCamera { findings += body(d, context) }
            }
            eachCamera = []
        }
        for check in checks {
            switch check.scope {
            case .eachCamera(let body):
                eachCamera.append(body)
            case .cameras(let body), .host(let body):
                runEachCamera()
                findings += body(context)
            }
        }
        runEachCamera()
        let checked = cameras.map { d in
            DoctorReport.CheckedDevice(
                id: d.id.rawValue, name: d.name, nodes: d.nodes.filter { $0.role == .capture || $0.role == .unknown }.map(\.path))
        }
        return DoctorReport(devices: checked, findings: findings)
    }
}
