/// libcamera's `cam -l`: `1: 'Sensor B' (platform/vimc.0 Sensor B)` gives the
/// camera id libcamera uses for a sensor entity. Log lines (`[0:00:38.33] …`) are skipped.
enum MediaCtlCameraList {
    /// (sensor entity name, libcamera id) per listed camera.
    static func ids(_ lines: [(n: Int, line: Substring)]) -> [(String, String)] {
        lines.compactMap { _, line in
            guard let m = line.trimmed.wholeMatch(of: /\d+: '(.+)' \((.+)\)/) else { return nil }
            return (String(m.1), String(m.2))
        }
    }
}
