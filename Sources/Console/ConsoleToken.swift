import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The secret a request must carry: made at start (128 random bits from `getrandom(2)`, as hex) or read from a file.
package struct ConsoleToken: Sendable, Equatable {
    /// The token's text.
    package let text: String

    /// A token of `text` as it is.
    package init(text: String) { self.text = text }

    /// A new random token: 32 hex digits.
    package static func random() -> ConsoleToken {
        var generator = SystemRandomNumberGenerator()
        let words = [generator.next(), generator.next()] as [UInt64]
        return ConsoleToken(
            text: words.map { w in String(repeating: "0", count: 16 - String(w, radix: 16).count) + String(w, radix: 16) }.joined())
    }

    /// Why a token file cannot be used.
    package struct FileError: Error, CustomStringConvertible {
        /// The file.
        package var path: String
        /// Why.
        package var why: String
        /// The message.
        package var description: String { "--token-file \(path): \(why)" }
    }

    /// The token in `path`: its first line, without surrounding spaces. Refused when unreadable, empty, longer than
    /// 4 KiB, or holding characters a header cannot carry.
    package static func read(path: String) throws(FileError) -> ConsoleToken {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(path: path, why: Errno.describe(errno)) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4097)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n >= 0 else { throw FileError(path: path, why: Errno.describe(errno)) }
        guard n <= 4096 else { throw FileError(path: path, why: "longer than 4 KiB; a token is one short line") }
        let first = String(decoding: bytes[..<n], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let text = String(first.trimmingSpaces.filter { $0 != "\r" })
        guard !text.isEmpty else { throw FileError(path: path, why: "the file is empty; write a token on its first line") }
        guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw FileError(path: path, why: "the token holds spaces or characters outside printable ASCII")
        }
        return ConsoleToken(text: text)
    }

    /// Whether `given` is this token, compared in time that does not depend on where they differ.
    package func matches(_ given: Substring?) -> Bool {
        guard let given else { return false }
        let a = Array(text.utf8)
        let b = Array(given.utf8)
        var diff = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<max(a.count, b.count) { diff |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0) }
        return diff == 0
    }
}
