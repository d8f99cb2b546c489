/// "Did you mean …?": the known words nearest to one a person typed.
///
/// Case is ignored, and so are `-`, `_` and spaces (so `white-balance`,
/// `White Balance` and `white_balance` are one word). A candidate is near when
/// it is within a small edit distance (insertions, deletions, substitutions and
/// swapped neighbours; at most one edit for short words, a third of the length
/// for long ones) or when one contains the other. Nearest first; ties keep the
/// candidates' order.
package enum Suggestion {
    /// Up to `limit` candidates near `word`, nearest first; empty when none is near.
    package static func nearest(_ word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let w = fold(word)
        guard !w.isEmpty else { return [] }
        var scored: [(distance: Int, index: Int, value: String)] = []
        var seen = Set<String>()
        for (i, c) in candidates.enumerated() where seen.insert(c).inserted {
            let f = fold(c)
            guard !f.isEmpty else { continue }
            if f == w {
                scored.append((0, i, c))
                continue
            }
            let allowed = max(1, min(w.count, f.count) / 3)
            let d = distance(w, f, bound: allowed)
            if d <= allowed {
                scored.append((d, i, c))
            } else if w.count >= 3 && (f.contains(w) || w.contains(f) && f.count >= 3) {
                scored.append((allowed + 1, i, c))
            }
        }
        scored.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
        return scored.prefix(limit).map(\.value)
    }

    /// `" (did you mean 'a' or 'b'?)"`, or "" when nothing is near.
    package static func hint(_ word: String, among candidates: [String]) -> String {
        let near = nearest(word, among: candidates)
        guard !near.isEmpty else { return "" }
        let quoted = near.map { "'\($0)'" }
        let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
        return " (did you mean \(list)?)"
    }

    /// Lower case without `-`, `_`, spaces and dots.
    static func fold(_ s: String) -> [Character] {
        Array(s.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " && $0 != "." })
    }

    /// Optimal string alignment distance, stopping early once every entry of a row exceeds `bound`.
    static func distance(_ a: [Character], _ b: [Character], bound: Int) -> Int {
        if abs(a.count - b.count) > bound { return bound + 1 }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(1, a.count) where i <= a.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...max(1, b.count) where j <= b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, previous2[j - 2] + 1) }
                current[j] = v
                rowMin = min(rowMin, v)
            }
            if rowMin > bound { return bound + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
