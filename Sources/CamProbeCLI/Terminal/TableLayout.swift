/// Laying a table out in a given width (`TextTable` on a terminal).
///
/// At its natural width when that fits (or there is no limit). Otherwise the
/// widest columns that may be cut are narrowed one column at a time, their
/// cells ending in an ellipsis (`…`, `...` under ASCII), while the columns in
/// `keep` (`#`, `ID`: what a user types next) stay whole. When that would
/// take a column under `minimumColumn`, the table is written as records
/// instead: one `HEADER: value` line per cell, long values wrapped at word
/// boundaries, a blank line between rows.
enum TableLayout {
    /// The narrowest a cut column may get before the table becomes records.
    static let minimumColumn = 8
    static let gap = "  "

    static func lines(header: [String], rows: [[String]], keep: Set<Int>, width: Int?, ascii: Bool) -> [String] {
        let all = [header] + rows.map { r in header.indices.map { $0 < r.count ? r[$0] : "" } }
        var widths = header.indices.map { c in all.map { TerminalText.width($0[c], ascii: ascii) }.max() ?? 0 }
        if let width, total(widths) > width {
            guard let fitted = shrink(widths, keep: keep, to: width) else {
                return records(header: header, rows: Array(all.dropFirst()), width: width, ascii: ascii)
            }
            widths = fitted
        }
        return all.enumerated().map { i, row in
            let cells = row.indices.map { c in
                let cell = truncate(row[c], to: widths[c], ascii: ascii)
                return c == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[c] - TerminalText.width(cell, ascii: ascii))
            }
            let line = cells.joined(separator: gap)
            return i == 0 ? Terminal.bold(line) : line
        }
    }

    /// The whole width of columns `widths` with their gaps.
    static func total(_ widths: [Int]) -> Int { widths.reduce(0, +) + gap.count * max(0, widths.count - 1) }

    /// `widths` narrowed to fit `width` (the widest cuttable column first), nil when it cannot be done.
    static func shrink(_ widths: [Int], keep: Set<Int>, to width: Int) -> [Int]? {
        var w = widths
        var over = total(w) - width
        while over > 0 {
            let cuttable = w.indices.filter { !keep.contains($0) && w[$0] > minimumColumn }
            guard let widest = cuttable.max(by: { w[$0] < w[$1] }) else { return nil }
            w[widest] -= 1
            over -= 1
        }
        return w
    }

    /// `cell` in at most `width` columns: as it is when it fits, else cut and ended with an ellipsis.
    /// A style mark is kept whole (it takes no column) and its style reset before the ellipsis.
    static func truncate(_ cell: String, to width: Int, ascii: Bool) -> String {
        guard TerminalText.width(cell, ascii: ascii) > width else { return cell }
        let ellipsis = ascii ? "..." : "…"
        let budget = width - TerminalText.width(ellipsis, ascii: ascii)
        guard budget > 0 else { return String(repeating: ".", count: max(0, width)) }
        let scalars = Array(cell.unicodeScalars)
        var out = String.UnicodeScalarView()
        var used = 0
        var styled = false
        var i = 0
        while i < scalars.count {
            if scalars[i].value == 0xFDD0, let end = scalars[i...].firstIndex(where: { $0.value == 0xFDD1 }) {
                let run = String(String.UnicodeScalarView(scalars[i...end]))
                if TerminalText.width(run, ascii: ascii) == 0 {  // one of this run's marks
                    out.append(contentsOf: run.unicodeScalars)
                    styled = true
                    i = end + 1
                    continue
                }
            }
            let w = TerminalText.width(String(scalars[i]), ascii: ascii)
            if used + w > budget { break }
            out.append(scalars[i])
            used += w
            i += 1
        }
        return String(out) + (styled ? TerminalText.mark("0") : "") + ellipsis
    }

    /// Each row as a record: `HEADER: value` lines, values wrapped with a hanging indent.
    static func records(header: [String], rows: [[String]], width: Int, ascii: Bool) -> [String] {
        let keyWidth = (header.map { TerminalText.width($0, ascii: ascii) }.max() ?? 0) + 1
        var out: [String] = []
        for (r, row) in rows.enumerated() {
            if r > 0 { out.append("") }
            for (c, name) in header.enumerated() {
                let padding = String(repeating: " ", count: keyWidth - TerminalText.width(name, ascii: ascii) - 1)
                let line = Terminal.bold(name + ":") + padding + " " + row[c]
                out += TextWrap.wrap(line, width: width, hang: keyWidth + 1, ascii: ascii)
            }
        }
        return out
    }
}
