import CZlib
import CamProbe

/// Writes 8-bit RGB images as PNG (ISO/IEC 15948): signature, IHDR, one IDAT holding the rows deflated by zlib
/// (`compress2`, level 6) after each row's "Up" filter, IEND; every chunk carries zlib's CRC-32.
package enum PNGWriter {
    /// The eight bytes every PNG file starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

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
        appendChunk("IDAT", try deflate(scanlines(rgb, rowBytes: rowBytes, height: height)), to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// The image's rows, each after its filter-type byte: the first row unfiltered (0), every other row as its
    /// difference from the row above (2, "Up"), which camera images deflate far better than raw rows.
    package static func scanlines(_ rgb: [UInt8], rowBytes: Int, height: Int) -> [UInt8] {
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        rgb.withUnsafeBufferPointer { src in
            raw.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let o = y * (rowBytes + 1)
                    let row = y * rowBytes
                    if y == 0 {
                        for x in 0..<rowBytes { dst[o + 1 + x] = src[x] }
                    } else {
                        dst[o] = 2
                        for x in 0..<rowBytes { dst[o + 1 + x] = src[row + x] &- src[row - rowBytes + x] }
                    }
                }
            }
        }
        return raw
    }

    /// `data` as one zlib stream (RFC 1950). The corresponding C call is `compress2`.
    package static func deflate(_ data: [UInt8]) throws(SizeError) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let rc = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { i in compress2(o.baseAddress, &length, i.baseAddress, uLong(i.count), 6) }
        }
        guard rc == Z_OK else { throw SizeError(description: "zlib could not deflate the image (compress2: \(rc))") }
        out.removeSubrange(Int(length)...)
        return out
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, as zlib computes it). The corresponding C call is `crc32`.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
    }

    /// Length, type, data, CRC-32 over type and data.
    static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out.appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        out += typeAndData
        out.appendBigEndian(crc32(typeAndData))
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ v: UInt32) {
        append(contentsOf: [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)])
    }
}
