import CamProbe
import ProfileFormat

#if canImport(Glibc)
    import Glibc
#endif

/// How `camprobe levels` (and `monitor --levels`) write a reading: JSON Lines,
/// one plain line, or live meter bars on a terminal.
enum LevelsRenderer {
    /// −∞ as text: the sign itself on a UTF-8 terminal, `-inf` elsewhere.
    static func decibels(_ v: Double?, unicode: Bool) -> String {
        guard let v else { return unicode ? "−∞" : "-inf" }
        return number(v)
    }

    /// `s` as a JSON string literal.
    static func quoted(_ s: String) -> String {
        (try? SortedJSONEncoder(prettyPrinted: false).encode(s)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// Two decimals, no `-0.0`.
    static func number(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == 0 ? "0.0" : "\(r)"
    }

    /// `{"time":…,"channels":[{"averagePowerLevel":x,"peakHoldLevel":y},…]}` plus `"xruns":N` when any;
    /// silence is `null`. `extra` is spliced in first (monitor's event and device).
    static func json(_ r: AudioLevels, time: String, extra: String = "") -> String {
        func value(_ v: Double?) -> String { v.map(number) ?? "null" }
        let channels = r.channels.map {
            #"{"averagePowerLevel":\#(value($0.averagePowerLevel)),"peakHoldLevel":\#(value($0.peakHoldLevel))}"#
        }
        var s = "{" + extra + #""time":"\#(time)","channels":[\#(channels.joined(separator: ","))]"#
        if r.xruns > 0 { s += #","xruns":\#(r.xruns)"# }
        return s + "}"
    }

    /// `ch1 avg -3.01 peak 0.0  ch2 avg -23.01 peak -20.0 dBFS` (plus overruns).
    static func plain(_ r: AudioLevels, unicode: Bool) -> String {
        var s =
            r.channels.enumerated().map { i, c in
                "ch\(i + 1) avg \(decibels(c.averagePowerLevel, unicode: unicode)) peak \(decibels(c.peakHoldLevel, unicode: unicode))"
            }.joined(separator: "  ") + " dBFS"
        if r.xruns > 0 { s += "  xruns \(r.xruns)" }
        return s
    }

    /// The meter's floor: levels at or below it show an empty bar.
    static let floor = -60.0
    static let barWidth = 40

    /// One channel's bar: filled to the average, `|` at the peak hold.
    static func bar(_ c: AudioChannelLevel, unicode: Bool, colour: Bool) -> String {
        func cells(_ v: Double?) -> Int {
            guard let v else { return 0 }
            return max(0, min(barWidth, Int(((v - floor) / -floor * Double(barWidth)).rounded())))
        }
        let fill = cells(c.averagePowerLevel)
        let peak = c.peakHoldLevel == nil ? -1 : max(0, cells(c.peakHoldLevel) - 1)
        let full: Character = unicode ? "█" : "#"
        let empty: Character = unicode ? "·" : "."
        var out = ""
        var run = ""
        var runCode = ""
        func flush() {
            guard !run.isEmpty else { return }
            out += colour && !runCode.isEmpty ? TerminalText.mark(runCode) + run + TerminalText.mark("0") : run
            run = ""
        }
        for i in 0..<barWidth {
            let db = floor + Double(i + 1) / Double(barWidth) * -floor
            let code = i >= fill && i != peak ? "2" : db > -3 ? "31" : db > -12 ? "33" : "32"
            if code != runCode {
                flush()
                runCode = code
            }
            run.append(i == peak ? "|" : i < fill ? full : empty)
        }
        flush()
        return "[" + out + "]"
    }

    /// Whether the locale's character set is UTF-8 (`TextLocale`).
    static let unicode: Bool = TextLocale.isUTF8
}

/// Live bars on a terminal: the block of lines is redrawn in place each reading.
final class LevelMeterDisplay {
    private var drawn = 0
    let unicode = LevelsRenderer.unicode

    func draw(_ r: AudioLevels, title: String) {
        var lines = [Terminal.bold(title)]
        for (i, c) in r.channels.enumerated() {
            let avg = LevelsRenderer.decibels(c.averagePowerLevel, unicode: unicode)
            let peak = LevelsRenderer.decibels(c.peakHoldLevel, unicode: unicode)
            lines.append(
                "ch\(i + 1) " + LevelsRenderer.bar(c, unicode: unicode, colour: Terminal.colour) + " avg " + Terminal.pad(avg, 7) + " peak "
                    + Terminal.pad(peak, 7) + "dBFS")
        }
        if r.xruns > 0 { lines.append(Terminal.yellow("\(r.xruns) overruns (recovered)")) }
        if drawn > 0 { StandardOutput.raw(Array("\u{1B}[\(drawn)A".utf8)) }
        for l in lines {
            StandardOutput.raw([0x0D])
            StandardOutput.text(l)
            StandardOutput.raw(Array("\u{1B}[K\n".utf8))
        }
        drawn = lines.count
        StandardOutput.flush()
    }
}
