import CamProbe
import CaptureModel

/// The name of a doctor check, carried by each of its findings (`DoctorFinding.check`, `"check"` in `doctor --json`):
/// `permissions`, `busy`, `usb-bandwidth` …. Each check declares its own next to its body
/// (`extension DoctorCheckID { static let … }`).
package struct DoctorCheckID: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The text `doctor --json` writes.
    package var rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }
    package init(_ rawValue: String) { self.rawValue = rawValue }
    package var description: String { rawValue }
}

/// One thing `camprobe doctor` looks for: its id, what it looks for in words (`doctor --help` lists it), and what it
/// looks at with the body that looks (its scope). A new check is one such value and one entry in `DoctorChecks.all`.
package struct DoctorCheck: Sendable {
    /// What a check looks at, and its body.
    package enum Scope: Sendable {
        /// Each checked camera in turn (video devices, in discovery order).
        case eachCamera(@Sendable (Device, DoctorContext) -> [DoctorFinding])
        /// The checked cameras together, beside every camera discovery found (`DoctorContext.allCameras`).
        case cameras(@Sendable (DoctorContext) -> [DoctorFinding])
        /// The machine itself: host facts and config files, whatever the cameras.
        case host(@Sendable (DoctorContext) -> [DoctorFinding])
    }

    /// The id its findings carry.
    package var id: DoctorCheckID
    /// What it looks for, in a few words: `doctor --help` lists it beside the id, within 80 columns.
    package var summary: String
    /// What it looks at, with its body.
    package var scope: Scope
    package init(_ id: DoctorCheckID, summary: String, _ scope: Scope) {
        self.id = id
        self.summary = summary
        self.scope = scope
    }
}

/// What a check is given: the machine (`host`), the cameras and the config files of one run.
package struct DoctorContext {
    /// What the machine says beyond V4L2 (`DoctorHost`).
    package var host: any DoctorHost
    /// The video cameras to check (one, when a DEVICE was named).
    package var cameras: [Device]
    /// Every video camera discovery found: neighbours on a USB bus count.
    package var allCameras: [Device]
    /// Config files to scan (`--config`).
    package var configs: [String]
    package init(host: any DoctorHost, cameras: [Device], allCameras: [Device], configs: [String]) {
        self.host = host
        self.cameras = cameras
        self.allCameras = allCameras
        self.configs = configs
    }

    /// The capture-side node paths of a device: its capture nodes and those that could not be opened.
    static func videoNodes(_ d: Device) -> [String] {
        d.nodes.filter { ($0.role == .capture || $0.role == .unknown) && $0.path.hasPrefix("/dev/video") }.map(\.path)
    }
}
