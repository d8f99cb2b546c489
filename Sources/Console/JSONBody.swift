import FoundationEssentials
import Hummingbird

/// A request body read as JSON: any value, so a field of the wrong type is named in the error rather than failing
/// a whole decode.
package enum JSONValue: Sendable, Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Reads any JSON value.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    /// The value as command-line text: a string as it is, a whole number without a fraction, true/false as on/off.
    var argumentText: String? {
        switch self {
        case .string(let s): s
        case .number(let n) where n == n.rounded() && abs(n) < 1e15: String(Int64(n))
        case .number(let n): String(n)
        case .bool(let b): b ? "on" : "off"
        default: nil
        }
    }

    /// The body of `request` (at most `limit` bytes, else 413), which must be a JSON object (else 400).
    static func object(_ request: Request, limit: Int) async throws -> [String: JSONValue] {
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: limit) } catch {
            throw ConsoleError(.contentTooLarge, "the body is over \(limit / 1024) KiB")
        }
        let bytes = Data(buffer.readableBytesView)
        // Depth is bounded by the decoder (it refuses nesting deeper than 512 levels) and the size by `limit`.
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: bytes) else {
            throw ConsoleError(.badRequest, "the body is not JSON")
        }
        guard case .object(let fields) = value else { throw ConsoleError(.badRequest, "the body must be a JSON object") }
        return fields
    }
}
