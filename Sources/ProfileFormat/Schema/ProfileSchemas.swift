/// The schemas of the two profile forms, embedded so the binary needs no
/// resource bundle. The only copies are the published files
/// `Profiles/schema/camprobe-profile.xsd` and `Profiles/schema/camprobe-profile.schema.json`:
/// the `EmbedSchemas` build-tool plugin turns them into string literals at
/// build time (`EmbeddedSchemaFiles`), so editing a file is all it takes.
package enum ProfileSchemas {
    /// XML Schema 1.0 for `XMLProfile` documents (namespace
    /// `https://camprobe.dev/schema/profile/1`), as libxml2's
    /// `xmlSchemaNewMemParserCtxt` / `xmlSchemaParse` read it.
    package static let xsd: String = EmbeddedSchemaFiles.xsd

    /// JSON Schema (draft 2020-12) for `JSONProfile` documents, the output of
    /// `camprobe show --json`. `JSONSchemaValidator` implements the keywords it uses.
    package static let jsonSchema: String = EmbeddedSchemaFiles.jsonSchema
}
