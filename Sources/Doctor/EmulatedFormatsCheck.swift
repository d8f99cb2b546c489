import CamProbe
import CaptureModel

extension DoctorCheckID {
    /// Formats only libv4l2 emulates.
    package static let emulatedFormats = DoctorCheckID("emulated-formats")
}

extension DoctorCheck {
    /// Check 6, emulated-only formats (`emulatedFormats(_:)`).
    package static let emulatedFormats = DoctorCheck(
        .emulatedFormats, summary: "formats only libv4l2 emulates", .eachCamera { d, run in run.emulatedFormats(d) })
}

extension DoctorContext {
    /// Check 6, emulated-only formats: formats flagged emulated exist only when the node is opened
    /// through libv4l2 (`v4l2_open`), which converts on the CPU; other apps never see them.
    func emulatedFormats(_ d: Device) -> [DoctorFinding] {
        d.captures.compactMap { c in
            let emulated = c.formats.filter(\.isEmulated)
            guard !emulated.isEmpty else { return nil }
            let native = c.formats.filter { !$0.isEmulated }.map { $0.fourcc.description }
            let names = emulated.map { $0.fourcc.description }
            return DoctorFinding(
                severity: .info, check: .emulatedFormats,
                title: "\(names.count) format\(names.count == 1 ? "" : "s") only through libv4l2 conversion", device: d.name,
                subject: c.path,
                evidence: [
                    "VIDIOC_ENUM_FMT(\(c.path)) via v4l2_open: emulated (V4L2_FMT_FLAG_EMULATED) \(names.joined(separator: ", "))",
                    "native: \(native.isEmpty ? "none" : native.joined(separator: ", "))",
                ],
                fix: native.isEmpty
                    ? "Run apps through libv4l2: LD_PRELOAD=/usr/lib/$(uname -m)-linux-gnu/libv4l/v4l2convert.so APP"
                    : "Pick a native format (\(native.joined(separator: ", "))) or run apps through libv4l2: "
                        + "LD_PRELOAD=/usr/lib/$(uname -m)-linux-gnu/libv4l/v4l2convert.so APP")
        }
    }
}
