import CaptureModel

/// One encoding of a device profile on disk: its name (`--format NAME`, messages), the files and content that
/// are its own, its schema, and how a `DeviceDocument` is written in it and read back. JSON (`JSONProfileCodec`)
/// and XML (`XMLProfileCodec`) are two; `ProfileCodecs.all` lists every one, and every place that picks an
/// encoding — by a file's extension, by a document's first bytes, by `--format` — asks that list.
package protocol ProfileCodec: Sendable {
    /// The name `--format` takes, lower case (`json`); two codecs of one list never share it.
    var name: String { get }
    /// The name in sentences (`JSON`); `name` upper-cased unless a codec says otherwise.
    var displayName: String { get }
    /// File extensions without the dot; the first is the one profiles are written with (`["json"]`).
    var fileExtensions: [String] { get }
    /// The media type of a document (`application/json`).
    var mediaType: String { get }
    /// How a document of this encoding starts, for messages that name every encoding (`'{'`).
    var opening: String { get }
    /// Whether `content` — a document from its first byte that is neither blank (space, tab, LF, CR) nor part
    /// of a UTF-8 byte order mark — is written in this encoding.
    func claims(_ content: ArraySlice<UInt8>) -> Bool
    /// The language of the schema (`JSON Schema`), for help texts.
    var schemaLanguage: String { get }
    /// The published schema file a document is checked against (`Profiles/schema/camprobe-profile.schema.json`).
    var schemaFile: String { get }
    /// That schema's text, as `camprobe profile schema` prints it.
    var schemaText: String { get }
    /// The document in this encoding; throws only when the encoding's machinery cannot be loaded (XML: libxml2).
    func encode(_ document: DeviceDocument) throws(ProfileReadError) -> String
    /// The document read back, checked against the schema first; every issue says where (a line, or a path).
    func decode(_ bytes: [UInt8]) throws(ProfileReadError) -> DeviceDocument
    /// Every issue `decode` would refuse the document for; empty when it reads.
    func validate(_ bytes: [UInt8]) -> [ProfileIssue]
    /// The document opened for reading: the `schemaVersion` it declares, when the encoding can tell before the
    /// schema is checked, and the read itself, with what was parsed for that look kept for it.
    func open(_ bytes: [UInt8]) -> ProfileDraft
    /// `scalar` written as an escape the encoding itself defines (JSON `\u00b5`, XML `&#xB5;`): how a document
    /// reaches a terminal with no C1 control, or as ASCII alone, and still means the same.
    func escape(_ scalar: Unicode.Scalar) -> String
}

extension ProfileCodec {
    package var displayName: String { name.uppercased() }

    package func validate(_ bytes: [UInt8]) -> [ProfileIssue] {
        do throws(ProfileReadError) {
            _ = try decode(bytes)
            return []
        } catch {
            return error.issues
        }
    }

    package func open(_ bytes: [UInt8]) -> ProfileDraft {
        ProfileDraft { () throws(ProfileReadError) in try decode(bytes) }
    }
}

/// A profile opened by its codec (`ProfileCodec.open`), not yet read.
package struct ProfileDraft: Sendable {
    /// The `schemaVersion` the document declares, when its codec can tell before checking the schema.
    package var declaredSchemaVersion: Int?
    private let body: @Sendable () throws(ProfileReadError) -> DeviceDocument

    package init(declaredSchemaVersion: Int? = nil, read: @escaping @Sendable () throws(ProfileReadError) -> DeviceDocument) {
        self.declaredSchemaVersion = declaredSchemaVersion
        body = read
    }

    /// Checks the document against its schema and reads it (`ProfileCodec.decode`).
    package func read() throws(ProfileReadError) -> DeviceDocument { try body() }
}
