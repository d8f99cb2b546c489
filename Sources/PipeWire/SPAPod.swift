/// A parsed SPA POD value (PipeWire's wire format, `spa/pod/pod.h`), as far as camprobe reads it: ids, integers,
/// rectangles, fractions, choices of them, and objects of properties. Everything else is kept as its type number.
///
/// Every POD is an 8-byte header (body size, type) and a body padded to 8 bytes; the parser checks every size
/// against the bytes it has and bounds every count, so a hostile or cut POD gives `nil` or `.other`, never a crash.
package indirect enum SPAPod: Sendable, Equatable {
    case id(UInt32)
    case int(Int32)
    case long(Int64)
    case bool(Bool)
    case rectangle(width: UInt32, height: UInt32)
    case fraction(num: UInt32, denom: UInt32)
    /// `SPA_TYPE_Choice`: its kind and values; the first value is the default (or current) one.
    case choice(SPAChoice, [SPAPod])
    /// `SPA_TYPE_Object`: its object type, its id and its properties by key.
    case object(type: UInt32, id: UInt32, properties: [SPAProperty])
    case other(type: UInt32)
}

/// One property of an object (`struct spa_pod_prop`): its key and value.
package struct SPAProperty: Sendable, Equatable {
    package var key: UInt32
    package var value: SPAPod
}

/// `enum spa_choice_type`.
package enum SPAChoice: UInt32, Sendable, Hashable {
    case none = 0
    case range, step, `enum`, flags
}

/// SPA type numbers (`enum spa_type` in `spa/utils/type.h`).
package enum SPAType {
    package static let none: UInt32 = 1
    package static let bool: UInt32 = 2
    package static let id: UInt32 = 3
    package static let int: UInt32 = 4
    package static let long: UInt32 = 5
    package static let rectangle: UInt32 = 10
    package static let fraction: UInt32 = 11
    package static let string: UInt32 = 8
    package static let structure: UInt32 = 14
    package static let object: UInt32 = 15
    package static let choice: UInt32 = 19
    /// `SPA_TYPE_OBJECT_Format`.
    package static let objectFormat: UInt32 = 0x40003
    /// `SPA_PARAM_EnumFormat`.
    package static let paramEnumFormat: UInt32 = 3
}

extension SPAPod {
    /// Choice values and object properties read at most (a real EnumFormat has a few dozen).
    package static let maxItems = 4096
    /// Nesting read at most (objects hold choices, nothing deeper is needed).
    package static let maxDepth = 4

    /// Parses one whole POD (header included). nil when the bytes are too short for what the header says.
    package static func parse(_ bytes: [UInt8]) -> SPAPod? {
        bytes.withUnsafeBytes { parse($0, depth: 0)?.pod }
    }

    /// The POD at the start of `b` and the bytes it takes, padding included.
    static func parse(_ b: UnsafeRawBufferPointer, depth: Int) -> (pod: SPAPod, used: Int)? {
        guard b.count >= 8, depth <= maxDepth else { return nil }
        let size = Int(u32(b, 0))
        let type = u32(b, 4)
        guard size <= b.count - 8 else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: b[8..<(8 + size)])
        let used = min(b.count, 8 + ((size + 7) & ~7))
        guard let pod = value(type: type, body: body, depth: depth) else { return nil }
        return (pod, used)
    }

    /// A body of `type` (the header already read).
    static func value(type: UInt32, body: UnsafeRawBufferPointer, depth: Int) -> SPAPod? {
        switch type {
        case SPAType.bool: return body.count >= 4 ? .bool(u32(body, 0) != 0) : nil
        case SPAType.id: return body.count >= 4 ? .id(u32(body, 0)) : nil
        case SPAType.int: return body.count >= 4 ? .int(Int32(bitPattern: u32(body, 0))) : nil
        case SPAType.long: return body.count >= 8 ? .long(Int64(bitPattern: UInt64(u32(body, 0)) | UInt64(u32(body, 4)) << 32)) : nil
        case SPAType.rectangle: return body.count >= 8 ? .rectangle(width: u32(body, 0), height: u32(body, 4)) : nil
        case SPAType.fraction: return body.count >= 8 ? .fraction(num: u32(body, 0), denom: u32(body, 4)) : nil
        case SPAType.choice: return choice(body, depth: depth)
        case SPAType.object: return object(body, depth: depth)
        default: return .other(type: type)
        }
    }

    /// `struct spa_pod_choice_body`: kind, flags, the child header (element size and type), the elements.
    static func choice(_ body: UnsafeRawBufferPointer, depth: Int) -> SPAPod? {
        guard body.count >= 16, let kind = SPAChoice(rawValue: u32(body, 0)) else { return nil }
        let elementSize = Int(u32(body, 8))
        let elementType = u32(body, 12)
        guard elementSize > 0, elementSize <= 64 else { return elementSize == 0 ? .choice(kind, []) : nil }
        let count = min((body.count - 16) / elementSize, maxItems)
        var values: [SPAPod] = []
        values.reserveCapacity(count)
        for i in 0..<count {
            let start = 16 + i * elementSize
            let element = UnsafeRawBufferPointer(rebasing: body[start..<(start + elementSize)])
            guard let v = value(type: elementType, body: element, depth: depth + 1) else { return nil }
            values.append(v)
        }
        return .choice(kind, values)
    }

    /// `struct spa_pod_object_body` and its properties (`struct spa_pod_prop`: key, flags, a POD).
    static func object(_ body: UnsafeRawBufferPointer, depth: Int) -> SPAPod? {
        guard body.count >= 8 else { return nil }
        var props: [SPAProperty] = []
        var at = 8
        while at + 16 <= body.count, props.count < maxItems {
            let key = u32(body, at)
            let rest = UnsafeRawBufferPointer(rebasing: body[(at + 8)...])
            guard let (pod, used) = parse(rest, depth: depth + 1) else { return nil }
            props.append(SPAProperty(key: key, value: pod))
            at += 8 + used
        }
        return .object(type: u32(body, 0), id: u32(body, 4), properties: props)
    }

    /// The little-endian 32-bit word at `at` (the caller has checked the bytes are there).
    static func u32<C: RandomAccessCollection>(_ b: C, _ at: Int) -> UInt32 where C.Element == UInt8, C.Index == Int {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }

    /// The property `key` of an object, nil for other PODs or when absent.
    package func property(_ key: UInt32) -> SPAPod? {
        guard case .object(_, _, let props) = self else { return nil }
        return props.first { $0.key == key }?.value
    }
}
