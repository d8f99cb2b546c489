import ProfileFormat
import Testing

/// `Quote`: long input in messages is shown by its start and its size.
@Suite("Quoting input in messages")
struct QuoteTests {
    @Test func shortValuesAreUnchanged() {
        #expect(Quote.clip("MJPG") == "MJPG")
        #expect(Quote.clipMessage("--format MJPX is not a four-character code") == "--format MJPX is not a four-character code")
    }

    @Test func longValuesKeepTheirStartAndSize() {
        let v = String(repeating: "a", count: 60_000_000)
        #expect(Quote.clip(v) == String(repeating: "a", count: 100) + "… (60000000 bytes)")
        let m = Quote.clipMessage("device.\(String(repeating: "x", count: 500)): unknown property")
        #expect(m == "device." + String(repeating: "x", count: 93) + "… (507 bytes): unknown property")
    }

    @Test func longMessagesWithSpacesKeepTheirEnd() {
        let m = Quote.clipMessage("no device matches '" + String(repeating: "z ", count: 10_000) + "'. Run 'camprobe list'.")
        #expect(m.count < 2100)
        #expect(m.hasPrefix("no device matches 'z z"))
        #expect(m.hasSuffix("Run 'camprobe list'."))
        #expect(m.contains("bytes left out"))
    }
}
