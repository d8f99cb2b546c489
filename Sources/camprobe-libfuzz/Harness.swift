import CaptureModel
import HostSystem
import ProfileFormat
import TextImport

#if canImport(Glibc)
    import Glibc
#endif

// Coverage-guided fuzzing of every reader with libFuzzer and AddressSanitizer.
//
// Fuzz build (`-DCAMPROBE_LIBFUZZER`, ASan and libFuzzer's coverage instrumentation, linked
// with libFuzzer's driver; the reader is named by the environment): the exact command is in
// `scripts/fuzz/run-libfuzzer.sh`, which also runs it:
//
//   CAMPROBE_FUZZ_READER=json .build-fuzz/release/camprobe-libfuzz Tests/FuzzCorpus/json
//
// Plain build (`swift build`): runs the reader once over each file given, to replay
// a crash input without the sanitizers: `camprobe-libfuzz --reader json FILE…`.
//
// `scripts/fuzz/run-libfuzzer.sh READER [RUNS]` does both steps.

/// The readers, named as `CAMPROBE_FUZZ_READER` names them: every text importer of the registry (by its kind's last
/// path component: `v4l2-ctl`, `arecord`, `cards`), the paste detector, and every profile codec of
/// `ProfileCodecs.all` (by its `--format` name: `json`, `xml`); a new importer or codec is fuzzed with no edit here.
struct FuzzReader: Sendable, Equatable {
    var rawValue: String
    /// The text importer this reader runs, if it is one.
    var importer: (any TextImporter)? { TextImporters.all.first { Self.name(of: $0.kind) == rawValue } }
    /// The profile codec this reader runs, if it is one.
    var codec: (any ProfileCodec)? { ProfileCodecs.named(rawValue) }

    init?(rawValue: String) {
        guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }
    private init(named name: String) { rawValue = name }

    static func == (a: FuzzReader, b: FuzzReader) -> Bool { a.rawValue == b.rawValue }
    static let paste = FuzzReader(named: "paste")
    static let allCases: [FuzzReader] =
        TextImporters.all.map { FuzzReader(named: name(of: $0.kind)) } + [paste] + ProfileCodecs.all.map { FuzzReader(named: $0.name) }

    static func name(of kind: PasteKind) -> String { String(kind.rawValue.split(separator: "/").last ?? "") }
}

/// Runs one input through `reader`. A crash, a leak, a hang or a trap here is a
/// finding; so is an accepted profile that does not read back equal after writing.
func fuzzOne(_ reader: FuzzReader, _ bytes: [UInt8]) {
    if let importer = reader.importer {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? importer.read([("fuzz", text)], partial: false)
        _ = try? importer.read([("fuzz", text)], partial: true)
    } else if reader == .paste {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = PasteKind.detect(text)
        let kept = PasteNormalizer.normalize(text, commands: .keep)
        _ = PasteKind.detect(kept)
        _ = PasteNormalizer.normalize(text, commands: .blank)
    } else if let codec = reader.codec {
        loadProfile(bytes, as: codec)
    }
}

/// The path `ProfileFile.load` takes once the file's bytes are read: the codec told from the first bytes, the
/// document opened and its declared `schemaVersion` looked at, then schema validation and decoding. Only the codec
/// the reader names is run, so each codec's corpus stays its own. Whatever is accepted is written and read again,
/// and must give the same device.
func loadProfile(_ bytes: [UInt8], as codec: any ProfileCodec) {
    guard let detected = ProfileCodecs.detect(bytes), detected.name == codec.name else { return }
    let draft = codec.open(bytes)
    if let v = draft.declaredSchemaVersion, v > CaptureModelSchema.version { return }
    guard let doc = try? draft.read() else {
        _ = codec.validate(bytes)
        return
    }
    guard let text = try? codec.encode(doc) else { return }
    let again = try? codec.decode(Array(text.utf8))
    if again?.device != doc.device { fatalError("\(codec.displayName) profile accepted but did not read back equal") }
}

#if CAMPROBE_LIBFUZZER
    // libFuzzer's driver from `libclang_rt.fuzzer_no_main` (the fuzz build links it): `main` stays ours,
    // so the build's other executables (the EmbedSchemas plugin tool) link with the same flags.
    @_extern(c, "LLVMFuzzerRunDriver")
    func fuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif

/// Writes to standard error (the C `stderr` is shared mutable state to Swift 6).
func complain(_ message: String) {
    var message = message
    message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// The reader `CAMPROBE_FUZZ_READER` names, or nil.
func readerFromEnvironment() -> FuzzReader? {
    getenv("CAMPROBE_FUZZ_READER").flatMap { FuzzReader(rawValue: String(cString: $0)) }
}

#if CAMPROBE_LIBFUZZER
    /// Read once, before libFuzzer starts calling back (from one thread).
    let selectedReader: FuzzReader = {
        guard let r = readerFromEnvironment() else {
            let names = FuzzReader.allCases.map(\.rawValue).joined(separator: ", ")
            complain("camprobe-libfuzz: set CAMPROBE_FUZZ_READER to one of: \(names)\n")
            exit(2)
        }
        return r
    }()

    @main
    enum LibFuzzerMain {
        static func main() {
            _ = selectedReader
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            let status = fuzzerRunDriver(&argc, &argv) { data, size in
                let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
                fuzzOne(selectedReader, bytes)
                return 0
            }
            exit(status)
        }
    }
#else
    @main
    enum Replay {
        static func main() {
            var args = Array(CommandLine.arguments.dropFirst())
            var reader = readerFromEnvironment()
            if args.first == "--reader", args.count >= 2 {
                reader = FuzzReader(rawValue: args[1])
                args.removeFirst(2)
            }
            guard let reader, !args.isEmpty else {
                let names = FuzzReader.allCases.map(\.rawValue).joined(separator: "|")
                complain("usage: camprobe-libfuzz --reader \(names) FILE…  (or CAMPROBE_FUZZ_READER=READER)\n")
                exit(2)
            }
            for path in args {
                guard let bytes = try? ReadFile.bytes(path, limit: 64 << 20) else {
                    complain("camprobe-libfuzz: cannot read \(path)\n")
                    exit(2)
                }
                fuzzOne(reader, bytes)
                print("camprobe-libfuzz: \(reader.rawValue): \(path): ok")
            }
        }
    }
#endif
