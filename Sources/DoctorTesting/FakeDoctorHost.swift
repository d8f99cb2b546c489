import CamProbe
import CaptureModel
import Doctor
import FoundationEssentials
import V4L2Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A machine's answers to `camprobe doctor`'s host questions (`DoctorHost`), given as data:
/// node groups, ACLs, udev tags, holders, `/dev/v4l` links, udev's state. Every field is optional;
/// what is left out is a healthy default (group `video`, mode 0660, nothing held, udev running).
///
/// `camprobe-fake` reads it from the JSON file named by `CAMPROBE_FAKE_DOCTOR`, e.g.
/// `{"holders": {"/dev/video0": [{"pid": 4242, "commandLine": "v4l2-ctl --stream-mmap"}]}}`.
package struct FakeDoctorHost: DoctorHost, Codable, Sendable {
    /// `stat(2)` answers by node path.
    package var ownership: [String: NodeOwnership]?
    /// Nodes that carry a `system.posix_acl_access` ACL.
    package var acl: [String]?
    /// udev tags by node path (absent: no database entry).
    package var udevTags: [String: [String]]?
    /// This process's groups.
    package var groups: [String]?
    /// Holders by node path.
    package var holders: [String: [NodeHolder]]?
    /// `/dev/v4l` links.
    package var links: [StableLink]?
    /// udevd's files.
    package var udev: UdevState?
    /// Files by path, for `readFile` (config files, sysfs or procfs facts); others are read from the real file system.
    package var files: [String: String]?
    /// Directory listings by path, for `directoryEntries` (absent: the directory cannot be opened).
    package var directories: [String: [String]]?
    /// Symbolic links by path, for `linkTarget`; the `/dev/v4l` links (`links`) are links too.
    package var symlinks: [String: String]?
    /// What each held node answers (`VIDIOC_REQBUFS` count 0, `VIDIOC_G_PRIORITY`); absent: no answer.
    package var nodeUse: [String: NodeUse]?
    /// The applications behind the PipeWire daemon, by node path (absent: no view).
    package var pipeWireUsers: [String: [PipeWireClient]]?

    package init(
        ownership: [String: NodeOwnership]? = nil, acl: [String]? = nil, udevTags: [String: [String]]? = nil, groups: [String]? = nil,
        holders: [String: [NodeHolder]]? = nil, links: [StableLink]? = nil, udev: UdevState? = nil, files: [String: String]? = nil,
        nodeUse: [String: NodeUse]? = nil, directories: [String: [String]]? = nil, symlinks: [String: String]? = nil
    ) {
        self.ownership = ownership
        self.acl = acl
        self.udevTags = udevTags
        self.groups = groups
        self.holders = holders
        self.links = links
        self.udev = udev
        self.files = files
        self.nodeUse = nodeUse
        self.directories = directories
        self.symlinks = symlinks
    }

    /// The host `CAMPROBE_FAKE_DOCTOR` names, or the healthy default; a file that cannot be read or
    /// decoded is the healthy default too, with a note on stderr.
    package static func fromEnvironment() -> FakeDoctorHost {
        guard let p = getenv("CAMPROBE_FAKE_DOCTOR") else { return FakeDoctorHost() }
        let path = String(cString: p)
        do {
            return try JSONDecoder().decode(FakeDoctorHost.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let bytes = Array("camprobe-fake: CAMPROBE_FAKE_DOCTOR=\(path): \(error)\n".utf8)
            _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            return FakeDoctorHost()
        }
    }

    package func ownership(of path: String) -> NodeOwnership? {
        ownership?[path] ?? NodeOwnership(group: "video", mode: 0o20660, device: "81:\(path.filter(\.isNumber))")
    }
    package func hasAccessACL(_ path: String) -> Bool { acl?.contains(path) ?? false }
    package func udevTags(of path: String) -> [String]? { udevTags?[path] }
    package func processGroups() -> [String] { groups ?? ["user"] }
    package func holders(of paths: [String]) -> [String: [NodeHolder]] { (holders ?? [:]).filter { paths.contains($0.key) } }
    package func nodeUse(of path: String, bufferType: BufferType) -> NodeUse { nodeUse?[path] ?? NodeUse() }
    package func pipeWireUsers(of path: String) -> [PipeWireClient]? { pipeWireUsers?[path] }
    package func stableLinks() -> [StableLink] { links ?? [] }
    package func udevState() -> UdevState { udev ?? UdevState(controlExists: true, databaseEntries: 42) }
    package func readFile(_ path: String, limit: Int) throws(DoctorReadError) -> String {
        if let text = files?[path] { return String(decoding: text.utf8.prefix(limit), as: UTF8.self) }
        do {
            return String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)).prefix(limit), as: UTF8.self)
        } catch {
            throw DoctorReadError(path: path, reason: "cannot read it: \(error)")
        }
    }
    package func directoryEntries(_ path: String) -> [String]? { directories?[path] }
    package func linkTarget(_ path: String) -> String? { symlinks?[path] ?? links?.first { $0.link == path }?.target }
}

extension FakeDeviceSystem: DoctorHostProviding {
    /// `FakeDoctorHost.fromEnvironment()`.
    package var doctorHost: any DoctorHost { FakeDoctorHost.fromEnvironment() }
}
