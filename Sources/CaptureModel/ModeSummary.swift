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
                case .stepwise(let lo, _, _, let a, let b), .continuous(let lo, _, let a, let b):
                    // A degenerate range offers less than its reported maximum: the size it
                    // does reach gets the slower of the two ends' rates (as inside a range).
                    let top = s.extent.max
                    let atMax = b.fastest?.fps
                    if !s.isDegenerateRange, let fps = atMax { candidates.append((top, fps)) }
                    if s.isDegenerateRange, top != lo, let fps = [atMax, a.fastest?.fps].compactMap({ $0 }).min() {
                        candidates.append((top, fps))
                    }
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
