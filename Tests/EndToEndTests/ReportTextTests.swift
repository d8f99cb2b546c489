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
        // Ranges whose ends differ, and every kind of interval list, beside the profiles' sizes.
        let (lo, hi) = (Dimensions(width: 160, height: 120), Dimensions(width: 1920, height: 1080))
        let (a, b): (FrameIntervals, FrameIntervals) = (
            .stepwise(min: FrameDuration(1, 60), max: FrameDuration(1, 5), step: FrameDuration(1, 60)),
            .continuous(min: FrameDuration(1, 30), max: FrameDuration(1, 1))
        )
        let made: [FrameSize] = [
            .stepwise(min: lo, max: hi, step: Dimensions(width: 8, height: 8), intervalsAtMin: a, intervalsAtMax: b),
            .continuous(min: lo, max: hi, intervalsAtMin: .unknown(reason: "not asked"), intervalsAtMax: .discrete([])),
        ]
        do {
            for s in Self.devices.flatMap({ $0.captures.flatMap(\.formats).flatMap(\.sizes) }) + made {
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
