/// One card of `/proc/asound/cards`: ` 1 [C525           ]: USB-Audio - HD Webcam C525`, the kernel's
/// `%2i [%-15s]: %s - %s` of number, id, driver and name; the long name follows on the next, deeper indented line.
struct ALSATextCardsLine: Equatable {
    var card: Int32
    var cardID: String
    var driver: String
    var name: String

    init?(_ line: Substring) {
        let t = ALSATextSyntax.trimmed(line)
        let digits = t.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9, let card = Int32(digits) else { return nil }
        let rest = t[digits.endIndex...]
        guard rest.hasPrefix(" ["), let close = rest.firstRange(of: "]: ") else { return nil }
        let id = ALSATextSyntax.trimmed(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound])
        let body = rest[close.upperBound...]
        guard !id.isEmpty, !id.contains(" "), let dash = body.firstRange(of: " - ") else { return nil }
        let driver = ALSATextSyntax.trimmed(body[..<dash.lowerBound])
        guard !driver.isEmpty else { return nil }
        self.card = card
        self.cardID = String(id)
        self.driver = String(driver)
        self.name = String(ALSATextSyntax.trimmed(body[dash.upperBound...]))
    }
}
