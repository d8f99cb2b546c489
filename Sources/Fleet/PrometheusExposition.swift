import CamProbe

/// Prometheus' text exposition format (version 0.0.4), written by hand: what
/// node_exporter's textfile collector reads and `promtool check metrics` checks.
///
/// One `# HELP` and one `# TYPE` line per family, then its samples; label
/// values escaped (`\\`, `\"`, `\n`) and clipped, so nothing a driver reports
/// can break the file or blow up a series' size. No timestamps: the textfile
/// collector refuses them.
package struct PrometheusExposition: Sendable {
    /// A family's type.
    package enum Kind: String, Sendable { case gauge, counter }

    /// Longest label value written, in characters; longer values end in "…".
    package static let maximumLabelLength = 128

    private(set) var text = ""
    private var families = Set<String>()

    package init() {}

    /// Starts a family. Each name may be started once.
    package mutating func family(_ name: String, _ kind: Kind, help: String) {
        precondition(families.insert(name).inserted, "family \(name) written twice")
        text += "# HELP \(name) \(PrometheusExposition.escapeHelp(help))\n# TYPE \(name) \(kind.rawValue)\n"
    }

    /// One sample of the family started last.
    package mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String> = [:], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.key)=\"\(PrometheusExposition.escapeLabel($0.value))\"" }.joined(separator: ",") + "}"
        }
        text += " " + PrometheusExposition.format(value) + "\n"
    }

    /// The document as written so far.
    package var document: String { text }

    /// `\` → `\\`, `"` → `\"`, newline → `\n`; clipped to `maximumLabelLength` characters.
    package static func escapeLabel(_ s: String) -> String {
        var clipped = s
        if s.count > maximumLabelLength { clipped = String(s.prefix(maximumLabelLength - 1)) + "…" }
        var out = ""
        for c in clipped.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// HELP text: `\` → `\\`, newline → `\n`.
    static func escapeHelp(_ s: String) -> String {
        s.replacingOccurrences("\\", "\\\\").replacingOccurrences("\n", "\\n")
    }

    /// Integers without a fraction, others as Swift prints them; NaN and infinities as Prometheus spells them.
    static func format(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v > 0 ? "+Inf" : "-Inf" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ a: String, _ b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}
