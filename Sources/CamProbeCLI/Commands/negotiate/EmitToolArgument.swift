import ArgumentParser
import CommandEmitters

/// The value of `negotiate --emit`: the text as given, its choices (help, completion) read from
/// `EmitterRegistry.all`. Any text parses; `Negotiate.validate` refuses one that names no tool, suggesting the
/// nearest, as ArgumentParser's own refusal of an unknown choice would not.
struct EmitToolArgument: ExpressibleByArgument {
    /// What was given (`FFmpeg`).
    var text: String

    init?(argument: String) { text = argument }

    /// The tool `text` names, in any case; nil when none does.
    var emitter: (any CommandEmitter)? { EmitterRegistry.named(text) }

    static var allValueStrings: [String] { EmitterRegistry.names() }
    /// Each tool's line in `--help`.
    static var allValueDescriptions: [String: String] {
        Dictionary(uniqueKeysWithValues: EmitterRegistry.all.map { ($0.name, EmitterRegistry.help($0)) })
    }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
