import FoundationEssentials

/// A small JSON file that is not a device profile (a kept-controls profile), decoded with the account of what is wrong
/// that a profile gets: a syntax error by its line and column (`JSONValue.parse`), a missing or mistyped value by its
/// JSON path (`JSONDecoder`'s `DecodingError`, worded as for a profile).
package enum JSONFileDecoding {
    /// `type` decoded from `bytes` by `JSONDecoder`; otherwise the issue that stopped it. A file that decodes is read
    /// once; only one that does not is parsed again, for the line and column of a syntax fault.
    package static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(ProfileReadError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            do throws(JSONValue.ParseFailure) {
                _ = try JSONValue.parse(bytes)
            } catch {
                throw ProfileReadError(JSONProfile.issue(error))
            }
            if let e = error as? DecodingError { throw ProfileReadError(JSONProfile.issue(e)) }
            throw ProfileReadError(ProfileIssue(message: "\(error)"))
        }
    }
}
