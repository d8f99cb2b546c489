/// The sample formats the level meter reads, scaled to [−1, 1] for the arithmetic.
/// Integer formats are divided by 2^(bits−1), so the most negative code is
/// exactly −1 (0 dBFS).
public enum AudioSampleFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// `SND_PCM_FORMAT_S16_LE`
    case s16LE = "S16_LE"
    /// `SND_PCM_FORMAT_S32_LE`
    case s32LE = "S32_LE"
    /// `SND_PCM_FORMAT_S24_LE`: 24 bits in the low three bytes of a 32-bit word.
    case s24LE = "S24_LE"
    /// `SND_PCM_FORMAT_FLOAT_LE`: IEEE 754 single precision, ±1.0 full scale.
    case floatLE = "FLOAT_LE"
    /// `SND_PCM_FORMAT_U8`: unsigned, 128 is zero.
    case u8 = "U8"

    /// The order formats are asked of the hardware (`snd_pcm_hw_params_test_format`).
    public static let preference: [AudioSampleFormat] = [.s16LE, .s32LE, .s24LE, .floatLE, .u8]

    public var bytesPerSample: Int {
        switch self {
        case .s16LE: 2
        case .s32LE, .s24LE, .floatLE: 4
        case .u8: 1
        }
    }

    /// Sample number `index` of little-endian `bytes`, as a Double in [−1, 1].
    @inline(__always)
    public func sample(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Double {
        let o = index * bytesPerSample
        switch self {
        case .s16LE:
            return Double(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: o, as: Int16.self))) / 32768
        case .s32LE:
            return Double(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: o, as: Int32.self))) / 2_147_483_648
        case .s24LE:
            let raw = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: o, as: UInt32.self))
            let v = Int32(bitPattern: raw << 8) >> 8  // sign-extend bit 23
            return Double(v) / 8_388_608
        case .floatLE:
            let bits = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: o, as: UInt32.self))
            let f = Double(Float(bitPattern: bits))
            return f.isFinite ? max(-1, min(1, f)) : 0
        case .u8:
            return (Double(bytes[o]) - 128) / 128
        }
    }

    /// `x` in [−1, 1] as this format's little-endian bytes (for tests and fakes).
    public func encode(_ x: Double) -> [UInt8] {
        let c = max(-1, min(1, x))
        func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }
        switch self {
        case .s16LE: return le(Int16(max(-32768, min(32767, (c * 32768).rounded()))))
        case .s32LE: return le(Int32(max(-2_147_483_648, min(2_147_483_647, (c * 2_147_483_648).rounded()))))
        case .s24LE: return le(UInt32(bitPattern: Int32(max(-8_388_608, min(8_388_607, (c * 8_388_608).rounded())))) & 0x00FF_FFFF)
        case .floatLE: return le(Float(c).bitPattern)
        case .u8: return [UInt8(max(0, min(255, (c * 128).rounded() + 128)))]
        }
    }
}
