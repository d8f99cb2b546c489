import ArgumentParser
import Negotiation

/// The value of `negotiate --emit`: the text as given, its choices (help, completion) read from
/// `CommandEmitters.all`. Any text parses; `Negotiate.validate` refuses one that names no tool, suggesting the
/// nearest, as ArgumentParser's own refusal of an unknown choice would not.
struct EmitToolArgument: ExpressibleByArgument {
    /// What was given (`FFmpeg`).
    var text: String

    init?(argument: String) { text = argument }

    /// The tool `text` names, in any case; nil when none does.
    var emitter: (any CommandEmitter)? { CommandEmitters.named(text) }

    static var allValueStrings: [String] { CommandEmitters.names() }
    /// Each tool's line in `--help`.
    static var allValueDescriptions: [String: String] {
        Dictionary(uniqueKeysWithValues: CommandEmitters.all.map { ($0.name, CommandEmitters.help($0)) })
    }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
