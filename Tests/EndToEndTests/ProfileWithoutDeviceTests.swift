import Foundation
import Testing

/// `show --profile FILE` needs no DEVICE when the profile holds one device; with several, the error lists them.
@Suite("A profile of one device needs no device argument")
struct ProfileWithoutDeviceTests {
    static let c525 = ProfileEndToEndTests.profiles.first { $0.hasSuffix("/c525.json") } ?? "Profiles/c525.json"
    static let s800 = ProfileEndToEndTests.profiles.first { $0.hasSuffix("/emeet-s800.json") } ?? "Profiles/emeet-s800.json"

    @Test func showWithoutADeviceShowsTheOnlyOne() throws {
        let r = try CLI.run(["show", "--profile", Self.c525])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("HD Webcam C525"))
    }

    @Test func withSeveralDevicesItAsksWhichAndListsThem() throws {
        let r = try CLI.run(["show", "--profile", Self.c525, "--profile", Self.s800])
        #expect(r.status != 0)
        #expect(r.stderr.contains("name a device") && r.stderr.contains("HD Webcam C525") && r.stderr.contains("EMEET"))
    }
}
