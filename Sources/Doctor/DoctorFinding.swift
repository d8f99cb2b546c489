import CamProbe

/// How bad a doctor finding is: `error` (something does not work; `camprobe doctor` exits 1),
/// `warning` (it works, but not well or not for long) or `info` (worth knowing, nothing broken).
package enum DoctorSeverity: String, Sendable, Hashable, Codable, CaseIterable {
    case error, warning, info
}

/// One thing `camprobe doctor` found: what, how sure (the evidence: what was read and from
/// where), and the exact fix (a command to run or a step to take).
package struct DoctorFinding: Sendable, Hashable, Codable {
    package var severity: DoctorSeverity
    /// Which check found it (`DoctorCheck.id`), written as its text: `permissions`, `busy`, `usb-bandwidth`,
    /// `alike-without-serial`, `low-light`, `needs-libcamera`, `emulated-formats`, `config-node-path`, `udev`, `no-camera`.
    package var check: DoctorCheckID
    /// A short title for a person.
    package var title: String
    /// The device's name, when the finding is about one device.
    package var device: String?
    /// The node (`/dev/video0`) or file the finding is about.
    package var subject: String?
    /// What was read, from where: one fact per line (`stat(/dev/video0): group video, mode 0660`).
    package var evidence: [String]
    /// The exact fix: a command or a step.
    package var fix: String
    /// `busy`: the process holding the node and what it holds.
    package var holder: DoctorHolder?
    /// `permissions`: the node's group, mode, `uaccess` tag and ACL, and the group to join.
    package var access: DoctorAccess?
    /// `config-node-path`: the file, its lines, the node and the stable link to use.
    package var config: DoctorConfigUse?

    package init(
        severity: DoctorSeverity, check: DoctorCheckID, title: String, device: String? = nil, subject: String? = nil, evidence: [String],
        fix: String, holder: DoctorHolder? = nil, access: DoctorAccess? = nil, config: DoctorConfigUse? = nil
    ) {
        self.severity = severity
        self.check = check
        self.title = title
        self.device = device
        self.subject = subject
        self.evidence = evidence
        self.fix = fix
        self.holder = holder
        self.access = access
        self.config = config
    }
}

/// Everything one `camprobe doctor` run found.
package struct DoctorReport: Sendable, Hashable, Codable {
    /// One checked device: its name, stable ID and capture nodes.
    package struct CheckedDevice: Sendable, Hashable, Codable {
        package var id: String
        package var name: String
        package var nodes: [String]
        package init(id: String, name: String, nodes: [String]) {
            self.id = id
            self.name = name
            self.nodes = nodes
        }
    }

    package var devices: [CheckedDevice]
    /// Errors first, then warnings, then info; in check order within a severity.
    package var findings: [DoctorFinding]

    package init(devices: [CheckedDevice], findings: [DoctorFinding]) {
        self.devices = devices
        let rank: [DoctorSeverity: Int] = [.error: 0, .warning: 1, .info: 2]
        self.findings = findings.enumerated().sorted { a, b in
            (rank[a.element.severity]!, a.offset) < (rank[b.element.severity]!, b.offset)
        }.map(\.element)
    }

    /// Whether any finding is an error (`camprobe doctor` then exits 1).
    package var hasErrors: Bool { findings.contains { $0.severity == .error } }
}
