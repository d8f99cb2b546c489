/// A V4L2 pixel format code (`v4l2_fourcc(a, b, c, d)`), e.g. `YUYV`, `MJPG`.
///
/// Stored as the raw little-endian `__u32`; shown as four characters with
/// trailing spaces kept (`'Y10 '`), and a big-endian variant marked `-BE`.
public struct FourCC: Sendable, Hashable, Codable, CustomStringConvertible, Comparable, ExpressibleByStringLiteral {
    public var rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Builds a code from up to four ASCII characters (padded with spaces).
    public init?(_ text: String) {
        var bytes = Array(text.utf8)
        var bigEndian = false
        if bytes.count > 4, text.hasSuffix("-BE") {
            bytes.removeLast(3)
            bigEndian = true
        }
        guard !bytes.isEmpty, bytes.count <= 4, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return nil }
        while bytes.count < 4 { bytes.append(0x20) }
        var v = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        if bigEndian { v |= 1 << 31 }
        rawValue = v
    }

    /// The four characters (trailing spaces preserved), `-BE` appended for big-endian variants.
    public var description: String {
        let be = rawValue & (1 << 31) != 0
        let v = rawValue & ~(be ? UInt32(1) << 31 : 0)
        let chars = (0..<4).map { i -> Character in
            let b = UInt8((v >> (8 * UInt32(i))) & 0xff)
            return (b >= 0x20 && b < 0x7f) ? Character(Unicode.Scalar(b)) : "."
        }
        return String(chars) + (be ? "-BE" : "")
    }

    /// The code as people write it: `description` without the spaces that pad a short code (`'Y10 '` → `Y10`,
    /// `'Y8  '` → `Y8`); `-BE` kept. The one place that trims them.
    public var name: String {
        var s = Substring(description)
        while s.last == " " { s.removeLast() }
        return String(s)
    }

    public static func < (a: FourCC, b: FourCC) -> Bool { a.description < b.description }

    /// A code written as a literal: `let mjpeg: FourCC = "MJPG"`, `.list(["MJPG", "YUYV"])`,
    /// and `FourCC("MJPG")` (a literal argument makes that this initializer, not the failable one).
    ///
    /// Checked where it is used, like `StaticString` APIs: anything but exactly four
    /// printable ASCII characters (spaces included, as in `"Y10 "`) optionally followed
    /// by `-BE` traps with a message naming the literal. For text known only at run
    /// time use the failable `init?(_:)`.
    public init(stringLiteral literal: StaticString) {
        let text =
            literal.hasPointerRepresentation
            ? String(decoding: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount), as: UTF8.self)
            : String(literal.unicodeScalar)
        let code = text.hasSuffix("-BE") ? text.utf8.dropLast(3) : text.utf8[...]
        guard code.count == 4, let valid = FourCC(text) else {
            fatalError(
                "FourCC literal \"\(text)\" is not four ASCII characters (pad with spaces, e.g. \"Y10 \"); use FourCC(_:) for runtime text")
        }
        self = valid
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let f = FourCC(s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a fourcc: \"\(s)\"")
        }
        self = f
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
