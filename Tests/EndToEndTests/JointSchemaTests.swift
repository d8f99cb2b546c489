import Foundation
import Testing

/// `negotiate --together --json` matches Profiles/schema/camprobe-negotiate-together.schema.json.
@Suite("negotiate --together JSON schema", .serialized)
struct JointSchemaTests {
    @Test(arguments: [["--preset", "640x480"], ["--size", "1280x720", "--fps", "30", "--format", "MJPG"], ["--preset", "high"]])
    func matches(_ request: [String]) throws {
        let c525 = JointNegotiateEndToEndTests.c525
        let arducam = JointNegotiateEndToEndTests.arducam
        let out = try OutputSchemaTests.run(
            ["negotiate", "--profile", c525, "--profile", arducam, "--together", "0", "1", "--json"] + request, expecting: [0, 3, 1])
        #expect(try OutputSchemaTests.issues("camprobe-negotiate-together.schema.json", out) == [], "\(request)")
    }

    @Test func aBrokenPlanIsRejected() throws {
        let out = try OutputSchemaTests.run(
            ["negotiate", "--profile", JointNegotiateEndToEndTests.c525, "--together", "0", "--preset", "high", "--json"])
        let broken = out.replacingOccurrences(of: "\"computedLowerBound\"", with: "\"guessed\"")
            .replacingOccurrences(of: "\"assumedMaximum\"", with: "\"guessed\"")
        #expect(try !OutputSchemaTests.issues("camprobe-negotiate-together.schema.json", broken).isEmpty)
    }
}
