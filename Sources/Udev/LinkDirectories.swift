#if canImport(Glibc)
    import Glibc
#endif

/// The `/dev/v4l/by-id` and `/dev/v4l/by-path` symlinks, resolved to the
/// nodes they point at (read directly, so they are found even when udev's
/// database is not available to this process).
struct LinkDirectories {
    var byID: [String: [String]] = [:]
    var byPath: [String: [String]] = [:]

    /// True when `link` exists and resolves to a node other than `devnode`: udev's `DEVLINKS` names
    /// every link a node asked for, also one that another node won (two identical cameras without a
    /// serial both ask for the same `/dev/v4l/by-id/…-video-index0`).
    func pointsElsewhere(_ link: String, than devnode: String) -> Bool {
        for (target, links) in byID where target != devnode && links.contains(link) { return true }
        for (target, links) in byPath where target != devnode && links.contains(link) { return true }
        return false
    }

    static func read() -> LinkDirectories {
        var l = LinkDirectories()
        l.byID = scan("/dev/v4l/by-id")
        l.byPath = scan("/dev/v4l/by-path")
        return l
    }

    /// Maps resolved target → links. Bounded: at most 4096 entries per directory.
    static func scan(_ dir: String) -> [String: [String]] {
        guard let d = opendir(dir) else { return [:] }
        defer { closedir(d) }
        var out: [String: [String]] = [:]
        var n = 0
        while let e = readdir(d), n < 4096 {
            n += 1
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let link = dir + "/" + name
            guard let resolved = target(of: link) else { continue }
            out[resolved, default: []].append(link)
        }
        return out
    }

    /// The node a link resolves to (`realpath(3)`), or nil when it is dangling or gone.
    static func target(of link: String) -> String? {
        guard let resolved = realpath(link, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
