/// The keyed container of `TreeEncoder`: members appended to a shared object.
struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let storage: JSONObjectStorage

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ key: Key, _ value: JSONTree) { storage.members.append((key.stringValue, value)) }

    mutating func encodeNil(forKey key: Key) throws { put(key, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(key, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(key, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        put(key, .number(try JSONNumberText.of(value, path: codingPath + [key])))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        put(key, .number(try JSONNumberText.of(value, path: codingPath + [key])))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(key, .number(String(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(key, .number(String(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(key, .number(String(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(key, .number(String(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(key, .number(String(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(key, .number(String(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(key, .number(String(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(key, .number(String(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(key, .number(String(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(key, .number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { put(key, try encoder.node(value, at: key)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = TreeEncoder(parent: encoder, key: key)
        let container = child.container(keyedBy: keyType)
        if let node = child.result { put(key, node) }
        return container
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = TreeEncoder(parent: encoder, key: key)
        let container = child.unkeyedContainer()
        if let node = child.result { put(key, node) }
        return container
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        // The member is the object the returned encoder fills (an object until it says otherwise).
        let child = TreeEncoder(parent: encoder, key: key)
        let storage = JSONObjectStorage()
        child.result = .object(storage)
        put(key, .object(storage))
        return child
    }
}

/// The unkeyed container of `TreeEncoder`: items appended to a shared array.
struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    let storage: JSONArrayStorage

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { storage.items.count }

    private func add(_ value: JSONTree) { storage.items.append(value) }
    private var nextKey: IndexKey { IndexKey(intValue: storage.items.count) }

    mutating func encodeNil() throws { add(.null) }
    mutating func encode(_ value: Bool) throws { add(.bool(value)) }
    mutating func encode(_ value: String) throws { add(.string(value)) }
    mutating func encode(_ value: Double) throws { add(.number(try JSONNumberText.of(value, path: codingPath + [nextKey]))) }
    mutating func encode(_ value: Float) throws { add(.number(try JSONNumberText.of(value, path: codingPath + [nextKey]))) }
    mutating func encode(_ value: Int) throws { add(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { add(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { add(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { add(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { add(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { add(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { add(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { add(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { add(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { add(.number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { add(try encoder.node(value, at: nextKey)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = TreeEncoder(parent: encoder, key: nextKey)
        let container = child.container(keyedBy: keyType)
        if let node = child.result { add(node) }
        return container
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = TreeEncoder(parent: encoder, key: nextKey)
        let container = child.unkeyedContainer()
        if let node = child.result { add(node) }
        return container
    }

    mutating func superEncoder() -> any Encoder {
        let child = TreeEncoder(parent: encoder, key: nextKey)
        let storage = JSONObjectStorage()
        child.result = .object(storage)
        add(.object(storage))
        return child
    }
}

/// The single-value container of `TreeEncoder`: sets the encoder's node.
struct TreeSingleValueContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: JSONTree) { encoder.result = value }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(.number(try JSONNumberText.of(value, path: codingPath))) }
    mutating func encode(_ value: Float) throws { set(.number(try JSONNumberText.of(value, path: codingPath))) }
    mutating func encode(_ value: Int) throws { set(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { set(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { set(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { set(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { set(.number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        if let leaf = try TreeEncoder.leaf(value, path: codingPath) {
            set(leaf)
        } else {
            // The value is this encoder's own (the same coding path), as with JSONEncoder.
            encoder.result = nil
            try value.encode(to: encoder)
            if encoder.result == nil { set(.object(JSONObjectStorage())) }
        }
    }
}
