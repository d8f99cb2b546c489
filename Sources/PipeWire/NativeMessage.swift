/// One message of PipeWire's native protocol, version 3: a 16-byte header (the proxy or resource id; the opcode in
/// the top 8 bits of a word whose low 24 are the payload's size; a sequence number; the number of file descriptors
/// passed with it) and the payload, an SPA POD struct (possibly followed by a footer POD, not read here).
struct NativeMessage {
    var id: UInt32
    var opcode: UInt8
    var seq: UInt32
    var payload: ArraySlice<UInt8>
    /// Header and payload: where the next message starts.
    var length: Int

    /// The message at `offset` of `buffer`, nil while it is not whole yet.
    init?(_ buffer: [UInt8], at offset: Int) {
        guard buffer.count - offset >= 16 else { return nil }
        let word = SPAPod.u32(buffer, offset + 4)
        let size = Int(word & 0xFF_FFFF)
        guard buffer.count - offset - 16 >= size else { return nil }
        id = SPAPod.u32(buffer, offset)
        opcode = UInt8(word >> 24)
        seq = SPAPod.u32(buffer, offset + 8)
        payload = buffer[(offset + 16)..<(offset + 16 + size)]
        length = 16 + size
    }

    /// Messages a client sends.
    struct Builder {
        private(set) var bytes: [UInt8] = []

        /// A message whose payload is a struct of integers.
        mutating func append(id: UInt32, opcode: UInt8, seq: UInt32, _ ints: [Int32]) {
            append(id: id, opcode: opcode, seq: seq, pod: SPAPodWriter.structure(ints.map(SPAPodWriter.int)))
        }

        mutating func append(id: UInt32, opcode: UInt8, seq: UInt32, pod: [UInt8]) {
            let w = SPAPodWriter.u32
            bytes += w(id) + w(UInt32(opcode) << 24 | UInt32(pod.count)) + w(seq) + w(0) + pod
        }
    }
}

/// Reads the PODs of a struct one after the other, checking every size against the bytes there are: a value of
/// another type, or one cut short, gives nil, never a crash.
struct PodCursor {
    private let bytes: ArraySlice<UInt8>
    private var at: Int

    /// A cursor at the start of the struct POD `bytes` begins with (nil: not a struct, or cut).
    init?(structAt bytes: ArraySlice<UInt8>) {
        guard let (type, body) = PodCursor.header(bytes, bytes.startIndex), type == SPAType.structure else { return nil }
        self.bytes = bytes[body]
        at = body.lowerBound
    }

    /// The type and body range of the POD at `at`.
    private static func header(_ b: ArraySlice<UInt8>, _ at: Int) -> (UInt32, Range<Int>)? {
        guard at >= b.startIndex, b.endIndex - at >= 8 else { return nil }
        let size = Int(SPAPod.u32(b, at))
        guard size <= b.endIndex - at - 8 else { return nil }
        return (SPAPod.u32(b, at + 4), (at + 8)..<(at + 8 + size))
    }

    /// The next POD's type and body, the cursor moved past it (and its padding to 8 bytes).
    private mutating func next() -> (UInt32, Range<Int>)? {
        guard let (type, body) = PodCursor.header(bytes, at) else { return nil }
        at = min(bytes.endIndex, at + 8 + ((body.count + 7) & ~7))
        return (type, body)
    }

    /// A POD of type Id (`SPA_TYPE_Id`): param ids, node states.
    mutating func id() -> UInt32? {
        guard let (type, body) = next(), type == SPAType.id, body.count >= 4 else { return nil }
        return SPAPod.u32(bytes, body.lowerBound)
    }

    /// The next POD whole, its 8-byte header and its body (padding left out), whatever its type: what
    /// `SPA_POD_SIZE` counts of a param.
    mutating func pod() -> ArraySlice<UInt8>? {
        let start = at
        guard let (_, body) = next() else { return nil }
        return bytes[start..<body.upperBound]
    }

    mutating func int() -> Int32? {
        guard let (type, body) = next(), type == SPAType.int, body.count >= 4 else { return nil }
        return Int32(bitPattern: SPAPod.u32(bytes, body.lowerBound))
    }

    /// A string (its NUL dropped); "" for a None POD (a NULL string); nil for anything else.
    mutating func string() -> String? {
        guard let (type, body) = next() else { return nil }
        if type == SPAType.none { return "" }
        guard type == SPAType.string else { return nil }
        let text = bytes[body].prefix { $0 != 0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// The next POD skipped, whatever it is (false when there is none).
    mutating func skip() -> Bool { next() != nil }

    /// A cursor into the next POD, which must be a struct.
    mutating func structure() -> PodCursor? {
        let start = at
        guard next() != nil else { return nil }
        return PodCursor(structAt: bytes[start...])
    }
}
