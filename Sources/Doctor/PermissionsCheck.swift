import CamProbe
import CaptureModel

extension DoctorCheckID {
    /// A capture node refused to open.
    package static let permissions = DoctorCheckID("permissions")
}

extension DoctorCheck {
    /// Check 1, permissions (`permissions(_:)`).
    package static let permissions = DoctorCheck(
        .permissions, summary: "open(2) refused: group, mode, uaccess tag, ACL", .eachCamera { d, run in run.permissions(d) })
}

extension DoctorContext {
    /// Check 1, permissions: a capture node `open(2)` refused with EACCES/EPERM (the `access` problem
    /// discovery recorded). Evidence: the open error, `stat(2)`'s group and mode, udev's `uaccess` tag
    /// (`/run/udev/data/cMAJ:MIN`), the `system.posix_acl_access` ACL and this process's groups.
    func permissions(_ d: Device) -> [DoctorFinding] {
        let denied = d.allProblems.filter { $0.kind == .access }
        guard !denied.isEmpty else { return [] }
        let nodes = Self.videoNodes(d)
        // The nodes that could not be opened are those whose role stayed unknown; a problem's words are not parsed.
        var paths = d.nodes.filter { $0.role == .unknown }.map(\.path)
        if paths.isEmpty { paths = nodes }
        let groups = host.processGroups()
        return paths.map { path in
            // One node refused: every refusal is its own. Several: each refusal with its message, which names its node.
            var evidence =
                paths.count == 1
                ? denied.map { "\($0.call ?? "open")(\(path)): \($0.errnoName ?? "EACCES")" }
                : denied.map { "\($0.call ?? "open"): \($0.errnoName ?? "EACCES") — \($0.message)" }
            let owner = host.ownership(of: path)
            var group = "video"
            if let o = owner {
                evidence.append("stat(\(path)): group \(o.group), mode \(o.modeText)")
                if o.group != "root" && Int(o.group) == nil { group = o.group }
            } else {
                evidence.append("stat(\(path)): failed")
            }
            let tags = host.udevTags(of: path)
            let uaccess = tags?.contains("uaccess") ?? false
            let db = owner?.device.map { "/run/udev/data/c\($0)" } ?? "udev database"
            evidence.append(
                tags == nil
                    ? "udev tags (\(db)): no entry"
                    : "udev tags (\(db)): \(tags!.isEmpty ? "none" : tags!.joined(separator: ", "))"
                        + (uaccess ? " — uaccess present" : " — no uaccess"))
            let acl = host.hasAccessACL(path)
            evidence.append("ACL (system.posix_acl_access): \(acl ? "present" : "none")")
            evidence.append("this process's groups: \(groups.joined(separator: ", "))")
            let fix: String
            if groups.contains(group) {
                fix = "You are in group '\(group)' but it still refuses: log out and in (or run `newgrp \(group)`), then retry"
            } else {
                fix =
                    "sudo usermod -aG \(group) $USER   # then log out and in"
                    + (uaccess && !acl ? " (udev tags the node uaccess but set no ACL: is this a remote/inactive session?)" : "")
            }
            let access = DoctorAccess(
                node: path, group: owner?.group, mode: owner?.modeText, uaccess: tags.map { $0.contains("uaccess") }, acl: acl,
                groupToJoin: group, inGroup: groups.contains(group))
            return DoctorFinding(
                severity: .error, check: .permissions, title: "No permission to open \(path)", device: d.name, subject: path,
                evidence: evidence, fix: fix, access: access)
        }
    }
}
