import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// The fds open in this process now.
package func openDescriptors() -> Set<Int32> {
    var fds = Set<Int32>()
    guard let dir = opendir("/proc/self/fd") else { return fds }
    defer { closedir(dir) }
    let own = dirfd(dir)
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if let fd = Int32(name), fd != own { fds.insert(fd) }
    }
    return fds
}

extension FourCC {
    package static let yuyvSeam: FourCC = "YUYV"
    package static let mjpgSeam: FourCC = "MJPG"
}
