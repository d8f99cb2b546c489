import CamProbe
import CamProbeTesting
import Testing

/// A client holding a device open when it goes away gets a clear error, and
/// the registry announces the disconnect even when no udev event comes.
@Suite("Holding a device across a disconnect", .serialized, .timeLimit(.minutes(1)))
struct HolderTests {
    func make(_ machine: FakeMachine) async -> (DeviceRegistry, EventLog) {
        let registry = DeviceRegistry(makeSystem: { machine.makeSystem() }, settle: .milliseconds(20))
        await registry.start(events: machine.events)
        let log = EventLog()
        _ = log.follow(await registry.events())
        return (registry, log)
    }

    @Test func silentDisconnectWhileHeldIsAnnouncedAndTheHolderGetsAClearError() async throws {
        let machine = FakeMachine(nodes: try camera(1))
        let (registry, log) = await make(machine)
        let id = DeviceID("usb-0c45:6366-SN1")
        let holder = try await registry.open(id)
        #expect(try await holder.activeFormat().fourcc.description == "YUYV")

        machine.disconnectSilently("/dev/video2")  // vivid's disconnect control: no uevent
        await #expect(throws: CaptureDeviceError.self) { try await holder.activeFormat() }
        do {
            _ = try await holder.activeFormat()
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .disconnected)
            #expect(error.message.contains("was disconnected"))
        }
        #expect(await holder.isConnected == false)
        await eventually { log.summary == ["disconnected usb-0c45:6366-SN1"] }
        #expect(log.summary == ["disconnected usb-0c45:6366-SN1"])
        #expect(await registry.isConnected(id) == false)
        do {
            _ = try await registry.open(id)
            Issue.record("opening a gone device must fail")
        } catch {
            #expect(error.kind == .disconnected)
        }

        // The driver comes back once the holder lets go: a new connection of the same ID.
        machine.reconnectSilently("/dev/video2")
        await holder.close()
        await eventually { log.summary.count >= 3 }
        #expect(log.summary == ["disconnected usb-0c45:6366-SN1", "connected usb-0c45:6366-SN1", "capabilities usb-0c45:6366-SN1"])
        #expect(await holder.isConnected == false)  // the old handle stays disconnected forever
    }

    @Test func unpluggedWhileHeldGivesOneDisconnect() async throws {
        let machine = FakeMachine(nodes: try camera(1))
        let (registry, log) = await make(machine)
        let holder = try await registry.open(DeviceID("usb-0c45:6366-SN1"))
        for n in try camera(1).reversed() { machine.unplug(n.path) }
        machine.disconnectSilently("/dev/video2")  // the held fd fails too
        await #expect(throws: CaptureDeviceError.self) { try await holder.activeFormat() }
        await eventually { !log.summary.isEmpty }
        try await Task.sleep(for: .milliseconds(150))  // and nothing more arrives
        #expect(log.summary == ["disconnected usb-0c45:6366-SN1"])
    }

    @Test func closedHandleSaysSo() async throws {
        let machine = FakeMachine(nodes: try camera(1))
        let (registry, _) = await make(machine)
        let holder = try await registry.open(DeviceID("usb-0c45:6366-SN1"))
        await holder.close()
        do {
            _ = try await holder.activeFormat()
            Issue.record("expected an error")
        } catch { #expect(error.kind == .closed) }
    }
}

/// Polls `condition` until it holds or 10 s pass (tests must not depend on the scheduler's speed).
func eventually(_ condition: @Sendable () async -> Bool) async {
    for _ in 0..<500 {
        if await condition() { return }
        try? await Task.sleep(for: .milliseconds(20))
    }
}
