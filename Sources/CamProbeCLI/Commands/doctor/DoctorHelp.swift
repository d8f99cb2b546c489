import Doctor

/// The checks `camprobe doctor --help` lists: one line per check of `DoctorChecks.all`, in the order they run, each its id
/// (the `check` its findings carry in `--json`) and what it looks for. The list is made from `DoctorChecks.all`, so a new
/// check is listed the moment it runs; its line reads "(no summary)" until it has one in `summaries`.
enum DoctorHelp {
    /// What each check looks for, by id: short enough that "  ID  summary" fits the 80 columns help is wrapped to.
    static let summaries: [DoctorCheckID: String] = [
        .noCamera: "no camera found at all (a finding, not a failure)",
        .permissions: "open(2) refused: group, mode, uaccess tag, ACL",
        .busy: "processes holding a node open (/proc/*/fd)",
        .usbBandwidth: "cameras sharing a USB bus beyond its budget",
        .alikeWithoutSerial: "USB cameras alike, told apart only by port",
        .lowLight: "exposure_auto_priority=1 (rate halves in the dark)",
        .needsLibcamera: "sensor cameras that need libcamera",
        .emulatedFormats: "formats only libv4l2 emulates",
        .configNodePath: "/dev/videoN in --config files (use /dev/v4l links)",
        .udev: "udev not running",
    ]

    /// The heading the list follows in the help.
    static let heading = "Checks, in the order they run (each finding names its check):"

    /// The list: the heading, then "  ID  summary" per check, ids padded to one column.
    static func checkList(_ checks: [DoctorCheck] = DoctorChecks.all) -> String {
        let width = checks.map(\.id.rawValue.count).max() ?? 0
        let lines = checks.map { check in
            let id = check.id.rawValue
            let pad = String(repeating: " ", count: width - id.count)
            return "  \(id)\(pad)  \(summaries[check.id] ?? "(no summary)")"
        }
        return ([heading] + lines).joined(separator: "\n")
    }
}
