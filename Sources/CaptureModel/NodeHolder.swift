/// A process holding a node open (from `/proc/PID/fd`).
public struct NodeHolder: Sendable, Hashable, Codable {
    public var pid: Int32
    /// `/proc/PID/cmdline` with its NULs as spaces (`[comm]` for kernel threads with none).
    public var commandLine: String
    public init(pid: Int32, commandLine: String) {
        self.pid = pid
        self.commandLine = commandLine
    }
}
