import FoundationEssentials
import CaptureModel

/// A device profile: the document `camprobe show --json` (or `camprobe
/// profile`) writes, loaded back as a virtual device that answers read-only
/// commands exactly as the live device did.
public enum ProfileFile {
    /// Why a profile could not be loaded.
    public struct LoadError: Error, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// Profiles larger than this are refused rather than read into memory.
    public static let maximumSize = 64 * 1024 * 1024

    /// Loads one profile (a `DeviceDocument` with `schemaVersion` 1).
    public static func load(_ path: String) throws(LoadError) -> Device {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw LoadError(path: path, message: "cannot read the profile (\(error))")
        }
        guard data.count <= maximumSize else { throw LoadError(path: path, message: "larger than \(maximumSize / 1024 / 1024) MiB; not a profile") }
        struct Header: Decodable { var schemaVersion: Int? }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw LoadError(path: path, message: "not JSON, or not a camprobe profile (\(describeJSONError(data)))")
        }
        guard let version = header.schemaVersion else { throw LoadError(path: path, message: "no schemaVersion: not a camprobe profile") }
        guard version <= CaptureModelSchema.version else {
            throw LoadError(path: path, message: "schemaVersion \(version) is newer than this camprobe understands (\(CaptureModelSchema.version)); update camprobe")
        }
        do {
            return try JSONDecoder().decode(DeviceDocument.self, from: data).device
        } catch let e as DecodingError {
            throw LoadError(path: path, message: "invalid profile: \(describe(e))")
        } catch {
            throw LoadError(path: path, message: "invalid profile: \(error)")
        }
    }

    static func describe(_ e: DecodingError) -> String {
        func path(_ c: DecodingError.Context) -> String {
            let p = c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return p.isEmpty ? "at the top level" : "at \(p.hasPrefix(".") ? String(p.dropFirst()) : p)"
        }
        switch e {
        case .keyNotFound(let k, let c): return "missing field '\(k.stringValue)' \(path(c))"
        case .typeMismatch(_, let c), .valueNotFound(_, let c): return "\(c.debugDescription) \(path(c))"
        case .dataCorrupted(let c): return "\(c.debugDescription) \(path(c))"
        @unknown default: return "\(e)"
        }
    }

    /// Line and column of the first byte the JSON parser would trip on are not
    /// exposed by FoundationEssentials; say what we can.
    static func describeJSONError(_ data: Data) -> String {
        do {
            _ = try JSONDecoder().decode(DeviceDocument.self, from: data)
            return "unknown error"
        } catch let e as DecodingError {
            return describe(e)
        } catch {
            return "\(error)"
        }
    }
}
