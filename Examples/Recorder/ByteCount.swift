// Byte counts on the command line: --max-size 500M, --min-free-space 1G.

/// A number of bytes as the recorder's options take it: digits with an optional
/// K, M or G suffix (powers of 1024; a trailing "B" or "iB" is accepted: 500M, 500MB, 500MiB).
enum ByteCount {
    /// The bytes `text` stands for, or nil when it is not a byte count (or overflows).
    static func parse(_ text: String) -> UInt64? {
        var digits = Substring(text.uppercased())
        for unit in ["IB", "B"] where digits.hasSuffix(unit) && digits.count > unit.count {
            digits = digits.dropLast(unit.count)
            break
        }
        var multiplier: UInt64 = 1
        if let last = digits.last, let shift = ["K": 10, "M": 20, "G": 30, "T": 40][String(last)] {
            multiplier = 1 << UInt64(shift)
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = UInt64(digits) else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }

    /// `bytes` for people: "3 MiB (3145728 bytes)", or "900 bytes" below 1 KiB.
    static func describe(_ bytes: UInt64) -> String {
        let units: [(UInt64, String)] = [(1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        guard let (size, name) = units.first(where: { bytes >= $0.0 }) else { return "\(bytes) bytes" }
        let tenths = Int((Double(bytes) / Double(size) * 10).rounded())
        let shown = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
        return "\(shown) \(name) (\(bytes) bytes)"
    }
}
