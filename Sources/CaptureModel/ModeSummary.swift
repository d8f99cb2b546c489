/// One headline mode: a format at a size and its best frame rate.
public struct ModeSummary: Sendable, Hashable, CustomStringConvertible {
    public var fourcc: FourCC
    public var size: Dimensions
    public var fps: Double
    public var emulated: Bool
    public var description: String { "\(fourcc.description.trimmingTrailingSpaces) \(size)@\(formatFPS(fps))" }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

extension CaptureNodeCapabilities {
    /// The best mode of each native format, best first: per format the
    /// largest size that sustains ≥ 30 fps (else the largest size at its best
    /// rate); formats ordered by pixels × rate. Emulated formats come last.
    public func bestModes(limit: Int = 3) -> [ModeSummary] {
        var seen = Set<FourCC>()
        var modes: [ModeSummary] = []
        for f in formats where seen.insert(f.fourcc).inserted {
            var candidates: [(Dimensions, Double)] = []
            for s in f.sizes {
                switch s {
                case .discrete(let d, let iv):
                    if let fps = iv.fastest?.fps { candidates.append((d, fps)) }
                case .stepwise(let lo, let hi, _, let a, let b), .continuous(let lo, let hi, let a, let b):
                    if let fps = b.fastest?.fps { candidates.append((hi, fps)) }
                    if let fps = a.fastest?.fps { candidates.append((lo, fps)) }
                }
            }
            guard !candidates.isEmpty else { continue }
            let fast = candidates.filter { $0.1 >= 29.97 - 0.001 }
            let pick = (fast.isEmpty ? candidates : fast).max { a, b in (a.0.area, a.1) < (b.0.area, b.1) }!
            modes.append(ModeSummary(fourcc: f.fourcc, size: pick.0, fps: pick.1, emulated: f.isEmulated))
        }
        modes.sort { a, b in
            if a.emulated != b.emulated { return !a.emulated }
            return Double(a.size.area) * min(a.fps, 30) > Double(b.size.area) * min(b.fps, 30)
        }
        return Array(modes.prefix(limit))
    }
}
