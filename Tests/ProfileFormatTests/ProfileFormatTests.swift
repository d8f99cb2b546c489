import ProfileFormat
import Testing

/// Which built-in codec `ProfileCodecs.detect` finds for a document's first bytes (the cases `ProfileEncoding`, an
/// unused name for the two codecs, was tested with before it was deleted).
@Suite struct ProfileFormatTests {
    @Test(arguments: [("{\"a\":1}", "json"), ("  \n<?xml version=\"1.0\"?>", "xml"), ("\u{FEFF}{", "json")])
    func detectsForm(text: String, expected: String) {
        #expect(ProfileCodecs.detect(Array(text.utf8))?.name == expected)
    }

    @Test func rejectsNeither() {
        #expect(ProfileCodecs.detect(Array("Driver Info:".utf8)) == nil)
        #expect(ProfileCodecs.detect([UInt8]()) == nil)
    }
}
