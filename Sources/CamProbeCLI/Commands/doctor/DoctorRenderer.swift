import CamProbe
import Doctor

/// `camprobe doctor` as text: one block per finding (severity, title, evidence, fix), then a count.
enum DoctorRenderer {
    static func render(_ report: DoctorReport) {
        // Cameras alike share a name: their IDs tell them apart.
        let names = report.devices.map { d in
            report.devices.filter { $0.name == d.name }.count > 1 ? "\(d.name) \(d.id)" : d.name
        }
        print(
            Terminal.bold("camprobe doctor")
                + ": \(names.isEmpty ? "no camera" : "\(names.count) camera\(names.count == 1 ? "" : "s")") checked"
                + (names.isEmpty ? "" : " (\(names.joined(separator: ", ")))"))
        if report.findings.isEmpty {
            print("")
            print("No problems found.")
            return
        }
        for f in report.findings {
            print("")
            let about = [f.device, f.subject].compactMap { $0 }.filter { !f.title.contains($0) }
            print(
                label(f.severity) + " " + Terminal.bold(f.title)
                    + (about.isEmpty ? "" : Terminal.dim("  [\(about.joined(separator: ", "))]")))
            for (i, e) in f.evidence.enumerated() {
                print((i == 0 ? "  evidence: " : "            ") + e)
            }
            print("  fix:      " + f.fix)
        }
        let counts = DoctorSeverity.allCases.map { s in (s, report.findings.filter { $0.severity == s }.count) }
        print("")
        print(
            counts.map { s, n in "\(n) \(s.rawValue)\(n == 1 || s == .info ? "" : "s")" }.joined(separator: ", "))
    }

    /// `ERROR  ` (red), `WARNING` (yellow) or `INFO   ` (dim), padded to one width.
    static func label(_ s: DoctorSeverity) -> String {
        let text = Terminal.pad(s.rawValue.uppercased(), 7)
        switch s {
        case .error: return Terminal.colour ? TerminalText.mark("31") + text + TerminalText.mark("0") : text
        case .warning: return Terminal.yellow(text)
        case .info: return Terminal.dim(text)
        }
    }
}
