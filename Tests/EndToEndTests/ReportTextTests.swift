import CamProbe
import Foundation
import Reporting
import Testing

@testable import CamProbeCLI

/// The report spells sizes' rates and control values as `show` prints them, in its own module (`ReportText`): this
/// holds the two spellings equal on every shipped profile, so neither can drift alone.
@Suite("Reporting and show spell values alike")
struct ReportTextTests {
    static var devices: [Device] {
        let dir = ProfileCommandEndToEndTests.root + "/Profiles/"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return names.compactMap { try? ProfileFile.load(dir + $0) }
    }

    @Test func ratesOfEverySizeAreShowsSizeLineAfterTheSize() {
        var sizes = 0
        var kinds = Set<String>()
        for d in Self.devices {
            for s in d.captures.flatMap(\.formats).flatMap(\.sizes) {
                sizes += 1
                let line = ShowRenderer.sizeLine(s)
                let rates = ReportText.rates(s)
                switch s {
                case .discrete(let size, _):
                    kinds.insert("discrete")
                    #expect(line == Terminal.pad("\(size)", 10) + " " + rates)
                case .stepwise(_, _, let step, _, _):
                    kinds.insert("stepwise")
                    let prefix = "step \(step.width)/\(step.height): "
                    #expect(rates.hasPrefix(prefix) && line.hasSuffix("(stepwise): " + rates.dropFirst(prefix.count)), "\(line) | \(rates)")
                case .continuous:
                    kinds.insert("continuous")
                    #expect(line.hasSuffix("(continuous): " + rates), "\(line) | \(rates)")
                }
            }
        }
        #expect(sizes > 100 && kinds.contains("discrete") && kinds.contains("stepwise"), "\(sizes) sizes, \(kinds)")
    }

    @Test func everyControlValueIsSpelledAsShowSpellsIt() {
        var values: [ControlValue] = [.string("a\tb\nc"), .array(Array(0..<40))]
        for d in Self.devices {
            for c in d.captures.flatMap({ $0.controls ?? [] }) { values += [c.value, c.minimumValue, c.maximumValue].compactMap { $0 } }
        }
        #expect(values.count > 100)
        for v in values { #expect(ReportText.value(v) == ControlValueText.text(v), "\(v)") }
        for s in ["plain", "a\nb", "\t\u{1B}\r\n"] { #expect(ReportText.field(s) == TerminalText.field(s)) }
    }
}
