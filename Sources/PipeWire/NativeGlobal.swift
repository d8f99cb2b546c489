extension NativeRegistryRead {
    /// One `Registry::Global` read and bounded: id, permissions, type, version, then the properties as a struct
    /// (count, then key and value strings). What the one-shot read keeps and what the watch queues.
    struct Global {
        var object: PipeWireObject
        /// A node whose `media.class` is `Video/Source`, judged on every property (before `maxProps` cuts them).
        var isCamera: Bool

        /// nil: the message does not read as a global.
        init?(_ c: inout PodCursor, options: PipeWireReadOptions, truncated: inout Int) {
            guard let id = c.int(), c.skip(), let type = c.string(), let version = c.int(), var dict = c.structure() else { return nil }
            let count = Int(max(0, dict.int() ?? 0))
            var props: [(key: String, value: String)] = []
            var camera = false
            for _ in 0..<count {
                guard let key = dict.string(), let value = dict.string() else { break }
                if key == "media.class" && value == "Video/Source" { camera = true }
                guard props.count < options.maxProps else {
                    truncated += 1
                    continue
                }
                let k = Self.cut(key, options.maxString, &truncated)
                if !props.contains(where: { $0.key == k }) { props.append((k, Self.cut(value, options.maxString, &truncated))) }
            }
            isCamera = camera && type == "PipeWire:Interface:Node"
            object = PipeWireObject(
                id: UInt32(bitPattern: id), type: Self.cut(type, MaxName.bytes, &truncated), version: UInt32(bitPattern: version),
                props: props)
        }

        /// At most `max` bytes of `s`, cut back to a character boundary (a cut is counted in `truncated`).
        static func cut(_ s: String, _ max: Int, _ truncated: inout Int) -> String {
            guard s.utf8.count > max else { return s }
            truncated += 1
            // Back from the cut to a character's first byte (a UTF-8 continuation byte is 10xxxxxx).
            let u = s.utf8
            var end = u.index(u.startIndex, offsetBy: max)
            while end > u.startIndex && u[end] & 0xC0 == 0x80 { end = u.index(before: end) }
            return String(decoding: u[..<end], as: UTF8.self)
        }
    }

    /// Types, core name and version, which no option bounds, are cut at this many bytes.
    enum MaxName { static let bytes = 1024 }
}
