import Doctor

/// The checks `camprobe doctor --help` lists: one line per check of `DoctorChecks.all`, in the order they run, each its id
/// (the `check` its findings carry in `--json`) and its own `summary`. A new check is listed the moment it runs.
enum DoctorHelp {
    /// The heading the list follows in the help.
    static let heading = "Checks, in the order they run (each finding names its check):"

    /// The list: the heading, then "  ID  summary" per check, ids padded to one column.
    static func checkList(_ checks: [DoctorCheck] = DoctorChecks.all) -> String {
        let width = checks.map(\.id.rawValue.count).max() ?? 0
        let lines = checks.map { check in
            let id = check.id.rawValue
            let pad = String(repeating: " ", count: width - id.count)
            return "  \(id)\(pad)  \(check.summary)"
        }
        return ([heading] + lines).joined(separator: "\n")
    }
}
