import CamProbe
import CamProbeTesting
import CaptureModel
import Testing

@testable import CamProbeCLI

/// `monitor`'s event loop split out of `Monitor.run()` (P26 item 4): when `--count` ends it, and when a device is
/// whole for `--restore`/`--controls`, as the loop decided them inline before.
struct MonitorCountTests {
    /// `count.isDone(after: e)` (a mutating call cannot be inside `#expect`).
    func step(_ count: inout MonitorCount, _ e: DeviceEvent) -> Bool { count.isDone(after: e) }

    /// `arrivals.whole(after: e)`.
    func whole(_ arrivals: inout MonitorArrivals, _ e: DeviceEvent) -> Device? { arrivals.whole(after: e) }

    /// The EMEET fixture's camera, whole, and as a `connected` announces it before its capabilities are read.
    static func devices() throws -> (whole: Device, bare: Device) {
        let d = try #require(DeviceDiscovery(system: try Fixtures.system(json: Fixtures.read("emeet-s800.json"))).discover().devices.first)
        var bare = d
        bare.captures = []
        return (d, bare)
    }

    @Test func aWholeConnectAndAChangeAreCountedOverflowIsNot() throws {
        let (d, _) = try Self.devices()
        var count = MonitorCount(limit: 2)
        #expect(!step(&count, .connected(d)))
        #expect(!step(&count, .overflow(dropped: 3)))
        #expect(step(&count, .changed(d)))
    }

    /// The last counted connect is followed until its capabilities are in; another device's are not it.
    @Test func theLastConnectWaitsForItsCapabilities() throws {
        let (d, bare) = try Self.devices()
        #expect(bare.awaitsCapabilities)
        var count = MonitorCount(limit: 1)
        #expect(!step(&count, .connected(bare)))
        var other = d
        other.id = DeviceID("usb-other")
        #expect(!step(&count, .capabilitiesRead(other)))
        #expect(step(&count, .capabilitiesRead(d)))
        var gone = MonitorCount(limit: 1)
        #expect(!step(&gone, .connected(bare)))
        #expect(step(&gone, .disconnected(d.id, name: "EMEET")))
    }

    @Test func withoutALimitItNeverEnds() throws {
        let (d, bare) = try Self.devices()
        var count = MonitorCount(limit: nil)
        for e in [DeviceEvent.connected(bare), .capabilitiesRead(d), .changed(d), .disconnected(d.id, name: "EMEET")] {
            #expect(!step(&count, e))
        }
    }

    /// A device is whole at a `connected` with capabilities, else at its first `capabilities` or `changed`, once.
    @Test func arrivalsAreWholeOnce() throws {
        let (d, bare) = try Self.devices()
        var arrivals = MonitorArrivals()
        #expect(whole(&arrivals, .connected(d))?.id == d.id)
        #expect(whole(&arrivals, .connected(bare)) == nil)
        #expect(whole(&arrivals, .changed(d))?.id == d.id)
        #expect(whole(&arrivals, .capabilitiesRead(d)) == nil)
        #expect(whole(&arrivals, .connected(bare)) == nil)
        #expect(whole(&arrivals, .disconnected(d.id, name: "EMEET")) == nil)
        #expect(whole(&arrivals, .capabilitiesRead(d)) == nil)
    }
}
