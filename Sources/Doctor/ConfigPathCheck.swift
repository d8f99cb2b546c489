import CamProbe

extension DoctorCheckID {
    /// A config file naming `/dev/videoN`, or one that cannot be read.
    package static let configNodePath = DoctorCheckID("config-node-path")
}

extension DoctorCheck {
    /// Check 7, `/dev/videoN` in config files (`configNodePaths(_:)`).
    package static let configNodePath = DoctorCheck(
        .configNodePath, summary: "/dev/videoN in --config files (use /dev/v4l links)", .host { run in run.configNodePaths(run.configs) })
}

extension DoctorContext {
    /// Check 7, `/dev/videoN` written into configs: each `--config` file is read and every
    /// `/dev/videoN` in it is matched with the `/dev/v4l/by-id` (else `by-path`) link that points to
    /// that node now (`readlink(2)`); the numbers change across reboots and replugs, the links do not.
    /// A file that cannot be read is an error naming it.
    func configNodePaths(_ files: [String]) -> [DoctorFinding] {
        guard !files.isEmpty else { return [] }
        let links = host.stableLinks()
        var findings: [DoctorFinding] = []
        for file in files {
            let text: String
            do throws(DoctorReadError) {
                text = try host.readConfig(file)
            } catch {
                findings.append(
                    DoctorFinding(
                        severity: .error, check: .configNodePath, title: "Cannot read \(file)", subject: file,
                        evidence: [error.description], fix: "Check the path and its permissions: ls -l '\(file)'"))
                continue
            }
            var seen: [String: [Int]] = [:]
            var order: [String] = []
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().prefix(1_000_000) {
                for node in Self.videoNodePaths(in: Substring(line)) {
                    if seen[node] == nil { order.append(node) }
                    seen[node, default: []].append(i + 1)
                }
            }
            for node in order {
                let lines = seen[node]!.prefix(10).map(String.init).joined(separator: ", ")
                var evidence = ["\(file) line\(seen[node]!.count == 1 ? "" : "s") \(lines): \(node)"]
                let byID = links.filter { $0.target == node && $0.link.hasPrefix("/dev/v4l/by-id/") }
                let byPath = links.filter { $0.target == node && $0.link.hasPrefix("/dev/v4l/by-path/") }
                for l in byID + byPath { evidence.append("readlink \(l.link) → \(l.target)") }
                let fix: String
                let stable = byID.first ?? byPath.first
                if let stable {
                    fix = "In \(file), replace \(node) with \(stable.link)"
                } else {
                    evidence.append("no /dev/v4l/by-id or by-path link points to \(node) now")
                    fix = "Plug the camera in (with udev running) and run doctor again, or write its /dev/v4l/by-id/… link in \(file)"
                }
                findings.append(
                    DoctorFinding(
                        severity: .warning, check: .configNodePath, title: "\(file) names \(node), which can change at reboot or replug",
                        subject: file, evidence: evidence, fix: fix,
                        config: DoctorConfigUse(file: file, lines: Array(seen[node]!.prefix(10)), node: node, stableLink: stable?.link)))
            }
        }
        return findings
    }

    /// `/dev/videoN` occurrences in a line (digits must follow; `/dev/video` alone is not one).
    static func videoNodePaths(in line: Substring) -> [String] {
        var found: [String] = []
        var rest = line[...]
        while let r = rest.firstRange(of: "/dev/video") {
            let digits = rest[r.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty { found.append("/dev/video" + digits) }
            rest = rest[r.upperBound...]
        }
        return found
    }
}
