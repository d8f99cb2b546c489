#if canImport(Glibc)
    import Glibc
#endif

/// Whether the terminal's character set is UTF-8, and the ASCII that stands
/// for camprobe's own non-ASCII decoration when it is not.
///
/// The character set is the locale's, chosen the POSIX way: the first of
/// `LC_ALL`, `LC_CTYPE`, `LANG` that is set and not empty; it is UTF-8 when
/// that names UTF-8 (`C.UTF-8`, `en_US.utf8`). Unset, `C`, `POSIX` or any other
/// codeset is not. The environment is read rather than `setlocale` so the
/// answer does not depend on which locales happen to be installed.
///
/// When it is not UTF-8, `TerminalText.render` writes every non-ASCII scalar
/// as ASCII: arrows, marks, dashes and the like by `ascii(_:)`'s table,
/// anything else (a device name's letters) as a `\u{…}` escape. JSON and
/// written files never go through `render`, so they stay UTF-8.
enum TextLocale {
    static let isUTF8: Bool = utf8(environment: { getenv($0).map { String(cString: $0) } })

    /// The rule, over an environment lookup (so it can be tested).
    static func utf8(environment: (String) -> String?) -> Bool {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let v = environment(name), !v.isEmpty else { continue }
            // ASCII-lowercased bytes, searched by hand: `String.contains(String)` would bring in
            // _StringProcessing's searcher, whose first use costs every command ~0.4 M instructions.
            let s = v.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            return contains(s, "utf-8") || contains(s, "utf8")
        }
        return false
    }

    private static func contains(_ bytes: [UInt8], _ needle: StaticString) -> Bool {
        let n = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard bytes.count >= n.count else { return false }
        for start in 0...(bytes.count - n.count) where bytes[start..<start + n.count].elementsEqual(n) { return true }
        return false
    }

    /// The ASCII written for `scalar` (which is not ASCII) under a non-UTF-8 locale.
    static func ascii(_ scalar: Unicode.Scalar) -> String {
        if let s = table[scalar.value] { return s }
        return String(decoding: TerminalText.escape(scalar.value), as: UTF8.self)
    }

    /// camprobe's own decoration (see `grep -P '[^\x00-\x7F]' Sources/CamProbeCLI`).
    static let table: [UInt32: String] = [
        0x2192: "->", 0x2190: "<-", 0x2194: "<->", 0x21D2: "=>",  // → ← ↔ ⇒
        0x2717: "x", 0x2718: "x", 0x2713: "ok", 0x2714: "ok",  // ✗ ✘ ✓ ✔
        0x26A0: "!",  // ⚠
        0x2026: "...",  // …
        0x00D7: "x",  // ×
        0x2264: "<=", 0x2265: ">=", 0x2260: "!=", 0x2248: "~",  // ≤ ≥ ≠ ≈
        0x2013: "-", 0x2014: "-", 0x2212: "-", 0x2010: "-", 0x2011: "-",  // – — − ‐ ‑
        0x2022: "*", 0x00B7: ".", 0x2219: ".",  // • · ∙
        0x2588: "#", 0x2593: "#", 0x2592: "#", 0x2591: ".",  // █ ▓ ▒ ░
        0x221E: "inf",  // ∞
        0x00B5: "u", 0x03BC: "u",  // µ μ
        0x00B0: " deg",  // °
        0x00B1: "+/-",  // ±
        0x2018: "'", 0x2019: "'", 0x201C: "\"", 0x201D: "\"",  // ‘ ’ “ ”
        0x00A0: " ",  // no-break space
    ]
}
