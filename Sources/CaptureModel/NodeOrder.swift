/// Orders `/dev/video2` before `/dev/video10`.
package enum NodeOrder {
    package static func less(_ a: String, _ b: String) -> Bool {
        func split(_ s: String) -> (String, Int) {
            let digits = s.reversed().prefix { $0.isNumber }
            return (String(s.dropLast(digits.count)), Int(String(digits.reversed())) ?? -1)
        }
        let (pa, na) = split(a)
        let (pb, nb) = split(b)
        return pa != pb ? pa < pb : na < nb
    }
}
