import Foundation
import Testing

/// `ctl --dry-run` and `apply --dry-run`: on a saved profile or a live device,
/// values are checked and what would be set is printed in order; nothing is written.
@Suite("camprobe ctl / apply --dry-run")
struct DryRunEndToEndTests {
    static let root = ProfileCommandEndToEndTests.root
    static let profile = root + "/Profiles/c525.json"
    static let fixture = root + "/Tests/Fixtures/c525.json"

    static func ctl(_ args: String...) throws -> Run { try CLI.run(["ctl", "--profile", profile, "0"] + args) }

    @Test func aProfileIsNotWrittenAndTheErrorSuggestsDryRun() throws {
        let r = try Self.ctl("brightness=140")
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("camprobe: error: a profile is not a live device"), "\(r.stderr)")
        #expect(r.stderr.contains("add --dry-run to check 'brightness=140'"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func aDryRunPrintsTheWritesInOrder() throws {
        let r = try Self.ctl("exposure=custom:1/64", "brightness=140", "--dry-run")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains("would set exposure_auto=1 (Manual Mode), then exposure_absolute=156, then brightness=140\n"),
            "\(r.stdout)")
        #expect(r.stdout.contains("  exposure_auto=1 (Manual Mode)  (manual exposure first)"))
        #expect(r.stdout.hasSuffix("nothing was written (--dry-run)\n"))
    }

    @Test func aDryRunChecksRangesNamesAndMenus() throws {
        let range = try Self.ctl("brightness=300", "--dry-run")
        #expect(range.status == 1 && range.stdout.isEmpty)
        #expect(range.stderr.contains("brightness=300: out of range; allowed: 0…255"), "\(range.stderr)")
        let typo = try Self.ctl("brightnes=140", "--dry-run")
        #expect(typo.status == 1)
        #expect(typo.stderr.contains("no control or feature 'brightnes' (did you mean 'brightness'?)"), "\(typo.stderr)")
        let menu = try Self.ctl("power_line_frequency=50hz", "--dry-run")
        #expect(menu.status == 1)
        #expect(menu.stderr.contains("'50hz' is not a value of power_line_frequency (did you mean '50 Hz'"), "\(menu.stderr)")
        let far = try Self.ctl("zzzzzz=1", "--dry-run")
        #expect(far.status == 1 && !far.stderr.contains("did you mean"), "\(far.stderr)")
    }

    @Test func aDryRunOnALiveDeviceSaysWhatWouldBeSet() throws {
        let r = try CLI.run(["ctl", "0", "--fixture", Self.fixture, "focus=locked:120", "--dry-run"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("would set focus_auto=0, then focus_absolute=120\n"), "\(r.stdout)")
        #expect(!r.stdout.contains("→"), "a dry run reads nothing back: \(r.stdout)")
    }

    @Test func dryRunNeedsAssignments() throws {
        let r = try CLI.run(["ctl", "--profile", Self.profile, "0", "--dry-run"])
        #expect(r.status == 2 && r.stderr.contains("--dry-run checks assignments"), "\(r.stderr)")
    }

    @Test func applyOnAProfilePrintsTheFormatAndControlWrites() throws {
        let r = try CLI.run(["apply", "--profile", Self.profile, "--dry-run", "0", "--preset", "high"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Decision: VALID  MJPG 1920x1080 @ 30 fps"))
        #expect(r.stdout.contains("would set MJPG 1920x1080 at 30 fps (333333/10000000 s) on /dev/video0"), "\(r.stdout)")
        #expect(r.stdout.contains("control writes: none"))
        let sensor = try CLI.run([
            "apply", "--profile", Self.root + "/Profiles/vimc-sensor-a.json", "--dry-run", "0", "--size", "640x480",
        ])
        #expect(sensor.status == 0, "\(sensor.stderr)")
        #expect(sensor.stdout.contains("would configure the pipeline first:\n  media-ctl -d /dev/media0 -V"), "\(sensor.stdout)")
    }

    @Test func dryRunJSONMatchesTheSchemas() throws {
        let ctl = try Self.ctl("wb=5000K", "--dry-run", "--json")
        #expect(ctl.status == 0)
        #expect(try OutputSchemaTests.issues("camprobe-ctl.schema.json", ctl.stdout) == [])
        #expect(ctl.stdout.contains("\"dryRun\" : true"))
        let apply = try CLI.run(["apply", "--profile", Self.profile, "--dry-run", "0", "--preset", "high", "--json"])
        #expect(apply.status == 0)
        #expect(try OutputSchemaTests.issues("camprobe-apply.schema.json", apply.stdout) == [])
        #expect(apply.stdout.contains("\"wouldSet\""))
    }
}
