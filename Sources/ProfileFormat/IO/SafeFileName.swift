/// A stable ID or a name as one file-name component that every common file system and tool takes.
///
/// Kept: ASCII letters, digits and `-`, `_`, `.`, `@`. Everything else — `:` (scp's host separator,
/// forbidden on Windows and FAT), `\ / * ? " < > |`, spaces, control and non-ASCII characters —
/// becomes `_`. A trailing dot (refused by Windows) becomes `_`, and a leading one (a hidden file,
/// or `..`) is prefixed, so the result is never empty, hidden or a path. The mapping is
/// deterministic: the same ID always gives the same name (the ID itself is kept inside the file).
package enum SafeFileName {
    package static func component(_ s: String) -> String {
        var out = String(s.map { c -> Character in c.isASCII && (c.isLetter || c.isNumber || "-_.@".contains(c)) ? c : "_" })
        if out.isEmpty { return "device" }
        if out.hasPrefix(".") { out = "device" + out }
        if out.hasSuffix(".") { out = String(out.dropLast()) + "_" }
        return out
    }
}
