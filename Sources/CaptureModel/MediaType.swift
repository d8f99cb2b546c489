/// What a `Device` captures: derived from its nodes, never read from a document (`Device.mediaType`).
/// A `DiscoveryFilter` takes a set of them: there `.audio` also matches a camera with a microphone.
public enum MediaType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// It has a video capture node (and maybe a microphone).
    case video
    /// A microphone on its own.
    case audio

    /// The name, `video` or `audio`.
    public var description: String { rawValue }
}
