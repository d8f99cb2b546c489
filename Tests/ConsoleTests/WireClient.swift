import Foundation
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A plain HTTP/1.1 client on a loopback socket, for the console's tests: what a browser or curl sends, byte for byte,
/// with bounded waits (every read times out), run on a thread of its own.
struct WireClient: Sendable {
    let port: Int

    struct Reply: Sendable {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        /// The body as JSON.
        func json() throws -> [String: Any] {
            guard let o = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
                throw WireError(description: "not a JSON object: \(text.prefix(300))")
            }
            return o
        }
    }

    struct WireError: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends `raw` as it is and reads the answer until the server closes or `seconds` pass.
    func exchange(_ raw: [UInt8], seconds: Double = 10) async throws -> [UInt8] {
        let port = self.port
        return try await DedicatedThread.runThrowing("wire client") {
            let fd = try Self.connect(port, timeout: seconds)
            defer { close(fd) }
            var off = 0
            while off < raw.count {
                let n = raw.withUnsafeBytes { send(fd, $0.baseAddress! + off, raw.count - off, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { break }  // the server may answer and close before reading a large body
                off += n
            }
            return Self.readAll(fd, seconds: seconds)
        }
    }

    /// A request; the answer parsed.
    func request(
        _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = [], seconds: Double = 10
    ) async throws -> Reply {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (k, v) in headers.sorted(by: { $0.key < $1.key }) { head += "\(k): \(v)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return try Self.parse(try await exchange(Array(head.utf8) + body, seconds: seconds))
    }

    /// Opens `/api/events` and reads until `enough` holds for what came, or `seconds` pass; what came.
    func events(token: String, seconds: Double, until enough: @escaping @Sendable (String) -> Bool) async throws -> String {
        let port = self.port
        return try await DedicatedThread.runThrowing("event reader") {
            let fd = try Self.connect(port, timeout: 0.1)
            defer { close(fd) }
            let req =
                "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\nAccept: text/event-stream\r\n\r\n"
            _ = Array(req.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var got: [UInt8] = []
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            var buffer = [UInt8](repeating: 0, count: 65536)
            while ContinuousClock.now < deadline {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n == 0 { break }
                if n > 0 {
                    got += buffer[..<n]
                    if enough(String(decoding: got, as: UTF8.self)) { break }
                }
            }
            return String(decoding: got, as: UTF8.self)
        }
    }

    static func connect(_ port: Int, timeout: Double) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw WireError(description: "socket: \(Errno.describe(errno))") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard r == 0 else {
            let e = errno
            close(fd)
            throw WireError(description: "connect: \(Errno.describe(e))")
        }
        return fd
    }

    static func readAll(_ fd: Int32, seconds: Double) -> [UInt8] {
        var got: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { if n < 0 && (errno == EAGAIN || errno == EINTR) { continue } else { break } }
            got += buffer[..<n]
        }
        return got
    }

    static func parse(_ raw: [UInt8]) throws -> Reply {
        let text = String(decoding: raw, as: UTF8.self)
        guard let split = raw.indices.first(where: { i in i + 3 < raw.count && raw[i...i + 3].elementsEqual([13, 10, 13, 10]) }) else {
            throw WireError(description: "no complete answer: \(text.prefix(200))")
        }
        let head = String(decoding: raw[..<split], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [(String, String)] = []
        for line in head.dropFirst() {
            guard let c = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<c]), String(line[line.index(after: c)...]).trimmingCharacters(in: .whitespaces)))
        }
        var body = Array(raw[(split + 4)...])
        if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1.lowercased() == "chunked" }) {
            var out: [UInt8] = []
            var i = 0
            while let nl = body[i...].firstIndex(of: 10),
                let size = Int(String(decoding: body[i..<nl], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), radix: 16),
                size > 0
            {
                out += body[(nl + 1)..<min(nl + 1 + size, body.count)]
                i = min(nl + 1 + size + 2, body.count)
            }
            body = out
        }
        return Reply(status: status, headers: headers, body: body)
    }
}
