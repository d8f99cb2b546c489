import CamProbe
import CaptureModel

extension DoctorCheckID {
    /// A capture node held open by another process.
    package static let busy = DoctorCheckID("busy")
}

extension DoctorCheck {
    /// Check 2, busy (`busy(_:)`).
    package static let busy = DoctorCheck(
        .busy, summary: "processes holding a node open (/proc/*/fd)", .eachCamera { d, run in run.busy(d) })
}

extension DoctorContext {
    /// Check 2, busy: processes holding a capture node open (`/proc/PID/fd/*` → the node), each
    /// with its `/proc/PID/cmdline` (camprobe itself is left out by the host), one finding per process
    /// and node. What the node says (`DoctorHost.nodeUse`: streaming, record priority) is pinned on the
    /// process when it is the node's only holder; with several, it stays unknown for each.
    func busy(_ d: Device) -> [DoctorFinding] {
        let nodes = Self.videoNodes(d)
        let held = nodes.isEmpty ? [:] : host.holders(of: nodes)
        return nodes.flatMap { path -> [DoctorFinding] in
            guard let holders = held[path], !holders.isEmpty else { return [] }
            let capture = d.captures.first { $0.path == path }
            let bufferType = capture?.activeFormat?.bufferType ?? capture?.formats.first?.bufferType ?? .videoCapture
            let use = host.nodeUse(of: path, bufferType: bufferType)
            let nodeFacts = Self.nodeFacts(path, use, holders: holders)
            return holders.map { h in
                let others = holders.map(\.pid).filter { $0 != h.pid }
                var holds: [DoctorHolding] = [.open]
                var unknown: [DoctorHolding] = []
                for (holding, answer) in [(DoctorHolding.streaming, use.bufferQueueOwned), (.recordPriority, use.recordPriority)] {
                    switch answer {
                    case true? where others.isEmpty: holds.append(holding)
                    case true?, nil: unknown.append(holding)
                    case false?: break
                    }
                }
                let what = holds.count > 1 ? " — " + holds.dropFirst().map(\.words).joined(separator: ", ") : ""
                // The daemon holds it for applications: name them (from PipeWire's links), not only the daemon.
                let behind = PipeWireUsers.isDaemon(h.commandLine) ? host.pipeWireUsers(of: path) : nil
                let users = (behind ?? []).map(PipeWireUsers.describe)
                var evidence = ["/proc/\(h.pid)/fd → \(path); /proc/\(h.pid)/cmdline: \(h.commandLine)"] + nodeFacts
                if behind != nil {
                    evidence.append(
                        "PipeWire: the node for \(path) is linked to "
                            + (users.isEmpty ? "no application (the daemon keeps it open, idle)" : users.joined(separator: ", ")))
                } else if PipeWireUsers.isDaemon(h.commandLine) {
                    evidence.append("PipeWire could not be asked which applications are behind it (no session daemon answered)")
                }
                let fix =
                    users.isEmpty
                    ? "Close that program, or stop it: kill \(h.pid)   # a node streaming in one process answers EBUSY to others"
                    : "Close \(users.joined(separator: ", ")): it uses the camera through PipeWire (stopping pipewire would cut every application's audio and video)"
                return DoctorFinding(
                    severity: .warning, check: .busy,
                    title:
                        "\(path) is held open by pid \(h.pid) (\(h.commandLine))\(users.isEmpty ? "" : " for " + users.joined(separator: ", "))\(what)",
                    device: d.name, subject: path, evidence: evidence, fix: fix,
                    holder: DoctorHolder(
                        pid: h.pid, command: h.commandLine, node: path, holds: holds, unknown: unknown, sharedWith: others, behind: behind))
            }
        }
    }

    /// The node's own answers, as evidence lines.
    static func nodeFacts(_ path: String, _ use: NodeUse, holders: [NodeHolder]) -> [String] {
        let who = holders.count == 1 ? "pid \(holders[0].pid)" : "one of pids " + holders.map { String($0.pid) }.joined(separator: ", ")
        let queue: String
        switch use.bufferQueueOwned {
        case true?: queue = "VIDIOC_REQBUFS(count 0) on \(path): EBUSY — \(who) owns the buffer queue (streaming, or buffers allocated)"
        case false?: queue = "VIDIOC_REQBUFS(count 0) on \(path): 0 — no other handle owns the buffer queue (not streaming)"
        case nil: queue = "VIDIOC_REQBUFS(count 0) on \(path): no answer — whether it streams is unknown"
        }
        let priority: String
        switch use.recordPriority {
        case true?:
            priority = "VIDIOC_G_PRIORITY on \(path): RECORD — \(who) holds record priority (others get EBUSY on S_FMT and controls)"
        case false?: priority = "VIDIOC_G_PRIORITY on \(path): below RECORD — nobody holds record priority"
        case nil: priority = "VIDIOC_G_PRIORITY on \(path): no answer — record priority unknown"
        }
        return [queue, priority]
    }
}

extension DoctorHolding {
    /// For a title: "streaming", "record priority".
    var words: String { String(rawValue.map { $0 == "-" ? " " : $0 }) }
}
