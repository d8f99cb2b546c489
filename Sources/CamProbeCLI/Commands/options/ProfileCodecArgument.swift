import ArgumentParser
import ProfileFormat

/// `--format NAME`: a profile encoding, named as `ProfileCodecs.all` names it (`json`, `xml`); the values
/// `--help` lists and shells complete come from that list too.
struct ProfileCodecArgument: ExpressibleByArgument, Sendable {
    var codec: any ProfileCodec

    init(_ codec: any ProfileCodec) { self.codec = codec }

    init?(argument: String) {
        guard let codec = ProfileCodecs.named(argument) else { return nil }
        self.codec = codec
    }

    /// The encoding written when `--format` is left out (`ProfileCodecs.standard`).
    static var standard: ProfileCodecArgument { ProfileCodecArgument(ProfileCodecs.standard) }

    /// `--format json or xml.`-style help: the names, then what follows them.
    static func help(_ after: String = ".") -> String { ProfileCodecs.names() + after }

    var defaultValueDescription: String { codec.name }
    static var allValueStrings: [String] { ProfileCodecs.all.map(\.name) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
