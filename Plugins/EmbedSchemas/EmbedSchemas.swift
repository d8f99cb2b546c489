import PackagePlugin

/// Embeds the published schema files (`Profiles/schema/`) in the `Profiles`
/// module: one build command runs `embed-schemas`, which writes a Swift source
/// holding each file's text as a string literal. The files stay the only copy.
@main
struct EmbedSchemas: BuildToolPlugin {
    /// The files, in order, and the internal names they get in `EmbeddedSchemaFiles`.
    static let files: [(name: String, file: String)] = [
        ("xsd", "camprobe-profile.xsd"),
        ("jsonSchema", "camprobe-profile.schema.json"),
    ]

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let schemaDirectory = context.package.directoryURL.appending(path: "Profiles").appending(path: "schema")
        let inputs = Self.files.map { schemaDirectory.appending(path: $0.file) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSchemaFiles.swift")
        var arguments = [output.path(percentEncoded: false)]
        for (entry, url) in zip(Self.files, inputs) { arguments += [entry.name, url.path(percentEncoded: false)] }
        return [
            .buildCommand(
                displayName: "Embedding the profile schemas from Profiles/schema",
                executable: try context.tool(named: "embed-schemas").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
