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
        let word = PodCursor.u32(buffer, offset + 4)
        let size = Int(word & 0xFF_FFFF)
        guard buffer.count - offset - 16 >= size else { return nil }
        id = PodCursor.u32(buffer, offset)
        opcode = UInt8(word >> 24)
        seq = PodCursor.u32(buffer, offset + 8)
        payload = buffer[(offset + 16)..<(offset + 16 + size)]
        length = 16 + size
    }

    /// Messages a client sends.
    struct Builder {
        private(set) var bytes: [UInt8] = []

        /// A message whose payload is a struct of integers.
        mutating func append(id: UInt32, opcode: UInt8, seq: UInt32, _ ints: [Int32]) {
            append(id: id, opcode: opcode, seq: seq, pod: Self.structure(ints.map(Self.int)))
        }

        mutating func append(id: UInt32, opcode: UInt8, seq: UInt32, pod: [UInt8]) {
            bytes += PodCursor.le(id) + PodCursor.le(UInt32(opcode) << 24 | UInt32(pod.count)) + PodCursor.le(seq) + PodCursor.le(0) + pod
        }

        static func int(_ v: Int32) -> [UInt8] {
            PodCursor.le(4) + PodCursor.le(PodCursor.typeInt) + PodCursor.le(UInt32(bitPattern: v)) + PodCursor.le(0)
        }

        /// A string POD: its bytes, a NUL, padding to 8.
        static func string(_ s: String) -> [UInt8] {
            let body = Array(s.utf8) + [0]
            return PodCursor.le(UInt32(body.count)) + PodCursor.le(PodCursor.typeString) + body
                + [UInt8](repeating: 0, count: (8 - body.count % 8) % 8)
        }

        static func structure(_ members: [[UInt8]]) -> [UInt8] {
            let body = members.flatMap { $0 }
            return PodCursor.le(UInt32(body.count)) + PodCursor.le(PodCursor.typeStruct) + body
        }

        /// A dictionary as the protocol sends one: a struct of the count, then each key and value.
        static func dictionary(_ items: [(String, String)]) -> [UInt8] {
            structure([int(Int32(items.count))] + items.flatMap { [string($0.0), string($0.1)] })
        }
    }
}

/// Reads the PODs of a struct one after the other, checking every size against the bytes there are: a value of
/// another type, or one cut short, gives nil, never a crash.
struct PodCursor {
    static let typeNone: UInt32 = 1, typeInt: UInt32 = 4, typeLong: UInt32 = 5, typeString: UInt32 = 8, typeStruct: UInt32 = 14

    private let bytes: ArraySlice<UInt8>
    private var at: Int

    /// A cursor at the start of the struct POD `bytes` begins with (nil: not a struct, or cut).
    init?(structAt bytes: ArraySlice<UInt8>) {
        guard let (type, body) = PodCursor.header(bytes, bytes.startIndex), type == PodCursor.typeStruct else { return nil }
        self.bytes = bytes[body]
        at = body.lowerBound
    }

    /// The type and body range of the POD at `at`.
    private static func header(_ b: ArraySlice<UInt8>, _ at: Int) -> (UInt32, Range<Int>)? {
        guard at >= b.startIndex, b.endIndex - at >= 8 else { return nil }
        let size = Int(u32(b, at))
        guard size <= b.endIndex - at - 8 else { return nil }
        return (u32(b, at + 4), (at + 8)..<(at + 8 + size))
    }

    /// The next POD's type and body, the cursor moved past it (and its padding to 8 bytes).
    private mutating func next() -> (UInt32, Range<Int>)? {
        guard let (type, body) = PodCursor.header(bytes, at) else { return nil }
        at = min(bytes.endIndex, at + 8 + ((body.count + 7) & ~7))
        return (type, body)
    }

    mutating func int() -> Int32? {
        guard let (type, body) = next(), type == PodCursor.typeInt, body.count >= 4 else { return nil }
        return Int32(bitPattern: PodCursor.u32(bytes, body.lowerBound))
    }

    /// A string (its NUL dropped); "" for a None POD (a NULL string); nil for anything else.
    mutating func string() -> String? {
        guard let (type, body) = next() else { return nil }
        if type == PodCursor.typeNone { return "" }
        guard type == PodCursor.typeString else { return nil }
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

    static func u32<C: RandomAccessCollection>(_ b: C, _ at: Int) -> UInt32 where C.Element == UInt8, C.Index == Int {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }

    static func le(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
}
