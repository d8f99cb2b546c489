import CamProbe
import CaptureModel

/// What `camprobe doctor` reads about the machine outside V4L2: `stat(2)` on nodes, ACLs,
/// udev's database, `/proc/*/fd`, the `/dev/v4l` links and config files. A seam: the real
/// machine (`SystemDoctorHost`) or a fake (`FakeDoctorHost` in DoctorTesting) in tests.
package protocol DoctorHost {
    /// `stat(2)` on `path`: owner group (`getgrgid_r`), mode and device number; nil when it fails.
    func ownership(of path: String) -> NodeOwnership?
    /// Whether `getxattr(path, "system.posix_acl_access")` finds an access ACL (what `getfacl` shows).
    func hasAccessACL(_ path: String) -> Bool
    /// udev's tags for the node (`G:` and `Q:` lines of `/run/udev/data/cMAJ:MIN`, i.e. `TAGS` and
    /// `CURRENT_TAGS`), e.g. `["uaccess", "seat"]`; nil when the database has no entry.
    func udevTags(of path: String) -> [String]?
    /// Names of the groups this process is in (`getgroups(2)`, `getegid(2)`, `getgrgid_r`).
    func processGroups() -> [String]
    /// Processes that hold each of `paths` open: `/proc/PID/fd/*` links naming it (this process
    /// excluded), by path; one walk of `/proc` for all of them.
    func holders(of paths: [String]) -> [String: [NodeHolder]]
    /// What a held capture node says about its users, asked without changing anything: opened
    /// read-write non-blocking, `VIDIOC_G_PRIORITY`, and `VIDIOC_REQBUFS` with count 0 (`EBUSY` when
    /// another handle owns the buffer queue; otherwise nothing is allocated or freed).
    func nodeUse(of path: String, bufferType: BufferType) -> NodeUse
    /// `/dev/v4l/by-id/*` and `/dev/v4l/by-path/*` with the node each points to (`readlink(2)`).
    func stableLinks() -> [StableLink]
    /// Whether udevd runs: `/run/udev/control` and the number of entries in `/run/udev/data`.
    func udevState() -> UdevState
    /// Up to `limit` bytes of a file (`open(2)`, `read(2)`) as UTF-8 text; throws a message naming the failure
    /// (`cannot read it: EACCES …`). A primitive: a check that needs a new fact from a file (sysfs, procfs, a config)
    /// reads it through this, with no new requirement here.
    func readFile(_ path: String, limit: Int) throws(DoctorReadError) -> String
    /// The names in a directory (`opendir(3)`, `readdir(3)`; no `.` and `..`); nil when it cannot be opened. A primitive.
    func directoryEntries(_ path: String) -> [String]?
    /// Where a symbolic link points (`readlink(2)`); nil when `path` is no link or cannot be read. A primitive.
    func linkTarget(_ path: String) -> String?
    /// When the PipeWire daemon holds `path`: the applications linked to the PipeWire node standing for it
    /// (`PipeWireUsers.behind`: the session's daemon, read within its bound); nil when that cannot be told.
    func pipeWireUsers(of path: String) -> [PipeWireClient]?
    /// A USB device's bus model from its sysfs path (raw descriptors, hubs, controller, held alternate setting);
    /// nil when it cannot be read (the default, in USBDomainCheck.swift).
    func usbLink(_ sysfsPath: String) -> USBLink?
}

extension DoctorHost {
    /// A config file's text (at most 4 MiB, `readFile`); throws a message naming the failure.
    package func readConfig(_ path: String) throws(DoctorReadError) -> String { try readFile(path, limit: 4 << 20) }
}

/// A machine that can say what `camprobe doctor` needs beyond its nodes (see `DoctorHost`):
/// the fake machine of the tests conforms; the real one does not need to.
package protocol DoctorHostProviding {
    var doctorHost: any DoctorHost { get }
}

/// What `stat(2)` says about a device node.
package struct NodeOwnership: Sendable, Hashable, Codable {
    /// The owning group's name (`getgrgid_r`), or its number when it has no name.
    package var group: String
    /// Permission bits, e.g. `0o660`.
    package var mode: UInt32
    /// `st_rdev` as `MAJ:MIN`.
    package var device: String?
    package init(group: String, mode: UInt32, device: String? = nil) {
        self.group = group
        self.mode = mode
        self.device = device
    }
    /// `0660`
    package var modeText: String {
        let s = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}

/// One `/dev/v4l/by-id` or `/dev/v4l/by-path` link and the node it resolves to.
package struct StableLink: Sendable, Hashable, Codable {
    package var link: String
    package var target: String
    package init(link: String, target: String) {
        self.link = link
        self.target = target
    }
}

/// Whether udevd is running, as its files show.
package struct UdevState: Sendable, Hashable, Codable {
    /// `/run/udev/control` (udevd's socket) exists.
    package var controlExists: Bool
    /// Entries in `/run/udev/data` (udev's database); nil when it cannot be read.
    package var databaseEntries: Int?
    package init(controlExists: Bool, databaseEntries: Int?) {
        self.controlExists = controlExists
        self.databaseEntries = databaseEntries
    }
}

/// A file doctor was asked to read and could not.
package struct DoctorReadError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    package var description: String { "\(path): \(reason)" }
}
