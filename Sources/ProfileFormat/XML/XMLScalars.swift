/// Scalar spellings shared by the writer and the reader.
enum XMLScalars {
    /// `xs:double` lexical form; Swift's shortest round-tripping digits.
    static func double(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v < 0 ? "-INF" : "INF" }
        return "\(v)"
    }

    static func double(parsing s: String) -> Double? {
        switch s {
        case "NaN": return .nan
        case "INF": return .infinity
        case "-INF": return -.infinity
        default: return Double(s)
        }
    }

    static func bool(parsing s: String) -> Bool? {
        switch s {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }
}
