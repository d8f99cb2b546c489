import FoundationEssentials
import Testing

@testable import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// `AtomicFile`: what `-o` may replace, the modes it leaves, and its cleanup.
@Suite("Atomic file writes")
struct FileIOTests {
    /// A new private directory.
    static func scratch() -> String {
        var template = Array("/tmp/camprobe-fileio-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    static func mode(_ path: String) -> mode_t {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o7777 : 0
    }

    static func entries(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func openFDs() -> Int { entries("/proc/self/fd").count }

    @Test func refusesAFIFOAndLeavesIt() throws {
        let dir = Self.scratch()
        let fifo = dir + "/fifo"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: FileWriteError.self) { try AtomicFile.write("{}", to: fifo) }
        var st = stat()
        #expect(lstat(fifo, &st) == 0 && st.st_mode & S_IFMT == S_IFIFO)
        #expect(Self.entries(dir) == ["fifo"])
    }

    @Test(.enabled(if: geteuid() == 0, "making a device node needs root"))
    func refusesACharacterDeviceAndKeepsTheNode() throws {
        let dir = Self.scratch()
        let null = dir + "/null"
        #expect(mknod(null, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        do {
            try AtomicFile.write("{}", to: null)
            Issue.record("a character device was replaced")
        } catch {
            #expect(error.description.contains("it is a character device, not a regular file"), "\(error)")
        }
        var st = stat()
        #expect(lstat(null, &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
        // Through a symbolic link too.
        #expect(symlink(null, dir + "/link") == 0)
        #expect(throws: FileWriteError.self) { try AtomicFile.write("{}", to: dir + "/link") }
        #expect(lstat(null, &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
        #expect(Self.entries(dir) == ["link", "null"])
    }

    @Test func keepsTheModeOfAnExistingFile() throws {
        let dir = Self.scratch()
        for m: mode_t in [0o600, 0o640, 0o604] {
            let path = dir + "/p\(m).json"
            try AtomicFile.write("old", to: path)
            #expect(chmod(path, m) == 0)
            try AtomicFile.write("new", to: path)
            #expect(Self.mode(path) == m)
            #expect(try String(decoding: ReadFile.bytes(path, limit: 100), as: UTF8.self) == "new\n")
        }
    }

    @Test func newFilesFollowTheUmaskAndExactModeIsExact() throws {
        let dir = Self.scratch()
        let mask = umask(0o022)
        umask(mask)
        try AtomicFile.write("x", to: dir + "/a.json")
        #expect(Self.mode(dir + "/a.json") == 0o644 & ~mask)
        try AtomicFile.write("x", to: dir + "/b.json", mode: 0o600, exactMode: true)
        #expect(Self.mode(dir + "/b.json") == 0o600)
        #expect(chmod(dir + "/b.json", 0o644) == 0)
        try AtomicFile.write("y", to: dir + "/b.json", mode: 0o600, exactMode: true)
        #expect(Self.mode(dir + "/b.json") == 0o600)
        #expect(Self.entries(dir) == ["a.json", "b.json"])
    }

    @Test func aFailedFsyncClosesAndRemovesTheTemporaryFile() throws {
        let dir = Self.scratch()
        let path = dir + "/p.json"
        try AtomicFile.write("old", to: path)
        let before = Self.openFDs()
        for _ in 0..<64 {
            do {
                try AtomicFile.write(
                    Array("new\n".utf8), to: path, mode: 0o644, exactMode: false,
                    sync: { _ in
                        errno = EIO
                        return -1
                    })
                Issue.record("an fsync failure was ignored")
            } catch {
                #expect(error.message == String(cString: strerror(EIO)))
            }
        }
        // 64 leaked descriptors before the fix; allow a few opened meanwhile by other tests.
        #expect(Self.openFDs() - before < 8)
        #expect(Self.entries(dir) == ["p.json"])
        #expect(try String(decoding: ReadFile.bytes(path, limit: 100), as: UTF8.self) == "old\n")
    }

    @Test func temporaryFilesAreUniqueAndHidden() throws {
        let dir = Self.scratch()
        let path = dir + "/p.json"
        var names: Set<String> = []
        for _ in 0..<20 {
            let (fd, tmp) = try AtomicFile.createTemporary(next: path)
            close(fd)
            #expect(tmp.hasPrefix(dir + "/.p.json.tmp-"))
            #expect(Self.mode(tmp) == 0o600)
            names.insert(tmp)
            unlink(tmp)
        }
        #expect(names.count == 20)
    }
}
