import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A folder given where files are expected (`--profile DIR`, `import DIR`): the files directly in it,
/// sorted by name, and what was passed over (sub-folders, special files) with the reason.
package enum ProfileDirectory {
    /// Entries looked at, at most: a folder of profiles is a few dozen files.
    package static let limit = 4096

    /// One entry not taken, and why ("a folder (folders are read one level deep)").
    package struct Skipped: Sendable, Hashable {
        package var path: String
        package var reason: String
    }

    /// True when `path` is a directory (following links).
    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// The regular files directly in `directory`, sorted by name, as paths under it; hidden files are left out
    /// silently, sub-folders and special files are listed as skipped.
    package static func files(in directory: String) -> (files: [String], skipped: [Skipped]) {
        guard let dir = opendir(directory) else { return ([], []) }
        defer { closedir(dir) }
        var names: [String] = []
        while names.count < limit, let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var files: [String] = []
        var skipped: [Skipped] = []
        for name in names.sorted() {
            let path = base + name
            var st = stat()
            guard stat(path, &st) == 0 else {
                skipped.append(Skipped(path: path, reason: Errno.message(errno)))
                continue
            }
            switch st.st_mode & S_IFMT {
            case S_IFREG: files.append(path)
            case S_IFDIR: skipped.append(Skipped(path: path, reason: "a folder (folders are read one level deep)"))
            default: skipped.append(Skipped(path: path, reason: "not a regular file"))
            }
        }
        return (files, skipped)
    }
}
