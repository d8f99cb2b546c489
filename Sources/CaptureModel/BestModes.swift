extension CaptureNodeCapabilities {
    /// The best mode of each native format, best first: per format the
    /// largest size that sustains ≥ 30 fps (else the largest size at its best
    /// rate); formats ordered by pixels × rate. Emulated formats come last.
    /// A format whose rate no one reports (a sensor's receiver node without
    /// frame intervals) gives its largest size with the rate unknown, after the others.
    public func bestModes(limit: Int = 3) -> [CaptureMode] {
        var seen = Set<FourCC>()
        var modes: [CaptureMode] = []
        var unknownRate: [CaptureMode] = []
        for f in formats where seen.insert(f.fourcc).inserted {
            var candidates: [(Dimensions, FrameDuration)] = []
            for s in f.sizes {
                switch s {
                case .discrete(let d, let iv):
                    if let fastest = iv.fastest, fastest.fps != nil { candidates.append((d, fastest)) }
                case .stepwise(let lo, _, _, let a, let b), .continuous(let lo, _, let a, let b):
                    // A degenerate range offers less than its reported maximum: the size it
                    // does reach gets the slower of the two ends' rates (as inside a range).
                    let top = s.extent.max
                    let atMax = b.fastest.flatMap { $0.fps != nil ? $0 : nil }
                    let atMin = a.fastest.flatMap { $0.fps != nil ? $0 : nil }
                    if !s.isDegenerateRange, let d = atMax { candidates.append((top, d)) }
                    if s.isDegenerateRange, top != lo,
                        let d = [atMax, atMin].compactMap({ $0 }).min(by: { ($0.fps ?? 0) < ($1.fps ?? 0) })
                    {
                        candidates.append((top, d))
                    }
                    if let d = atMin { candidates.append((lo, d)) }
                }
            }
            func mode(_ size: Dimensions, _ rate: Rational?) -> CaptureMode {
                CaptureMode(
                    path: path, bufferType: f.bufferType, fourcc: f.fourcc, size: size, frameRate: rate, isEmulated: f.isEmulated)
            }
            guard !candidates.isEmpty else {
                if let largest = f.sizes.map(\.largest).max() { unknownRate.append(mode(largest, nil)) }
                continue
            }
            let fast = candidates.filter { ($0.1.fps ?? 0) >= 29.97 - 0.001 }
            let pick = (fast.isEmpty ? candidates : fast).max { a, b in (a.0.area, a.1.fps ?? 0) < (b.0.area, b.1.fps ?? 0) }!
            modes.append(mode(pick.0, pick.1.interval.reciprocal))
        }
        modes.sort { a, b in
            if a.isEmulated != b.isEmulated { return !a.isEmulated }
            return Double(a.size.area) * min(a.fps ?? 0, 30) > Double(b.size.area) * min(b.fps ?? 0, 30)
        }
        return Array((modes + unknownRate).prefix(limit))
    }
}
