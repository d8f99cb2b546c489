/// What `SortedJSONEncoder` builds before writing: a JSON value whose objects and
/// arrays are shared references, so a container handed out by `Encoder` can be
/// filled after it was put in its parent (the `Encodable` protocol works that way).
enum JSONTree {
    case null
    case bool(Bool)
    /// A number already in its written form.
    case number(String)
    case string(String)
    case array(JSONArrayStorage)
    case object(JSONObjectStorage)
}

/// An array being filled by an unkeyed container.
final class JSONArrayStorage {
    var items: [JSONTree] = []
    /// Put in more than one place by `EncodingMemo` (its bytes are written once per depth).
    var shared = false
}

/// An object being filled by a keyed container: members in the order they were
/// encoded (a key encoded twice keeps its last value when written).
final class JSONObjectStorage {
    var members: [(key: String, value: JSONTree)] = []
    /// Put in more than one place by `EncodingMemo` (its bytes are written once per depth).
    var shared = false
}
