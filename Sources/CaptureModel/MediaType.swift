/// What a `Device` captures: derived from its nodes, never read from a document.
public enum MediaType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// It has a video capture node (and maybe a microphone).
    case video
    /// A microphone on its own.
    case audio

    /// The name, `video` or `audio`.
    public var description: String { rawValue }
}
