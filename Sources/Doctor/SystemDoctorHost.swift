import CamProbe
import CaptureModel
import HostSystem
import V4L2

#if canImport(Glibc)
    import Glibc
#endif

/// The real machine for `camprobe doctor`: `stat(2)`, `getxattr(2)`, udev's database files,
/// `/proc`, `/dev/v4l` and `/run/udev`. Only reads.
package struct SystemDoctorHost: DoctorHost {
    package func pipeWireUsers(of path: String) -> [PipeWireClient]? { PipeWireUsers.behind(path) }
    package var scan = ProcHolderScan()
    package init() {}

    /// `stat(2)`; the group name from `getgrgid_r(3)`.
    package func ownership(of path: String) -> NodeOwnership? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        let rdev = UInt64(st.st_rdev)
        let major = ((rdev >> 8) & 0xfff) | ((rdev >> 32) & ~UInt64(0xfff))
        let minor = (rdev & 0xff) | ((rdev >> 12) & ~UInt64(0xff))
        return NodeOwnership(group: Self.groupName(st.st_gid), mode: UInt32(st.st_mode), device: "\(major):\(minor)")
    }

    /// `getxattr(path, "system.posix_acl_access", NULL, 0)` ≥ 0: the node has an access ACL.
    /// (Glibc's module map leaves `<sys/xattr.h>` out, so libc's `getxattr` is found with `dlsym(3)`.)
    package func hasAccessACL(_ path: String) -> Bool {
        typealias GetXattr = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int
        guard let symbol = dlsym(nil, "getxattr") else { return false }
        let getxattr = unsafeBitCast(symbol, to: GetXattr.self)
        return getxattr(path, "system.posix_acl_access", nil, 0) >= 0
    }

    /// `/run/udev/data/cMAJ:MIN`: its `G:` (TAGS) and `Q:` (CURRENT_TAGS) lines.
    package func udevTags(of path: String) -> [String]? {
        guard let dev = ownership(of: path)?.device,
            case .success(let bytes) = HostFiles.read("/run/udev/data/c\(dev)", limit: 65536)
        else { return nil }
        var tags: [String] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("G:") || line.hasPrefix("Q:") {
            let tag = String(line.dropFirst(2))
            if !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    /// `getgroups(2)` and `getegid(2)`, named by `getgrgid_r(3)`.
    package func processGroups() -> [String] {
        var ids = [gid_t](repeating: 0, count: 1024)
        let n = getgroups(Int32(ids.count), &ids)
        var names = [Self.groupName(getegid())]
        for g in ids.prefix(max(0, Int(n))) {
            let name = Self.groupName(g)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `/proc/*/fd/*` (bounded: `ProcHolderScan`), matching the path and what it resolves to; this process excluded.
    package func holders(of paths: [String]) -> [String: [NodeHolder]] {
        var names: [String: String] = [:]
        for p in paths {
            names[p] = p
            if let real = HostFiles.resolved(p) { names[real] = p }
        }
        return scan.holders(of: names, excluding: getpid())
    }

    /// Opens the node read-write, non-blocking (`SystemDevicePort`), and asks it (`NodeUsers.probe`).
    package func nodeUse(of path: String, bufferType: BufferType) -> NodeUse {
        guard let port = try? SystemDevicePort(path: path) else { return NodeUse() }
        let answer = NodeUsers.probe(port, bufferType: bufferType)
        return NodeUse(bufferQueueOwned: answer.bufferQueueOwned, recordPriority: answer.recordPriority)
    }

    /// `readlink(2)` on every entry of `/dev/v4l/by-id` and `/dev/v4l/by-path` (at most 4096 each).
    package func stableLinks() -> [StableLink] {
        var links: [StableLink] = []
        for dir in ["/dev/v4l/by-id", "/dev/v4l/by-path"] {
            for name in HostFiles.entries(dir, limit: 4096).sorted() {
                let link = "\(dir)/\(name)"
                guard let target = HostFiles.resolved(link) else { continue }
                links.append(StableLink(link: link, target: target))
            }
        }
        return links
    }

    /// `access("/run/udev/control", F_OK)` and the entries of `/run/udev/data` (at most 100000 counted).
    package func udevState() -> UdevState {
        let control = access("/run/udev/control", F_OK) == 0
        var entries: Int?
        if let dir = opendir("/run/udev/data") {
            closedir(dir)
            entries = HostFiles.entries("/run/udev/data", limit: 100_000).count
        }
        return UdevState(controlExists: control, databaseEntries: entries)
    }

    /// `open(2)`/`read(2)` of the file, at most `limit` bytes (`HostFiles.read`).
    package func readFile(_ path: String, limit: Int) throws(DoctorReadError) -> String {
        switch HostFiles.read(path, limit: limit) {
        case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .failure(let e): throw DoctorReadError(path: path, reason: "cannot read it: \(e.text)")
        }
    }

    /// `opendir(3)`, then its names (`HostFiles.entries`, at most 100000).
    package func directoryEntries(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        closedir(dir)
        return HostFiles.entries(path, limit: 100_000)
    }

    /// `readlink(2)` (`HostFiles.link`).
    package func linkTarget(_ path: String) -> String? { HostFiles.link(path) }

    static func groupName(_ gid: gid_t) -> String {
        var group = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        var buf = [CChar](repeating: 0, count: 16384)
        guard getgrgid_r(gid, &group, &buf, buf.count, &result) == 0, result != nil, let name = group.gr_name else { return "\(gid)" }
        return String(cString: name)
    }
}
