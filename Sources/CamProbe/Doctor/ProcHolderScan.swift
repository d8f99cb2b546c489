#if canImport(Glibc)
    import Glibc
#endif

/// Which processes hold a node open: every `/proc/PID/fd/N` symlink is read (`readlink(2)`)
/// and compared with the node's path. Bounded: at most `maxProcesses` pids and `maxDescriptors`
/// descriptors per pid are looked at; pids that vanish or cannot be read (other users' processes
/// without privilege) are skipped, never an error.
public struct ProcHolderScan: Sendable {
    public var proc: String
    public var maxProcesses: Int
    public var maxDescriptors: Int

    public init(proc: String = "/proc", maxProcesses: Int = 65536, maxDescriptors: Int = 16384) {
        self.proc = proc
        self.maxProcesses = maxProcesses
        self.maxDescriptors = maxDescriptors
    }

    /// The holders of any of `paths` (a node and the names it is reached by), without process `excluding`.
    public func holders(of paths: Set<String>, excluding: Int32) -> [NodeHolder] {
        var found: [NodeHolder] = []
        for name in HostFiles.entries(proc, limit: maxProcesses) {
            guard let pid = Int32(name), pid != excluding else { continue }
            let fdDir = "\(proc)/\(name)/fd"
            let holds = HostFiles.entries(fdDir, limit: maxDescriptors).contains { fd in
                HostFiles.link("\(fdDir)/\(fd)").map(paths.contains) ?? false
            }
            if holds { found.append(NodeHolder(pid: pid, commandLine: commandLine(pid))) }
        }
        return found.sorted { $0.pid < $1.pid }
    }

    /// `/proc/PID/cmdline` with NULs as spaces; `[comm]` when it is empty (a kernel thread).
    public func commandLine(_ pid: Int32) -> String {
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
    var trimmingNewline: String {
        var s = Substring(self)
        while s.last == "\n" { s.removeLast() }
        return String(s)
    }
}
