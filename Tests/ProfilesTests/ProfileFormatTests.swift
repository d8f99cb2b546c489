import Profiles
import Testing

@Suite struct ProfileFormatTests {
    @Test(arguments: [("{\"a\":1}", ProfileFormat.json), ("  \n<?xml version=\"1.0\"?>", .xml), ("\u{FEFF}{", .json)])
    func detectsForm(text: String, expected: ProfileFormat) {
        #expect(ProfileFormat.detect(Array(text.utf8)) == expected)
    }

    @Test func rejectsNeither() {
        #expect(ProfileFormat.detect(Array("Driver Info:".utf8)) == nil)
        #expect(ProfileFormat.detect([UInt8]()) == nil)
    }
}
