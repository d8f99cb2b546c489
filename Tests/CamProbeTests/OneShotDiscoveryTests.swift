import CamProbe
import CamProbeTesting
import CaptureModel
import Testing
import Udev

/// `DiscoverySession(filter, following: false)`: one listing, no monitor, devices that open.
@Suite("One-shot discovery session", .serialized, .timeLimit(.minutes(1)))
struct OneShotDiscoveryTests {
    func oneShot(_ machine: FakeMachine, _ filter: DiscoveryFilter = DiscoveryFilter()) async -> (DiscoverySession, DeviceRegistry) {
        let registry = DeviceRegistry(makeSystem: { machine.makeSystem() }, settle: .milliseconds(20), ownThread: false)
        return (await DiscoverySession(filter: filter, registry: registry, monitor: nil), registry)
    }

    @Test func listsTheDevicesAndStartsNoMonitor() async throws {
        let machine = FakeMachine(nodes: try camera(1) + [try microphone(2)])
        let (session, registry) = await oneShot(machine)
        #expect(await session.devices.map(\.id.rawValue) == ["usb-0c45:6366-SN1"])
        #expect(await session.devices.first?.captures.first?.formats.isEmpty == false)  // capabilities read
        #expect(session.hotplug == .off(reason: DiscoverySession.oneShotReason))
        #expect(await registry.isFollowing == false)
        // A camera plugged after the listing is not followed: its udev events are never read.
        for n in try camera(3) { machine.plug(n) }
        try await Task.sleep(for: .milliseconds(80))
        #expect(await registry.statistics.rawEvents == 0)
        #expect(await session.devices.count == 1)
        // The events are the devices listed, marked initial, and then they end.
        var seen: [String] = []
        for await e in await session.events() {
            guard case .wasConnected(let d, initial: true) = e else {
                Issue.record("a one-shot session told \(e)")
                continue
            }
            seen.append(d.id.rawValue)
        }
        #expect(seen == ["usb-0c45:6366-SN1"])
        // The one filter type: CaptureModel's MediaType.
        let (audio, _) = await oneShot(machine, DiscoveryFilter(mediaTypes: [MediaType.audio]))
        #expect(await audio.devices.map(\.name).count == 1)
    }

    @Test func aDeviceFromItOpensAndIsReleased() async throws {
        let machine = FakeMachine(nodes: try camera(1))
        let (session, registry) = await oneShot(machine)
        let device = try #require(await session.devices.first)
        let camera = try await session.open(device)
        #expect(try await camera.activeMode().size.width > 0)
        try await camera.lockForConfiguration()
        await camera.unlockForConfiguration()
        await camera.close()
        try await Task.sleep(for: .milliseconds(60))
        // Releasing the handle does not make a one-shot session look again.
        #expect(await registry.statistics.rescans == 0)
        #expect(await session.devices.map(\.id) == [device.id])
    }
}
