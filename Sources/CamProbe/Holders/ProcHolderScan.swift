import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Which processes hold a node open: every `/proc/PID/fd/N` symlink is read (`readlink(2)`)
/// and compared with the nodes' paths. Bounded: at most `maxProcesses` pids, `maxDescriptors`
/// descriptors per pid and `maxLinks` links in all are looked at; pids that vanish or cannot be
/// read (other users' processes without privilege) are skipped, never an error.
package struct ProcHolderScan: Sendable {
    package var proc: String
    package var maxProcesses: Int
    package var maxDescriptors: Int
    package var maxLinks: Int

    package init(proc: String = "/proc", maxProcesses: Int = 65536, maxDescriptors: Int = 16384, maxLinks: Int = 1_000_000) {
        self.proc = proc
        self.maxProcesses = maxProcesses
        self.maxDescriptors = maxDescriptors
        self.maxLinks = maxLinks
    }

    /// The holders of each node, by node: `names` maps every name a node is reached by (its path and
    /// what it resolves to) to the node. Process `excluding` (camprobe itself) is left out.
    package func holders(of names: [String: String], excluding: Int32) -> [String: [NodeHolder]] {
        var found: [String: [NodeHolder]] = [:]
        var budget = maxLinks
        for name in HostFiles.entries(proc, limit: maxProcesses) where budget > 0 {
            guard let pid = Int32(name), pid != excluding else { continue }
            let fdDir = "\(proc)/\(name)/fd"
            var held: Set<String> = []
            for fd in HostFiles.entries(fdDir, limit: min(maxDescriptors, budget)) {
                budget -= 1
                if let target = HostFiles.link("\(fdDir)/\(fd)"), let node = names[target] { held.insert(node) }
            }
            guard !held.isEmpty else { continue }
            let holder = NodeHolder(pid: pid, commandLine: commandLine(pid))
            for node in held { found[node, default: []].append(holder) }
        }
        return found.mapValues { $0.sorted { $0.pid < $1.pid } }
    }

    /// `/proc/PID/cmdline` with NULs as spaces; `[comm]` when it is empty (a kernel thread).
    package func commandLine(_ pid: Int32) -> String {
        if case .success(let bytes) = HostFiles.read("\(proc)/\(pid)/cmdline", limit: 4096), !bytes.isEmpty {
            var b = bytes
            while b.last == 0 { b.removeLast() }
            return String(decoding: b.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
        }
        if case .success(let comm) = HostFiles.read("\(proc)/\(pid)/comm", limit: 256) {
            return "[" + String(decoding: comm, as: UTF8.self).trimmingNewline + "]"
        }
        return "?"
    }
}

extension String {
    fileprivate var trimmingNewline: String {
        var s = Substring(self)
        while s.last == "\n" { s.removeLast() }
        return String(s)
    }
}
