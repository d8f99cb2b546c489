import CaptureModel
import FoundationEssentials

/// A device profile as JSON: the document `camprobe show --json` writes,
/// described by `ProfileSchemas.jsonSchema` (`Profiles/schema/camprobe-profile.schema.json`).
public enum JSONProfile {
    /// The document as `camprobe show --json` prints it: `JSONEncoder` with
    /// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, plus a final newline.
    public static func write(_ document: DeviceDocument) -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding the model cannot fail: every value is a string, an integer or a finite number.
        guard let data = try? e.encode(document) else { return "" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Validates against the JSON Schema, then decodes with `JSONDecoder`.
    /// Refuses input over 64 MiB.
    public static func read(_ bytes: [UInt8]) throws(ProfileReadError) -> DeviceDocument {
        let issues = schemaIssues(bytes)
        guard issues.isEmpty else { throw ProfileReadError(issues: issues) }
        return try decode(bytes).get()
    }

    /// Issues found by parsing, by checking against the JSON Schema
    /// (`JSONSchemaValidator`) and, when the schema is met, by decoding the
    /// model: what the schema cannot say (a fraction such as `"4294967296/1"`
    /// whose terms do not fit in 32 bits) is found here too, so a document
    /// is valid exactly when `read` accepts it. Empty when the document is valid.
    public static func validate(_ bytes: [UInt8]) -> [ProfileIssue] {
        let issues = schemaIssues(bytes)
        guard issues.isEmpty else { return issues }
        if case .failure(let e) = decode(bytes) { return e.issues }
        return []
    }

    /// Size, JSON syntax and JSON Schema issues.
    static func schemaIssues(_ bytes: [UInt8]) -> [ProfileIssue] {
        guard bytes.count <= profileMaximumBytes else {
            return [ProfileIssue(message: "the document is \(bytes.count) bytes; profiles larger than 64 MiB are refused")]
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch let e as DecodingError {
            return [issue(e, prefix: "not JSON: ")]
        } catch {
            return [ProfileIssue(message: "not JSON: \(error)")]
        }
        return schemaValidator.validate(value)
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

    /// The validator for the embedded schema, built once.
    static let schemaValidator: JSONSchemaValidator = {
        let schema = (try? JSONDecoder().decode(JSONValue.self, from: Data(ProfileSchemas.jsonSchema.utf8))) ?? .bool(false)
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
