import Foundation
import Testing

/// Every input of the checked-in libFuzzer corpus (Tests/FuzzCorpus/READER, seeded from the
/// fixtures and grown by the fuzz runs in Reports/fuzzing.md) goes through its reader again on
/// every test run, through the plain replay build of `camprobe-libfuzz`: a reader change that
/// crashes, traps or hangs on one of them fails here, without the fuzz build.
@Suite struct FuzzCorpusReplayTests {
    static let corpus: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FuzzCorpus").path

    /// Each reader, and the corpus it replays: /proc/asound/cards text is replayed from the ALSA listings' corpus, the bus
    /// texts' readers (`usb-devices`, `lsusb -t`) from theirs and lsusb's.
    @Test(arguments: [
        ("v4l2-ctl", "v4l2-ctl"), ("media-ctl", "media-ctl"), ("udevadm", "udevadm"), ("arecord", "arecord"),
        ("cards", "arecord"), ("lsusb", "lsusb"), ("paste", "paste"), ("json", "json"), ("xml", "xml"),
        // The bus texts' readers: their own corpus, and lsusb's through them.
        ("usb-devices", "usb-devices"), ("usb-devices", "lsusb"), ("lsusb -t", "usb-devices"), ("lsusb -t", "lsusb"),
    ])
    func everyCorpusInputReplays(reader: String, corpus: String) throws {
        let dir = Self.corpus + "/" + corpus
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted().map { dir + "/" + $0 }
        // The corpus holds the fixtures' seeds and what the fuzz runs kept (up to 200 a reader).
        #expect(files.count >= 5, "too few inputs in \(dir)")
        let r = try CLI.run(CLI.locate("camprobe-libfuzz"), ["--reader", reader] + files, environment: [:])
        #expect(r.status == 0, "\(r.stderr.suffix(2000))")
        let replayed = r.stdout.split(separator: "\n").filter { $0.hasSuffix(": ok") }
        #expect(replayed.count == files.count, "\(replayed.count) of \(files.count) replayed; \(r.stderr.suffix(2000))")
    }

    /// The harness fuzzes every codec of `ProfileCodecs.all` through the codec itself: it names no encoding, so a new
    /// codec is fuzzed with no edit there (the replay above runs `json` and `xml` by their codecs' names).
    @Test func theHarnessNamesNoEncoding() throws {
        let harness = URL(fileURLWithPath: Self.corpus).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/camprobe-libfuzz/Harness.swift").path
        let code = try String(contentsOfFile: harness, encoding: .utf8).split(separator: "\n")
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        for name in ["ProfileEncoding", "JSONProfile", "XMLProfile", "\"json\"", "\"xml\""] {
            #expect(!code.contains(name), "the fuzz harness names \(name): go through ProfileCodecs.all")
        }
        #expect(code.contains("ProfileCodecs.all"))
    }
}
