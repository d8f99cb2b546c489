/// The elements of a JSON array, in order, for `JSONValueDecoder`.
struct JSONValueUnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    /// The decoder of the array itself.
    let array: JSONValueDecoding
    private(set) var currentIndex = 0

    init(_ items: [JSONValue], of array: JSONValueDecoding) {
        self.items = items
        self.array = array
    }

    var codingPath: [any CodingKey] { array.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The decoder for the next element, or `valueNotFound` past the end.
    private func next(_ type: Any.Type) throws -> JSONValueDecoding {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath + [JSONValuePathKey(.index(currentIndex))], debugDescription: "Unkeyed container is at end."))
        }
        return JSONValueDecoding(items[currentIndex], in: array, at: .index(currentIndex))
    }

    /// Decodes the next element and moves past it only when that succeeds.
    private mutating func advance<T>(_ type: T.Type, _ read: (JSONValueDecoding) throws -> T) throws -> T {
        let v = try read(try next(type))
        currentIndex += 1
        return v
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(JSONValue.self).decodeNil() else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try advance(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try advance(type) { try $0.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try advance(type) { try $0.decodeValue(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try advance(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try advance((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder { try advance((any Decoder).self) { $0 } }
}
