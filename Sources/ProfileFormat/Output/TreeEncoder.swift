/// The `Encoder` behind `SortedJSONEncoder`: each value encodes into a node of a
/// `JSONTree`; nested values get a child encoder that remembers its parent and key,
/// so `codingPath` is only built when someone asks for it.
final class TreeEncoder: Encoder {
    let parent: TreeEncoder?
    let key: (any CodingKey)?
    /// Shared by every encoder of one `encode` call.
    let memo: EncodingMemo
    /// What this encoder's value became (nil until it encoded something).
    var result: JSONTree?

    init(parent: TreeEncoder?, key: (any CodingKey)?) {
        self.parent = parent
        self.key = key
        memo = parent?.memo ?? EncodingMemo()
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var e: TreeEncoder? = self
        while let node = e, let key = node.key {
            path.append(key)
            e = node.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let storage: JSONObjectStorage
        if case .object(let existing)? = result {
            storage = existing
        } else {
            storage = JSONObjectStorage()
            result = .object(storage)
        }
        return KeyedEncodingContainer(TreeKeyedContainer<Key>(encoder: self, storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let storage: JSONArrayStorage
        if case .array(let existing)? = result {
            storage = existing
        } else {
            storage = JSONArrayStorage()
            result = .array(storage)
        }
        return TreeUnkeyedContainer(encoder: self, storage: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { TreeSingleValueContainer(encoder: self) }

    /// The node of `value`, encoded by a child encoder at `key`.
    func node<T: Encodable>(_ value: T, at key: @autoclosure () -> any CodingKey) throws -> JSONTree {
        if let leaf = try Self.leaf(value, path: codingPath + [key()]) { return leaf }
        if let known = memo.node(for: value) { return known }
        let child = TreeEncoder(parent: self, key: key())
        try value.encode(to: child)
        // A value that encodes nothing is an empty object, as JSONEncoder writes it.
        let node = child.result ?? .object(JSONObjectStorage())
        memo.store(node, for: value)
        return node
    }

    /// The common leaves, without a child encoder (a metadata comparison each, no dynamic cast);
    /// nil for anything else.
    static func leaf<T: Encodable>(_ value: T, path: @autoclosure () -> [any CodingKey]) throws -> JSONTree? {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .number(String(value as! Int)) }
        if T.self == UInt32.self { return .number(String(value as! UInt32)) }
        if T.self == Int32.self { return .number(String(value as! Int32)) }
        if T.self == UInt64.self { return .number(String(value as! UInt64)) }
        if T.self == Int64.self { return .number(String(value as! Int64)) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Double.self { return .number(try JSONNumberText.of(value as! Double, path: path())) }
        return nil
    }
}

/// An array index as a coding key (for `codingPath` inside unkeyed containers).
struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// The text of a number as `JSONEncoder` writes it.
enum JSONNumberText {
    static func of<F: BinaryFloatingPoint & LosslessStringConvertible>(_ v: F, path: @autoclosure () -> [any CodingKey]) throws -> String {
        guard v.isFinite else {
            throw EncodingError.invalidValue(
                v, EncodingError.Context(codingPath: path(), debugDescription: "Unable to encode \(v) directly in JSON."))
        }
        // Integral values below 2^(significand bits + 1) (2^53 for Double, 2^24 for Float) in full;
        // everything else in the shortest form that reads back.
        let exact = F(sign: .plus, exponent: F.Exponent(F.significandBitCount + 1), significand: 1)
        if v.rounded() == v, abs(v) < exact, let i = Int64(exactly: v) {
            return v.sign == .minus && i == 0 ? "-0" : String(i)
        }
        var s = v.description
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}
