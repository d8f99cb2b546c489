/// An `Encoder` that writes into a `TreeSlot`, keeping keys in the order the `Encodable` conformance writes them.
struct TreeEncoder: Encoder {
    let slot: TreeSlot
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedTreeContainer<Key>(object: slot.object(), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedTreeContainer(array: slot.array(), codingPath: codingPath) }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleTreeContainer(slot: slot, codingPath: codingPath) }
}

struct KeyedTreeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: TreeObject
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { object.slot(key.stringValue).content = .leaf(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try object.slot(key.stringValue).store(value, path: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(object: object.slot(key.stringValue).object(), codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedTreeContainer(array: object.slot(key.stringValue).array(), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(slot: object.slot("super"), codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(slot: object.slot(key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedTreeContainer: UnkeyedEncodingContainer {
    let array: TreeArray
    var codingPath: [any CodingKey]
    var count: Int { array.slots.count }

    /// The key an element is written under in `codingPath`.
    struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    mutating func encodeNil() throws { array.next().content = .leaf(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [Index(intValue: count)]
        try array.next().store(value, path: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [Index(intValue: count)]
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(object: array.next().object(), codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [Index(intValue: count)]
        return UnkeyedTreeContainer(array: array.next().array(), codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [Index(intValue: count)]
        return TreeEncoder(slot: array.next(), codingPath: path)
    }
}

struct SingleTreeContainer: SingleValueEncodingContainer {
    let slot: TreeSlot
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.content = .leaf(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws { try slot.store(value, path: codingPath) }
}
