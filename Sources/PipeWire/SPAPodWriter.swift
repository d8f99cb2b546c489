/// Writes SPA PODs as libspa's builder lays them out: an 8-byte header (body size, type), the body padded to 8. What
/// the native protocol's requests are made of (`NativeMessage.Builder`), and what the fake at the seam builds its
/// daemon's answers from.
package enum SPAPodWriter {
    /// A 32-bit word, little-endian (the wire's and every supported machine's order).
    package static func u32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)] }

    package static func pod(type: UInt32, body: [UInt8]) -> [UInt8] {
        u32(UInt32(body.count)) + u32(type) + body + [UInt8](repeating: 0, count: (8 - body.count % 8) % 8)
    }

    package static func int(_ v: Int32) -> [UInt8] { pod(type: SPAType.int, body: u32(UInt32(bitPattern: v))) }

    /// An Id (`SPA_TYPE_Id`): a param id such as `SPA_PARAM_EnumFormat`.
    package static func id(_ v: UInt32) -> [UInt8] { pod(type: SPAType.id, body: u32(v)) }

    /// A None POD: what a NULL pointer (a filter, a string) is sent as.
    package static let none: [UInt8] = pod(type: SPAType.none, body: [])

    /// A string: its bytes and a NUL.
    package static func string(_ s: String) -> [UInt8] { pod(type: SPAType.string, body: Array(s.utf8) + [0]) }

    package static func structure(_ members: [[UInt8]]) -> [UInt8] { pod(type: SPAType.structure, body: members.flatMap { $0 }) }

    /// A dictionary as the native protocol sends one: a struct of the count, then each key and value.
    package static func dictionary(_ items: [(String, String)]) -> [UInt8] {
        structure([int(Int32(items.count))] + items.flatMap { [string($0.0), string($0.1)] })
    }
}
