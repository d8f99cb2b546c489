/// Writes 8-bit RGB images as PNG (ISO/IEC 15948) without zlib: the image data
/// is a zlib stream (RFC 1950) of stored, uncompressed deflate blocks
/// (RFC 1951 §3.2.4, at most 65535 bytes each) ending with its Adler-32, and
/// every chunk carries its CRC-32. Files are about as large as the raw pixels;
/// any PNG reader opens them.
package enum PNGWriter {
    /// The eight bytes every PNG file starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The largest deflate stored block (its LEN field is 16 bits).
    package static let maxStoredBlock = 65535

    /// Why an image cannot be written.
    package struct SizeError: Error, Sendable, Hashable, CustomStringConvertible {
        package var description: String
    }

    /// A PNG of `rgb` (`width * height * 3` bytes, rows top to bottom, no padding):
    /// signature, IHDR (8-bit truecolour, no interlace), one IDAT, IEND.
    package static func encode(rgb: [UInt8], width: Int, height: Int) throws(SizeError) -> [UInt8] {
        guard width > 0, height > 0, width <= 0x7FFF_FFFF / 3, height <= 0x7FFF_FFFF else {
            throw SizeError(description: "a PNG cannot be \(width)x\(height)")
        }
        let (rowBytes, o1) = width.multipliedReportingOverflow(by: 3)
        let (total, o2) = rowBytes.multipliedReportingOverflow(by: height)
        guard !o1, !o2, rgb.count == total else {
            throw SizeError(description: "\(rgb.count) bytes of RGB are not a \(width)x\(height) image (\(total) expected)")
        }
        var out = signature
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, colour type 2 (RGB), deflate, filter method 0, no interlace
        appendChunk("IHDR", header, to: &out)
        appendChunk("IDAT", zlibStored(scanlines(rgb, rowBytes: rowBytes, height: height)), to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// The image's rows, each after its filter-type byte (0: none).
    static func scanlines(_ rgb: [UInt8], rowBytes: Int, height: Int) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((rowBytes + 1) * height)
        for y in 0..<height {
            raw.append(0)
            raw += rgb[(y * rowBytes)..<((y + 1) * rowBytes)]
        }
        return raw
    }

    /// `data` as a zlib stream of stored deflate blocks: header 0x78 0x01
    /// (deflate, 32 KiB window, no dictionary, FCHECK making it a multiple of 31),
    /// then per block BFINAL/BTYPE=00, LEN, NLEN (little-endian), the bytes; then Adler-32.
    package static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        out.reserveCapacity(data.count + data.count / maxStoredBlock * 5 + 16)
        var start = 0
        repeat {
            let end = min(start + maxStoredBlock, data.count)
            let len = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(len & 0xFF), UInt8(len >> 8), UInt8(~len & 0xFF), UInt8(~len >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        out.appendBigEndian(Adler32.checksum(data))
        return out
    }

    /// Length, type, data, CRC-32 over type and data.
    static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out.appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        out += typeAndData
        out.appendBigEndian(CRC32.checksum(typeAndData))
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ v: UInt32) {
        append(contentsOf: [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)])
    }
}
