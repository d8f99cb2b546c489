import CamProbe

/// The one wording, in every command that selects a device, of "that device is not here".
enum SelectionErrors {
    /// No camera or microphone at all: what was asked for and the next step.
    static func noCameras(_ selector: String?) -> String {
        "no cameras found, so there is \(selector.map { "no '\($0)'" } ?? "nothing to choose"). Run 'camprobe list' to see what is attached."
    }

    /// The error for a selector that chose nothing.
    static func error(_ e: DeviceSelector.SelectionError?, selector: String?) -> CLIError {
        switch e {
        case .noDevices: CLIError(message: noCameras(selector), notFound: true)
        case .some(let e): CLIError(message: "\(e)", notFound: true)
        case nil:
            CLIError(message: "no device matches '\(selector ?? "")'. Run 'camprobe list' to see what is attached.", notFound: true)
        }
    }
}
