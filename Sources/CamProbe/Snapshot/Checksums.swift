/// CRC-32 as PNG chunks use it (ISO 3309 / ITU-T V.42: polynomial 0xEDB88320
/// reflected, initial value and final XOR 0xFFFFFFFF), the same value as
/// zlib's `crc32()`.
package struct CRC32: Sendable, Hashable {
    package private(set) var value: UInt32 = 0

    package init() {}

    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// Adds `bytes` to the running checksum.
    package mutating func update<C: Collection<UInt8>>(_ bytes: C) {
        var c = ~value
        for b in bytes { c = CRC32.table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        value = ~c
    }

    /// The CRC-32 of `bytes`.
    package static func checksum<C: Collection<UInt8>>(_ bytes: C) -> UInt32 {
        var c = CRC32()
        c.update(bytes)
        return c.value
    }
}

/// Adler-32, the checksum that ends a zlib stream (RFC 1950), the same value
/// as zlib's `adler32()`.
package struct Adler32: Sendable, Hashable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    package init() {}

    package var value: UInt32 { b << 16 | a }

    /// Adds `bytes` to the running checksum.
    package mutating func update<C: Collection<UInt8>>(_ bytes: C) {
        // 5552 bytes is the most that can be summed before the 32-bit sums must be reduced.
        var count = 0
        for byte in bytes {
            a &+= UInt32(byte)
            b &+= a
            count += 1
            if count == 5552 {
                a %= 65521
                b %= 65521
                count = 0
            }
        }
        a %= 65521
        b %= 65521
    }

    /// The Adler-32 of `bytes`.
    package static func checksum<C: Collection<UInt8>>(_ bytes: C) -> UInt32 {
        var c = Adler32()
        c.update(bytes)
        return c.value
    }
}
