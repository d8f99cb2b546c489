/// Breaking a long line at word boundaries with a hanging indent, instead of
/// letting the terminal cut it into fragments.
enum TextWrap {
    /// `line` in lines of at most `width` columns: broken at spaces, each
    /// continuation indented by `hang` columns. A word wider than what is left
    /// is split; nothing is dropped. A line that fits is returned as it is.
    static func wrap(_ line: String, width: Int, hang: Int, ascii: Bool = TerminalText.asciiOnly) -> [String] {
        guard TerminalText.width(line, ascii: ascii) > width, width > 0 else { return [line] }
        let hang = max(0, min(hang, width / 2))
        let indent = String(repeating: " ", count: hang)
        let lead = String(line.prefix { $0 == " " })
        var out: [String] = []
        var current = lead
        var currentWidth = lead.count
        var pendingSpaces = ""
        func emit() {
            out.append(current)
            current = indent
            currentWidth = hang
            pendingSpaces = ""
        }
        for (k, word) in words(String(line.dropFirst(lead.count))) {
            let w = TerminalText.width(word, ascii: ascii)
            let startsLine = currentWidth == (out.isEmpty ? lead.count : hang)
            if !startsLine, currentWidth + k.count + w > width { emit() }
            let startsNow = currentWidth == (out.isEmpty ? lead.count : hang)
            pendingSpaces = startsNow ? "" : k
            if currentWidth + pendingSpaces.count + w <= width || !splittable(word) {
                current += pendingSpaces + word
                currentWidth += pendingSpaces.count + w
                continue
            }
            // Wider than a whole line: split it where the line ends.
            current += pendingSpaces
            currentWidth += pendingSpaces.count
            for ch in word {
                let cw = TerminalText.width(String(ch), ascii: ascii)
                if currentWidth + cw > width, currentWidth > hang { emit() }
                current.append(ch)
                currentWidth += cw
            }
        }
        if currentWidth > (out.isEmpty ? lead.count : hang) { out.append(current) }
        return out
    }

    /// The words of `s`, each with the spaces before it ("" for the first).
    static func words(_ s: String) -> [(String, String)] {
        var result: [(String, String)] = []
        var spaces = ""
        var word = ""
        for ch in s {
            if ch == " " {
                if !word.isEmpty {
                    result.append((spaces, word))
                    spaces = ""
                    word = ""
                }
                spaces.append(ch)
            } else {
                word.append(ch)
            }
        }
        if !word.isEmpty { result.append((spaces, word)) }
        return result
    }

    /// Whether a word may be split between lines: not when it carries a style mark.
    static func splittable(_ word: String) -> Bool { !word.unicodeScalars.contains { $0.value == 0xFDD0 } }

    /// Where a continuation of `line` starts: under its value, after the first
    /// column gap (two spaces or more) or else the first `Label: `, within the
    /// first 40 columns; otherwise four columns in.
    static func hang(_ line: String) -> Int {
        let chars = Array(line)
        let lead = chars.prefix { $0 == " " }.count
        func column(_ i: Int) -> Int { Terminal.width(String(chars[..<i])) }
        var i = lead
        while i + 1 < chars.count, column(i) < 40 {
            if chars[i] == " " && chars[i + 1] == " " {
                var j = i
                while j < chars.count && chars[j] == " " { j += 1 }
                return column(j)
            }
            i += 1
        }
        if let colon = chars.indices.first(where: { $0 + 1 < chars.count && chars[$0] == ":" && chars[$0 + 1] == " " }),
            column(colon + 2) < 40
        {
            return column(colon + 2)
        }
        return lead + 4
    }

    /// Every line of `text` wrapped (`wrap`), continuations under `hang(line)` or a fixed `hang`.
    static func lines(_ text: String, width: Int, hang fixed: Int? = nil) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { l in
            wrap(String(l), width: width, hang: fixed ?? hang(String(l)))
        }
    }
}
