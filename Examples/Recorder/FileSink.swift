// The file under the recorder's container writers (Y4MWriter, AVIWriter,
// WAVWriter): open(2), a write loop that survives short writes and EINTR,
// pwrite(2) to patch headers in place, fsync(2) and close(2). No Foundation.
//
// A failed write is rolled back (ftruncate(2) + lseek(2) to where it began),
// so the file only ever holds whole records and a writer can still finish
// it in close() after an error.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recorder file's error: the file, what was being done, and errno's text.
struct RecorderFileError: Error, CustomStringConvertible {
    let path: String
    let operation: String
    /// errno when a system call failed, nil for the writers' own checks.
    let code: Int32?
    let detail: String

    /// A failed system call: the text comes from strerror(3).
    init(path: String, operation: String, errno code: Int32) {
        self.path = path
        self.operation = operation
        self.code = code
        self.detail = String(cString: strerror(code))
    }

    /// A refused request (bad size, unsupported format, file full, ...).
    init(path: String, _ message: String) {
        self.path = path
        self.operation = ""
        self.code = nil
        self.detail = message
    }

    var description: String {
        if let code {
            return "\(path): \(operation): \(detail) (errno \(code))"
        }
        return "\(path): \(detail)"
    }
}

// File-scope wrappers, so FileSink's own write/close methods do not shadow the system calls.
private func systemOpen(_ path: String) -> Int32 {
    open(path, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o644)
}
private func systemWrite(_ fd: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, base, count)
}
private func systemPwrite(_ fd: Int32, _ base: UnsafeRawPointer, _ count: Int, _ offset: Int64) -> Int {
    pwrite(fd, base, count, off_t(offset))
}
private func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}

/// A write-only file, written front to back, with in-place patches.
final class FileSink {
    let path: String
    private var fd: Int32
    /// Bytes appended so far: the offset of the next `write`.
    private(set) var offset: UInt64 = 0

    /// Creates (or truncates) `path`, mode 0644.
    init(path: String) throws {
        self.path = path
        var fd: Int32
        repeat { fd = systemOpen(path) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw RecorderFileError(path: path, operation: "open", errno: errno) }
        self.fd = fd
    }

    deinit {
        if fd >= 0 { _ = systemClose(fd) }
    }

    var isOpen: Bool { fd >= 0 }

    /// Appends all of `bytes`; on failure the file is cut back to where this write began.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard fd >= 0 else { throw RecorderFileError(path: path, "write after close") }
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let start = offset
        var done = 0
        while done < bytes.count {
            let n = systemWrite(fd, base + done, bytes.count - done)
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                rollBack(to: start)
                throw RecorderFileError(path: path, operation: "write", errno: code)
            }
            if n == 0 {  // Not expected from a regular file; do not spin.
                rollBack(to: start)
                throw RecorderFileError(path: path, operation: "write", errno: EIO)
            }
            done += n
        }
        offset = start + UInt64(bytes.count)
    }

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Overwrites bytes already written at `at` (pwrite(2): the append offset does not move).
    func patch(_ bytes: [UInt8], at position: UInt64) throws {
        try bytes.withUnsafeBytes { try patch($0, at: position) }
    }

    /// Overwrites bytes already written at `at`, from memory the caller keeps (no copy, no allocation):
    /// how the writers rewrite their headers while recording. No fsync: the bytes are in the page
    /// cache once pwrite(2) returns, so they survive the process being killed (not a power cut).
    func patch(_ raw: UnsafeRawBufferPointer, at position: UInt64) throws {
        guard fd >= 0 else { throw RecorderFileError(path: path, "patch after close") }
        guard position + UInt64(raw.count) <= offset else {
            throw RecorderFileError(path: path, "patch at \(position) past the end (\(offset))")
        }
        guard let base = raw.baseAddress else { return }
        var done = 0
        while done < raw.count {
            let n = systemPwrite(fd, base + done, raw.count - done, Int64(position) + Int64(done))
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                throw RecorderFileError(path: path, operation: "pwrite", errno: code)
            }
            if n == 0 { throw RecorderFileError(path: path, operation: "pwrite", errno: EIO) }
            done += n
        }
    }

    /// Cuts the file back to `position` (a record boundary) and appends from there. Best effort.
    @discardableResult
    func rollBack(to position: UInt64) -> Bool {
        guard fd >= 0 else { return false }
        var result: Int32
        repeat { result = ftruncate(fd, off_t(position)) } while result < 0 && errno == EINTR
        let moved = lseek(fd, off_t(position), SEEK_SET)
        if moved >= 0 { offset = UInt64(moved) }
        return result == 0 && moved == off_t(position)
    }

    /// fsync(2) then close(2); closes even when fsync fails. A second call does nothing.
    func close() throws {
        guard fd >= 0 else { return }
        let fd = self.fd
        self.fd = -1
        var syncError: Int32 = 0
        if fsync(fd) < 0, errno != EINVAL, errno != EROFS {  // EINVAL/EROFS: a file that cannot be synced.
            syncError = errno
        }
        if systemClose(fd) < 0, errno != EINTR {  // After EINTR the descriptor is gone on Linux: never retry.
            throw RecorderFileError(path: path, operation: "close", errno: errno)
        }
        if syncError != 0 { throw RecorderFileError(path: path, operation: "fsync", errno: syncError) }
    }
}

// Little-endian field encoding for the RIFF writers.
extension Array where Element == UInt8 {
    mutating func appendLE16(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func appendLE32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// A four-character code, as its four ASCII bytes ("RIFF", "00dc").
    mutating func appendFourCC(_ code: StaticString) {
        precondition(code.utf8CodeUnitCount == 4, "a FourCC is 4 bytes")
        append(contentsOf: UnsafeBufferPointer(start: code.utf8Start, count: 4))
    }

    /// Overwrites the 4 bytes at `position` with `value`, little-endian (a header kept in memory).
    mutating func setLE32(_ value: UInt32, at position: Int) {
        for i in 0..<4 { self[position + i] = UInt8(truncatingIfNeeded: value >> UInt32(8 * i)) }
    }

    /// `value` as 4 little-endian bytes, for `FileSink.patch`.
    static func le32(_ value: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLE32(value)
        return bytes
    }
}
