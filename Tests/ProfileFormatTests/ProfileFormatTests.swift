import ProfileFormat
import Testing

@Suite struct ProfileFormatTests {
    @Test(arguments: [("{\"a\":1}", ProfileEncoding.json), ("  \n<?xml version=\"1.0\"?>", .xml), ("\u{FEFF}{", .json)])
    func detectsForm(text: String, expected: ProfileEncoding) {
        #expect(ProfileEncoding.detect(Array(text.utf8)) == expected)
    }

    @Test func rejectsNeither() {
        #expect(ProfileEncoding.detect(Array("Driver Info:".utf8)) == nil)
        #expect(ProfileEncoding.detect([UInt8]()) == nil)
    }
}
