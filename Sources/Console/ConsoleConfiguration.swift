/// How `camprobe-serve` runs: where it listens, the token every request carries, whether controls may be written.
package struct ConsoleConfiguration: Sendable {
    /// The address to listen on (`--listen`; 127.0.0.1 by default: this machine only).
    package var host: String
    /// The TCP port (`--listen`; 0 takes any free port, for tests).
    package var port: Int
    /// The secret every request carries (`Authorization: Bearer`, or for pages the cookie `?token=` sets).
    package var token: ConsoleToken
    /// Whether `POST /api/devices/ID/controls` may write (`--allow-control`); without it, 403 and nothing changes.
    package var allowControl: Bool
    /// Requests over this size are refused with 413.
    package var bodyLimit = 64 * 1024
    /// Requests beyond this burst, refilled at `requestsPerSecond`, are refused with 429.
    package var requestBurst = 400
    /// The sustained request rate allowed.
    package var requestsPerSecond = 100.0

    /// The default `--listen`.
    package static let defaultListen = "127.0.0.1:8637"

    /// A configuration; see the properties.
    package init(host: String, port: Int, token: ConsoleToken, allowControl: Bool) {
        self.host = host
        self.port = port
        self.token = token
        self.allowControl = allowControl
    }

    /// `ADDR:PORT` (`[v6]:PORT` for IPv6), or the reason it is not one.
    package static func listen(_ text: String) -> Result<(host: String, port: Int), ListenError> {
        guard let colon = text.lastIndex(of: ":") else {
            return .failure(ListenError(text: text, why: "give ADDR:PORT, e.g. 127.0.0.1:8637"))
        }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return .failure(ListenError(text: text, why: "the address is missing, e.g. 127.0.0.1:8637")) }
        guard let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else {
            return .failure(ListenError(text: text, why: "the port must be a number from 0 to 65535"))
        }
        return .success((host, port))
    }

    /// A `--listen` that cannot be used.
    package struct ListenError: Error, CustomStringConvertible {
        /// What was given.
        package var text: String
        /// Why it cannot be used.
        package var why: String
        /// The message.
        package var description: String { "--listen '\(text)': \(why)" }
    }
}
