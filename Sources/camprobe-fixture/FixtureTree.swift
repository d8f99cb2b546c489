import CamProbeTesting

/// A JSON value as the fixture types encode it, keys in the order they were written.
indirect enum FixtureTree {
    /// A key and its value, in an object.
    struct Member {
        var key: String
        var value: FixtureTree
    }

    case object([Member])
    case array([FixtureTree])
    case string(String)
    /// An integer's decimal digits.
    case number(String)
    case bool(Bool)
    case null

    /// What `value`'s `Encodable` conformance writes (`FakeSystemSpec` and the types it holds).
    static func encoding(_ value: some Encodable) throws -> FixtureTree {
        let root = TreeSlot()
        try root.store(value, path: [])
        return root.tree
    }
}

/// Where one value is written while encoding: containers fill it in place.
final class TreeSlot {
    enum Content {
        case empty
        case leaf(FixtureTree)
        case object(TreeObject)
        case array(TreeArray)
    }
    var content = Content.empty

    var tree: FixtureTree {
        switch content {
        case .empty: return .null
        case .leaf(let t): return t
        case .object(let o): return .object(o.entries.map { FixtureTree.Member(key: $0.key, value: $0.slot.tree) })
        case .array(let a): return .array(a.slots.map(\.tree))
        }
    }

    func object() -> TreeObject {
        if case .object(let o) = content { return o }
        let o = TreeObject()
        content = .object(o)
        return o
    }

    func array() -> TreeArray {
        if case .array(let a) = content { return a }
        let a = TreeArray()
        content = .array(a)
        return a
    }

    /// Strings, booleans and integers are leaves; a `FlexibleUInt32` (control IDs, capabilities) is written as
    /// v4l2-ctl and the kernel headers print it, `0x` and eight hex digits; anything else encodes itself here.
    func store<T: Encodable>(_ value: T, path: [any CodingKey]) throws {
        switch value {
        case let s as String: content = .leaf(.string(s))
        case let b as Bool: content = .leaf(.bool(b))
        case let n as FlexibleUInt32: content = .leaf(.string(Self.hex8(n.value)))
        case let i as any BinaryInteger: content = .leaf(.number("\(i)"))
        case is Double, is Float:
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "a fixture holds no fractional numbers"))
        default: try value.encode(to: TreeEncoder(slot: self, codingPath: path))
        }
    }

    static func hex8(_ v: UInt32) -> String {
        let digits = String(v, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}

final class TreeObject {
    var entries: [(key: String, slot: TreeSlot)] = []

    func slot(_ key: String) -> TreeSlot {
        if let e = entries.first(where: { $0.key == key }) { return e.slot }
        let s = TreeSlot()
        entries.append((key, s))
        return s
    }
}

final class TreeArray {
    var slots: [TreeSlot] = []

    func next() -> TreeSlot {
        let s = TreeSlot()
        slots.append(s)
        return s
    }
}
