import CaptureModel

extension Rational {
    /// A frame rate as people write it: "30", "30000/1001", "12.5", and the NTSC
    /// decimals "29.97", "59.94", "23.976" meaning 30000/1001, 60000/1001, 24000/1001.
    public init?(fpsText text: String) {
        if text.contains("/") {
            self.init(parsing: text)
            if !isValid { return nil }
            return
        }
        if let n = UInt32(text), n > 0 {
            self.init(n, 1)
            return
        }
        guard let v = Double(text), v > 0, v < 100_000 else { return nil }
        let ntsc = (v * 1.001).rounded()
        if abs(v - ntsc / 1.001) < 0.006, abs(v - v.rounded()) > 0.01 {
            self.init(UInt32(ntsc) * 1000, 1001)
            return
        }
        let parts = text.split(separator: ".")
        let decimals = parts.count == 2 ? min(parts[1].count, 6) : 0
        var d: UInt32 = 1
        for _ in 0..<decimals { d *= 10 }
        guard let n = UInt32(exactly: (v * Double(d)).rounded()) else { return nil }
        var a = n
        var b = d
        while b != 0 { (a, b) = (b, a % b) }
        self.init(n / max(a, 1), d / max(a, 1))
    }
}
