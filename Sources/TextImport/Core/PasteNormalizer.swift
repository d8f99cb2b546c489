/// Undoes what forums, mail and chat do to pasted tool output, before the
/// importers read it.
///
/// The result has exactly one line per line of the original (CRLF, lone CR and
/// LF all end a line), so a line number in an error still names the user's own
/// line: lines that carry nothing for the parsers (Markdown fences, prompts
/// without a command) become empty rather than disappearing.
///
/// Per line, in order:
/// - ANSI escape sequences (colours `ESC[…m` and other CSI, OSC, two-byte
///   escapes) are removed; no-break spaces become spaces;
/// - e-mail quoting is removed: `> `, `>> `, `> > ` (a missing space after
///   `>` too), and `&gt; ` from HTML mail, whose `&lt;`, `&gt;`, `&amp;`,
///   `&quot;`, `&#39;` and `&nbsp;` are then decoded in that line;
/// - Markdown fences (```` ``` ````, ```` ```text ````, `~~~`) become empty;
/// - shell prompt lines (`$ cmd`, `user@host:~$ cmd`, `pi@raspberrypi:~ $ cmd`,
///   `root@host:~# cmd`, `[user@host ~]$ cmd`) become `$ cmd` or, for an
///   importer that has no use for them, empty; so does a root prompt `# cmd`
///   in that case.
///
/// When the paste holds fenced blocks, the prose around them becomes empty
/// (command lines and `#` comments between the blocks stay).
///
/// Then the indentation common to every non-blank line of each stretch between
/// fences (a forum's 4 spaces or tab before a code block) is removed, counted
/// in columns (tab stops of 8) so that the tools' own relative indentation —
/// which `--list-formats-ext`, `--list-devices` and menu items rely on — stays.
///
/// Lines wrapped by a mail client are not rejoined: a wrapped line is not
/// reliably told from two lines, and a wrong join would corrupt good text.
package enum PasteNormalizer {
    /// What becomes of pasted command lines.
    package enum Commands: Sendable {
        /// Written `$ command`, the form `MediaCtlSegment` splits a paste at.
        case keep
        /// Emptied, with `#` lines (a root prompt, a comment), for a parser that reads tool output only.
        case blank
    }

    /// The text, one line per original line, joined with `\n`.
    package static func normalize(_ text: String, commands: Commands) -> String {
        var lines = splitLines(text).map { line(String($0), commands: commands) }
        if lines.contains(where: \.fence) {
            // Around fenced blocks is prose, except for the commands and header comments written between them.
            var inside = false
            for i in lines.indices {
                if lines[i].fence {
                    inside.toggle()
                } else if !inside, !lines[i].command {
                    lines[i].text = ""
                }
            }
        }
        var start = 0
        for i in lines.indices where lines[i].fence {
            dedent(&lines, start..<i)
            start = i + 1
        }
        dedent(&lines, start..<lines.count)
        return lines.map(\.text).joined(separator: "\n")
    }

    /// The lines of a text, ended by CRLF, lone CR or LF (Swift's `Character`
    /// holds CRLF as one, so the split is on scalars).
    static func splitLines(_ text: String) -> [Substring] {
        var out: [Substring] = []
        let s = text.unicodeScalars
        var start = s.startIndex
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if c == "\n" || c == "\r" {
                out.append(Substring(s[start..<i]))
                var next = s.index(after: i)
                if c == "\r", next < s.endIndex, s[next] == "\n" { next = s.index(after: next) }
                start = next
                i = next
            } else {
                i = s.index(after: i)
            }
        }
        out.append(Substring(s[start..<s.endIndex]))
        return out
    }

    struct Line {
        var text: String
        var fence = false
        /// A command line or a `#` header comment, kept around fenced blocks.
        var command = false
    }

    static func line(_ raw: String, commands: Commands) -> Line {
        var t = withoutEscapes(raw)
        t = unquoted(t)
        let trimmed = t.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { return Line(text: "", fence: true) }
        if let command = promptCommand(trimmed) {
            return Line(text: command.isEmpty || commands == .blank ? "" : "$ " + command, command: true)
        }
        if trimmed.first == "#" { return Line(text: commands == .blank ? "" : String(trimmed), command: true) }
        return Line(text: t)
    }

    /// The line without ANSI escape sequences and with no-break spaces as spaces.
    static func withoutEscapes(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: { $0 == "\u{1B}" || $0 == "\u{A0}" || $0 == "\u{9B}" }) else { return line }
        var out = String.UnicodeScalarView()
        let s = Array(line.unicodeScalars)
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "\u{A0}" {
                out.append(" ")
                i += 1
            } else if c == "\u{1B}" || c == "\u{9B}" {
                i += 1
                let csi = c == "\u{9B}" || (i < s.count && s[i] == "[")
                if c == "\u{1B}", i < s.count, s[i] == "]" {
                    // OSC: up to BEL or ESC \.
                    i += 1
                    while i < s.count, s[i] != "\u{07}", s[i] != "\u{1B}" { i += 1 }
                    if i < s.count, s[i] == "\u{1B}" { i += 1 }
                    i += 1
                } else if csi {
                    if c == "\u{1B}" { i += 1 }
                    // Parameter and intermediate bytes, then one final byte.
                    while i < s.count, (0x20...0x3F).contains(s[i].value) { i += 1 }
                    if i < s.count, (0x40...0x7E).contains(s[i].value) { i += 1 }
                } else if i < s.count, (0x20...0x7E).contains(s[i].value) {
                    i += 1  // ESC and one character: ESC ( B, ESC =, …
                }
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(out)
    }

    /// The line without e-mail quote markers (`>` or `&gt;`, each with one optional space after it).
    static func unquoted(_ line: String) -> String {
        var rest = Substring(line).drop { $0 == " " || $0 == "\t" }
        var quoted = false
        var html = false
        while true {
            if rest.hasPrefix(">") {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("&gt;") {
                rest = rest.dropFirst(4)
                html = true
            } else {
                break
            }
            quoted = true
            if rest.first == " " { rest = rest.dropFirst() }
        }
        guard quoted else { return line }
        guard html else { return String(rest) }
        var out = String(rest)
        for (entity, text) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            out = out.replacing(entity, with: text)
        }
        return out
    }

    /// The command of a shell prompt line (empty for a prompt alone), nil when the line is not one.
    /// A root prompt `# cmd` is not recognised here: it is also how a header comment is written.
    ///
    /// The prompts: `$`, `user@host[:path][ ]$` (or `#`), `[user@host[ rest]]$` (or `#`); after the
    /// prompt, the end of the line or blanks and the command. A hand-written scanner, not a regex
    /// literal: Swift parses and compiles a literal each time it is evaluated, which was most of an
    /// import's time (`PromptScannerTests` checks the scanner against the regex it replaced).
    static func promptCommand(_ t: Substring) -> String? {
        guard let afterPrompt = promptEnd(t) else { return nil }
        let rest = t[afterPrompt...]
        guard let first = rest.first else { return "" }
        guard first == " " || first == "\t", !rest.contains(where: \.isNewline) else { return nil }
        return String(rest.drop { $0 == " " || $0 == "\t" })
    }

    /// Where the prompt at the start of `t` ends, nil when `t` does not start with one.
    static func promptEnd(_ t: Substring) -> Substring.Index? {
        func isUserStart(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c == "_") }
        func isNameChar(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber || c == "." || c == "_" || c == "-") }
        func isPromptSign(_ c: Character) -> Bool { c == "$" || c == "#" }
        var i = t.startIndex
        guard i < t.endIndex else { return nil }
        if t[i] == "$" { return t.index(after: i) }
        let bracket = t[i] == "["
        if bracket { i = t.index(after: i) }
        // user: [A-Za-z_][A-Za-z0-9._-]*, then @
        guard i < t.endIndex, isUserStart(t[i]) else { return nil }
        i = t.index(after: i)
        while i < t.endIndex, isNameChar(t[i]) { i = t.index(after: i) }
        guard i < t.endIndex, t[i] == "@" else { return nil }
        i = t.index(after: i)
        if bracket {
            // host: [^\]\s]+, then an optional " rest" without "]", then "]" and the sign.
            let hostStart = i
            while i < t.endIndex, t[i] != "]", !t[i].isWhitespace { i = t.index(after: i) }
            guard i > hostStart, i < t.endIndex else { return nil }
            if t[i] == " " {
                i = t.index(after: i)
                while i < t.endIndex, t[i] != "]" { i = t.index(after: i) }
            }
            guard i < t.endIndex, t[i] == "]" else { return nil }
            i = t.index(after: i)
            guard i < t.endIndex, isPromptSign(t[i]) else { return nil }
            return t.index(after: i)
        }
        // host: [A-Za-z0-9._-]+, an optional ":path" ([^\s$#]*), an optional space, the sign.
        let hostStart = i
        while i < t.endIndex, isNameChar(t[i]) { i = t.index(after: i) }
        guard i > hostStart, i < t.endIndex else { return nil }
        if t[i] == ":" {
            i = t.index(after: i)
            while i < t.endIndex, !t[i].isWhitespace, !isPromptSign(t[i]) { i = t.index(after: i) }
        }
        if i < t.endIndex, t[i] == " " { i = t.index(after: i) }
        guard i < t.endIndex, isPromptSign(t[i]) else { return nil }
        return t.index(after: i)
    }

    /// Removes the indentation, in columns, common to the non-blank lines of a stretch.
    static func dedent(_ lines: inout [Line], _ range: Range<Int>) {
        func width(_ s: Substring) -> Int { s.reduce(0) { w, c in c == "\t" ? (w / 8 + 1) * 8 : w + 1 } }
        var common = Int.max
        for i in range {
            let lead = lines[i].text.prefix { $0 == " " || $0 == "\t" }
            if lead.endIndex == lines[i].text.endIndex { continue }  // blank
            common = min(common, width(lead))
            if common == 0 { return }
        }
        guard common != Int.max else { return }
        for i in range {
            var column = 0
            var rest = Substring(lines[i].text)
            while column < common, let c = rest.first, c == " " || c == "\t" {
                let next = c == "\t" ? (column / 8 + 1) * 8 : column + 1
                rest = rest.dropFirst()
                if next > common {
                    // A tab across the cut: its columns past the cut stay, as spaces.
                    rest = Substring(String(repeating: " ", count: next - common) + rest)
                    column = common
                } else {
                    column = next
                }
            }
            lines[i].text = rest.allSatisfy({ $0 == " " || $0 == "\t" }) ? "" : String(rest)
        }
    }
}
