import CamProbe

/// A process holding a capture node open, as data (`doctor --json`'s `holder`): who, which node,
/// and what it holds there.
package struct DoctorHolder: Sendable, Hashable, Codable {
    /// The process id (`/proc/PID`).
    package var pid: Int32
    /// `/proc/PID/cmdline`, its NULs as spaces.
    package var command: String
    /// The node it holds (`/dev/video0`).
    package var node: String
    /// What this process is known to hold: `open` always; `streaming` when the node's buffer queue is
    /// owned by another handle (`VIDIOC_REQBUFS` with count 0 answers `EBUSY`) and this process is the
    /// node's only holder; `record-priority` when `VIDIOC_G_PRIORITY` is `V4L2_PRIORITY_RECORD` and
    /// this process is the only holder.
    package var holds: [DoctorHolding]
    /// What could not be told for this process: not asked of the node, the node did not answer, or
    /// several processes hold the node so the node's answer cannot be pinned on one. Unknown, not absent.
    package var unknown: [DoctorHolding]
    /// The other processes holding the same node.
    package var sharedWith: [Int32]
    /// When this process is the PipeWire daemon: the applications using the camera through it (from its links);
    /// nil when not the daemon or when PipeWire could not be asked.
    package var behind: [PipeWireClient]?

    package init(
        pid: Int32, command: String, node: String, holds: [DoctorHolding], unknown: [DoctorHolding] = [], sharedWith: [Int32] = [],
        behind: [PipeWireClient]? = nil
    ) {
        self.behind = behind
        self.pid = pid
        self.command = command
        self.node = node
        self.holds = holds
        self.unknown = unknown
        self.sharedWith = sharedWith
    }
}

/// One thing a process can hold on a capture node.
package enum DoctorHolding: String, Sendable, Hashable, Codable, CaseIterable {
    /// A file descriptor on the node (`/proc/PID/fd`).
    case open
    /// The node's buffer queue: it streams or has buffers (`VIDIOC_REQBUFS` count 0 → `EBUSY` for others).
    case streaming
    /// `V4L2_PRIORITY_RECORD`: other handles cannot change the format or controls (`EBUSY`).
    case recordPriority = "record-priority"
}

/// What the node itself says about its users, asked without changing anything (see `DoctorHost.nodeUse`).
package struct NodeUse: Sendable, Hashable, Codable {
    /// Another handle owns the buffer queue (`VIDIOC_REQBUFS` with count 0 → `EBUSY`); nil: no answer.
    package var bufferQueueOwned: Bool?
    /// Some handle holds `V4L2_PRIORITY_RECORD` (`VIDIOC_G_PRIORITY`); nil: no answer.
    package var recordPriority: Bool?
    package init(bufferQueueOwned: Bool? = nil, recordPriority: Bool? = nil) {
        self.bufferQueueOwned = bufferQueueOwned
        self.recordPriority = recordPriority
    }
}

/// Why a node could not be opened, as data (`doctor --json`'s `access`): the node's group and mode,
/// udev's `uaccess` tag, the ACL, and the group to join.
package struct DoctorAccess: Sendable, Hashable, Codable {
    package var node: String
    /// `stat(2)`'s group; nil when `stat` failed.
    package var group: String?
    /// `stat(2)`'s permission bits as octal text (`0660`); nil when `stat` failed.
    package var mode: String?
    /// udev tagged the node `uaccess` (nil: udev's database has no entry for it).
    package var uaccess: Bool?
    /// The node has an access ACL (`system.posix_acl_access`).
    package var acl: Bool
    /// The group that gives access, and whether this process is already in it.
    package var groupToJoin: String
    package var inGroup: Bool
}

/// Where a config file names a `/dev/videoN` node, as data (`doctor --json`'s `config`).
package struct DoctorConfigUse: Sendable, Hashable, Codable {
    package var file: String
    /// 1-based line numbers (at most 10).
    package var lines: [Int]
    package var node: String
    /// A stable link to use instead (`/dev/v4l/by-id/…`), when one points at the node.
    package var stableLink: String?
}
