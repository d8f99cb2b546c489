import DeviceFixtures
import Testing

@testable import TextImport

/// The importers' hand-written scanners (`PasteNormalizer.promptCommand`, `ControlLineParser.nextKey`,
/// `V4L2CtlTextParser.videoNumber`) held to the regex literals they replaced, on the lines people
/// paste and on many generated ones. (A regex literal is parsed and compiled each time it is
/// evaluated, which was most of an import's time.)
@Suite struct ImportScannerTests {
    /// The regex `promptCommand` used before (kept here as the reference).
    static func reference(_ t: Substring) -> String? {
        let prompt =
            /^(?:\$|[A-Za-z_][A-Za-z0-9._-]*@[A-Za-z0-9._-]+(?::[^\s$#]*)? ?[$#]|\[[A-Za-z_][A-Za-z0-9._-]*@[^\]\s]+(?: [^\]]*)?\][$#])(?:[ \t]+(.*))?$/
        guard let m = t.wholeMatch(of: prompt) else { return nil }
        return String((m.1 ?? "").drop { $0 == " " || $0 == "\t" })
    }

    @Test(arguments: [
        ("$ v4l2-ctl --all", "v4l2-ctl --all"),
        ("pi@raspberrypi:~ $ media-ctl -p", "media-ctl -p"),
        ("user@host:~$ v4l2-ctl -d /dev/video0 -l", "v4l2-ctl -d /dev/video0 -l"),
        ("root@host:~# lsusb -v", "lsusb -v"),
        ("[user@fedora ~]$ arecord -l", "arecord -l"),
        ("[user@fedora ~]#", ""),
        ("$", ""),
        ("$\t\tcmd  ", "cmd  "),
    ])
    func knownPrompts(line: String, command: String) {
        #expect(PasteNormalizer.promptCommand(Substring(line)) == command)
        #expect(Self.reference(Substring(line)) == command)
    }

    @Test(arguments: [
        "$x", "# comment", "Driver name : uvcvideo", "a@b", "[a@b c", "user@:~$ x", "1user@host$ x", "[user@host]x",
        "user@host:~$x", "\tDriver Info:", "price: $5",
    ])
    func notPrompts(line: String) {
        #expect(PasteNormalizer.promptCommand(Substring(line)) == nil)
        #expect(Self.reference(Substring(line)) == nil)
    }

    /// 20,000 lines drawn from the characters prompts are made of (with blanks, brackets, non-ASCII
    /// letters and a combining accent): the scanner and the regex agree on every one.
    @Test func agreesWithTheRegexOnGeneratedLines() {
        let alphabet: [String] = [
            "$", "#", "@", ":", "~", " ", "\t", "[", "]", "a", "Z", "_", "-", ".", "0", "/", "é", "e\u{301}", "\u{2028}", "x",
        ]
        var generator = SeededRandom(seed: 0x5EED)
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 14)
            let line = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
            if PasteNormalizer.promptCommand(Substring(line)) != Self.reference(Substring(line)) { disagreements.append(line) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5).map { $0.debugDescription })")
    }
}

extension ImportScannerTests {
    @Test func nextKeyAgreesWithTheRegex() {
        func reference(_ s: Substring) -> Substring.Index? { s.firstMatch(of: /\ [a-z_]+=/)?.range.lowerBound }
        let known: [(String, String?)] = [
            ("inactive, volatile dims=[8][16]", "inactive, volatile"),
            ("inactive", nil),
            ("a b=c", "a"),
            ("x  =1 y_z=2", "x  =1"),
            ("x Ab=1", nil),
        ]
        for (line, before) in known {
            let s = Substring(line)
            #expect(ControlLineParser.nextKey(s).map { String(s[..<$0]) } == before, "\(line)")
        }
        let alphabet: [String] = [" ", "=", "a", "z", "_", "B", "0", ",", "é", "'"]
        var generator = SeededRandom(seed: 0xF1A6)
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 12)
            let line = Substring((0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined())
            if ControlLineParser.nextKey(line) != reference(line) { disagreements.append(String(line)) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test(arguments: [
        ("video0.txt", "0"), ("cam-video12-all.txt", "12"), ("videos-video3", "3"), ("video", nil), ("c920.txt", nil),
        ("VIDEO2", nil),
    ])
    func videoNumberOfAFileName(name: String, number: String?) {
        #expect(V4L2CtlTextParser.videoNumber(in: name).map(String.init) == number)
        #expect(name.firstMatch(of: /video(\d+)/).map { String($0.1) } == number)
    }
}

extension ImportScannerTests {
    /// `SubdevTextContext.afterPrompt` and `SubdevTextParser.isCodeLine` against their old regexes.
    @Test func subdevScannersAgreeWithTheRegexes() {
        let alphabet: [String] = ["$", "#", " ", "\t", "a", "0", "x", "F", "g", ":", "MEDIA_BUS_FMT_", "\r\n", "\u{A0}"]
        var generator = SeededRandom(seed: 0x5_0BDE)
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 10)
            let prefix = generator.next() % 3 == 0 ? "0x" : ""
            let line = Substring(prefix + (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined())
            let prompt = line.firstRange(of: /(?:^|\s)[$#]\s/)?.upperBound
            if SubdevTextContext.afterPrompt(line) != prompt { disagreements.append("prompt: " + line.debugDescription) }
            let code = line.hasPrefix("0x") && line.firstMatch(of: /^0x[0-9a-fA-F]+: MEDIA_BUS_FMT_/) != nil
            if SubdevTextParser.isCodeLine(line) != code { disagreements.append("code: " + line.debugDescription) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(SubdevTextParser.isCodeLine("0x3007: MEDIA_BUS_FMT_SBGGR10_1X10"))
        #expect(!SubdevTextParser.isCodeLine("0x: MEDIA_BUS_FMT_SBGGR10_1X10"))
        #expect(!SubdevTextParser.isCodeLine("0x3007 MEDIA_BUS_FMT_SBGGR10_1X10"))
        let line: Substring = "pi@host:~ $ v4l2-ctl -d /dev/v4l-subdev0"
        #expect(SubdevTextContext.afterPrompt(line).map { String(line[$0...]) } == "v4l2-ctl -d /dev/v4l-subdev0")
    }
}
