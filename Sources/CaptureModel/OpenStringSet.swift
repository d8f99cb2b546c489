/// A set of names camprobe knows but does not close: a `String` behind a
/// struct with one static member per known name (`allCases`), so code names
/// them (`.deviceGone`) while a value camprobe does not know survives as is.
///
/// Used for names a profile carries (`Problem.kind`, `DeviceNode.role`,
/// `Transport.kind`): schemaVersion 1 publishes them as plain strings, so a
/// profile written by a newer camprobe, or a sysfs bus camprobe has never
/// seen, may hold a name not listed here. A closed enum would refuse such a
/// document; this type reads it and writes the same spelling back.
///
/// It encodes as the bare string (the `RawRepresentable` `Codable` default),
/// prints as it (`description`), and a string literal is a value, so
/// `problem.kind == .access` keeps meaning what it did.
public protocol OpenStringSet: RawRepresentable, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible,
    ExpressibleByStringLiteral
where RawValue == String, AllCases == [Self] {
    /// Any name, known or not.
    init(rawValue: String)
}

extension OpenStringSet {
    /// The literal's text as the name.
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    /// The name as written in documents.
    public var description: String { rawValue }
    /// Whether the name is one of `allCases`.
    public var isKnown: Bool { Self.allCases.contains(self) }
}
