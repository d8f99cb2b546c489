/// Orders `/dev/video2` before `/dev/video10`.
package enum NodeOrder {
    package static func less(_ a: String, _ b: String) -> Bool {
        // The name and its trailing ASCII digits, read on the UTF-8 bytes (a reversed-character
        // walk ran the standard library's unspecialized generic code: 1.2 M instructions of `show`).
        func split(_ s: String) -> (Substring, Int) {
            let bytes = s.utf8
            var start = bytes.endIndex
            while start > bytes.startIndex {
                let before = bytes.index(before: start)
                guard bytes[before] >= UInt8(ascii: "0") && bytes[before] <= UInt8(ascii: "9") else { break }
                start = before
            }
            return (s[..<start], Int(s[start...]) ?? -1)
        }
        let (pa, na) = split(a)
        let (pb, nb) = split(b)
        return pa != pb ? pa < pb : na < nb
    }
}
