/// What uvcvideo makes of a USB device's product string as the V4L2 card name (`v4l2-ctl`'s "Card type"): the
/// product, then `": "` and the interface's function string when it has one, cut to the 31 bytes V4L2's `card`
/// field holds. A Sunplus camera whose product is "FHD Camera Microphone" is "FHD Camera Microphone: FHD Came".
enum UVCCardName {
    /// The bytes of `struct v4l2_capability.card`, less its terminating NUL.
    static let limit = 31

    /// Whether `card` is `product` as uvcvideo names it: the same, the product then `":"` (and a function string,
    /// cut or not), or the product's first 31 bytes.
    static func isCard(_ card: String, of product: String) -> Bool {
        guard !card.isEmpty, !product.isEmpty else { return false }
        if card == product || card.hasPrefix(product + ":") { return true }
        let c = Array(card.utf8)
        return c.count == limit && Array(product.utf8).starts(with: c)
    }

    /// Whether two tools' names of a device are one name: equal, or one is the other's card name.
    static func same(_ a: String, _ b: String) -> Bool { a == b || isCard(a, of: b) || isCard(b, of: a) }
}
