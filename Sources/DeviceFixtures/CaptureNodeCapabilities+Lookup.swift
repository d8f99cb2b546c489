import CaptureModel

/// Counts and look-ups tests ask of a node's capabilities.
extension CaptureNodeCapabilities {
    package var discreteSizeCount: Int { formats.reduce(0) { $0 + $1.sizes.filter { $0.kind == .discrete }.count } }
    package var discreteIntervalCount: Int {
        formats.reduce(0) { acc, f in
            acc
                + f.sizes.reduce(0) { a, s in
                    if case .discrete(_, .discrete(let l)) = s { return a + l.count }
                    return a
                }
        }
    }
    package func format(_ fourcc: String) -> PixelFormat? { formats.first { String(describing: $0.fourcc).hasPrefix(fourcc) } }
    package func control(_ key: String) -> Control? { controls?.first { $0.key == key } }
}
