import CamProbe
import CaptureModel

extension Doctor {
    /// Check 2, busy: processes holding a capture node open (`/proc/PID/fd/*` → the node), each
    /// with its `/proc/PID/cmdline`; camprobe itself is left out by the host.
    func busy(_ d: Device) -> [DoctorFinding] {
        let nodes = Self.videoNodes(d)
        let held = nodes.isEmpty ? [:] : host.holders(of: nodes)
        return nodes.compactMap { path in
            guard let holders = held[path], !holders.isEmpty else { return nil }
            let list = holders.map { "pid \($0.pid) (\($0.commandLine))" }.joined(separator: ", ")
            return DoctorFinding(
                severity: .warning, check: "busy", title: "\(path) is held open by \(list)", device: d.name, subject: path,
                evidence: holders.map { "/proc/\($0.pid)/fd → \(path); /proc/\($0.pid)/cmdline: \($0.commandLine)" },
                fix: "Close that program, or stop it: kill " + holders.map { String($0.pid) }.joined(separator: " ")
                    + "   # a node streaming in one process answers EBUSY to others")
        }
    }
}
