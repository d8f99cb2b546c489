import CaptureModel
import FoundationEssentials

/// A device profile as JSON: the document `camprobe show --json` writes,
/// described by `ProfileSchemas.jsonSchema` (`Profiles/schema/camprobe-profile.schema.json`).
package enum JSONProfile {
    /// The document as `camprobe show --json` prints it: the bytes of `JSONEncoder` with
    /// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (written by `SortedJSONEncoder`),
    /// plus a final newline.
    package static func write(_ document: DeviceDocument) -> String {
        // Encoding the model cannot fail: every value is a string, an integer or a finite number.
        guard let bytes = try? SortedJSONEncoder(prettyPrinted: true).encode(document) else { return "" }
        return String(decoding: bytes, as: UTF8.self) + "\n"
    }

    /// Validates against the JSON Schema, then decodes the model from the
    /// parsed tree (`JSONValueDecoder`), as `JSONDecoder` would decode the
    /// bytes. Refuses input over 64 MiB.
    package static func read(_ bytes: [UInt8]) throws(ProfileReadError) -> DeviceDocument {
        try parse(bytes).read()
    }

    /// Issues found by parsing, by checking against the JSON Schema
    /// (`JSONSchemaValidator`) and, when the schema is met, by decoding the
    /// model: what the schema cannot say (a fraction such as `"4294967296/1"`
    /// whose terms do not fit in 32 bits) is found here too, so a document
    /// is valid exactly when `read` accepts it. Empty when the document is valid.
    package static func validate(_ bytes: [UInt8]) -> [ProfileIssue] {
        parse(bytes).validate()
    }

    /// The document parsed once (`JSONValue.parse`), for `read` and
    /// `validate` and for a look at its `schemaVersion` before either.
    package static func parse(_ bytes: [UInt8]) -> Parsed {
        guard bytes.count <= profileMaximumBytes else {
            return Parsed(
                bytes: bytes,
                value: .failure(
                    ProfileReadError(
                        ProfileIssue(message: "the document is \(bytes.count) bytes; profiles larger than 64 MiB are refused"))))
        }
        do throws(JSONValue.ParseFailure) {
            return Parsed(bytes: bytes, value: .success(try JSONValue.parse(bytes)))
        } catch {
            return Parsed(bytes: bytes, value: .failure(ProfileReadError(issue(error))))
        }
    }

    /// Why the bytes are not JSON: this parser's message with its line and column, or `JSONDecoder`'s.
    static func issue(_ error: JSONValue.ParseFailure) -> ProfileIssue {
        switch error {
        case .syntax(let e): ProfileIssue(message: "not JSON: \(e)")
        case .decoding(let e as DecodingError): issue(e, prefix: "not JSON: ")
        case .decoding(let e): ProfileIssue(message: "not JSON: \(e)")
        }
    }

    /// From this size on (256 KiB) `Parsed.read` checks the schema and decodes on two threads.
    static let sideBySideBytes = 256 << 10

    /// A JSON profile parsed, not yet checked against the schema.
    package struct Parsed: Sendable {
        let bytes: [UInt8]
        /// The JSON value, or the size or syntax issue that stopped parsing.
        let value: Result<JSONValue, ProfileReadError>

        /// The `schemaVersion` the document declares, when it is an integer
        /// (read as `JSONDecoder` reads an `Int`); nil when the document is
        /// not JSON, not an object, or has none.
        package var declaredSchemaVersion: Int? {
            guard case .success(let v) = value, case .integer(let i)? = v["schemaVersion"] else { return nil }
            return Int(exactly: i)
        }

        /// See `JSONProfile.read`.
        package func read() throws(ProfileReadError) -> DeviceDocument {
            // A large document is checked and decoded side by side; a small one in turn, where
            // handing half the work to another thread costs more than it saves (the fuzzer's
            // small inputs ran 45 times slower on a busy machine). Read from a task, in turn too
            // (`readsSideBySide`).
            guard readsSideBySide else {
                let issues = schemaIssues()
                guard issues.isEmpty else { throw ProfileReadError(issues: issues) }
                return try decoded().get()
            }
            let (issues, document) = issuesAndTreeDecoding()
            guard issues.isEmpty else { throw ProfileReadError(issues: issues) }
            if let document { return document }
            return try JSONProfile.decode(bytes).get()
        }

        /// Whether `read` checks and decodes side by side: a large document, read where no task runs (a thread of
        /// its own, as the command line reads profiles). Read from a task (on the cooperative pool), it never
        /// waits for another thread to finish its other half (`concurrentPerform`): the two run in turn there.
        package var readsSideBySide: Bool {
            bytes.count >= JSONProfile.sideBySideBytes && !withUnsafeCurrentTask { $0 != nil }
        }

        /// See `JSONProfile.validate`.
        package func validate() -> [ProfileIssue] {
            let issues = schemaIssues()
            guard issues.isEmpty else { return issues }
            if case .failure(let e) = decoded() { return e.issues }
            return []
        }

        /// The model decoded from the parsed tree, once the schema is met.
        /// Only when that fails (or the tree cannot tell, see
        /// `JSONValueDecoder.Undecidable`) are the bytes decoded again with
        /// `JSONDecoder`, whose value or message then stands, so a document
        /// reads exactly as it did when `JSONDecoder` read every one.
        func decoded() -> Result<DeviceDocument, ProfileReadError> {
            if case .success(let v) = value, let document = try? JSONValueDecoder.decode(DeviceDocument.self, from: v) {
                return .success(document)
            }
            return JSONProfile.decode(bytes)
        }

        /// Size, JSON syntax and JSON Schema issues.
        func schemaIssues() -> [ProfileIssue] {
            switch value {
            case .success(let v): JSONProfile.schemaValidator.validate(v)
            case .failure(let e): e.issues
            }
        }
    }

    /// Size, JSON syntax and JSON Schema issues.
    static func schemaIssues(_ bytes: [UInt8]) -> [ProfileIssue] {
        parse(bytes).schemaIssues()
    }

    /// The model decoded with `JSONDecoder`, or the issue that stopped it.
    static func decode(_ bytes: [UInt8]) -> Result<DeviceDocument, ProfileReadError> {
        do {
            return .success(try JSONDecoder().decode(DeviceDocument.self, from: Data(bytes)))
        } catch let e as DecodingError {
            return .failure(ProfileReadError(JSONProfile.issue(e)))
        } catch {
            return .failure(ProfileReadError(ProfileIssue(message: "\(error)")))
        }
    }

    /// The validator for the embedded schema, built once (parsed with
    /// `JSONValue.parse`, which reads it as `JSONDecoder` would, in a
    /// fraction of the time: this runs at every start).
    static let schemaValidator: JSONSchemaValidator = {
        let schema = (try? JSONValue.parse(Array(ProfileSchemas.jsonSchema.utf8))) ?? .bool(false)
        return JSONSchemaValidator(schema: schema)
    }()

    static func issue(_ e: DecodingError, prefix: String = "") -> ProfileIssue {
        func path(_ c: DecodingError.Context) -> String? {
            let p = c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return p.isEmpty ? nil : (p.hasPrefix(".") ? String(p.dropFirst()) : p)
        }
        func detail(_ c: DecodingError.Context) -> String {
            guard let u = c.underlyingError else { return c.debugDescription }
            return "\(c.debugDescription) (\(u))"
        }
        switch e {
        case .keyNotFound(let k, let c):
            return ProfileIssue(
                path: [path(c), k.stringValue].compactMap { $0 }.joined(separator: "."), message: prefix + "required property is missing")
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
            return ProfileIssue(path: path(c), message: prefix + detail(c))
        @unknown default:
            return ProfileIssue(message: prefix + "\(e)")
        }
    }
}
