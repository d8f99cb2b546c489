#if canImport(Glibc)
    import Glibc
#endif

/// The bytes an unprivileged process may still write on the file system holding
/// `path`'s directory (statvfs(3): f_bavail × f_frsize), nil when it cannot be read.
func freeBytes(near path: String) -> UInt64? {
    var directory = path
    if let slash = path.lastIndex(of: "/") {
        directory = slash == path.startIndex ? "/" : String(path[..<slash])
    } else {
        directory = "."
    }
    var info = statvfs()
    guard statvfs(directory, &info) == 0 else { return nil }
    return UInt64(info.f_bavail) &* UInt64(info.f_frsize)
}
