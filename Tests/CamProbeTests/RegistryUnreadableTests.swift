import CamProbe
import CamProbeTesting
import FoundationEssentials
import Testing

/// A device udev still lists but that could not be read in one re-read is not gone (the guest's `alsa-hotplug` block
/// once saw snd-dummy announced `disconnected`, then `connected` 76 ms later, while snd-aloop was reloaded beside it).
@Suite("Device registry: a device still listed but not read is not gone", .serialized, .timeLimit(.minutes(1)))
struct RegistryUnreadableTests {
    /// A microphone of its own (a platform card, like snd-dummy) at /dev/snd/controlC0; `error` fails its card's open.
    static func dummy(error: String? = nil) throws -> FakeNodeSpec {
        let fail = error.map { #","openError":"\#($0)""# } ?? ""
        return try spec(
            #"{"path":"/dev/snd/controlC0","subsystem":"sound","driver":"","card":"","busInfo":"","udev":{"parent":{"sysPath":"/sys/devices/platform/snd_dummy.0","bus":"platform","portPath":"platform-snd_dummy.0"}},"audio":{"id":"Dummy","name":"Dummy","driver":"Dummy"\#(fail),"pcms":[{"device":0,"name":"Dummy PCM","formats":["S16_LE"],"channels":"1-2","rates":"8000-48000"}]}}"#
        )
    }

    func make(_ machine: FakeMachine, maxRetries: Int) async -> (DeviceRegistry, EventLog) {
        let registry = DeviceRegistry(
            makeSystem: { machine.makeSystem() }, settle: .milliseconds(20), retryDelay: .milliseconds(20), maxRetries: maxRetries)
        await registry.start(events: machine.events)
        let log = EventLog()
        _ = log.follow(await registry.events())
        return (registry, log)
    }

    /// Until `condition` holds or 10 s pass (the registry works on its own timers).
    func until(_ condition: () async -> Bool) async throws {
        for _ in 0..<500 where !(await condition()) { try await Task.sleep(for: .milliseconds(20)) }
    }

    @Test func aCardThatFailsOneReadIsKeptAndNotAnnounced() async throws {
        let machine = FakeMachine(nodes: [try Self.dummy()])
        let (registry, log) = await make(machine, maxRetries: 25)
        try await until { await registry.devices.count == 1 }
        let id = try #require(await registry.devices.first?.id)
        // The card cannot be opened for a moment (ENODEV from snd_ctl_open) while another device arrives.
        machine.update(try Self.dummy(error: "ENODEV"))
        machine.plug(try camera(1)[0])
        try await until { log.summary.contains { $0.hasPrefix("connected usb-") } }
        try await Task.sleep(for: .milliseconds(100))
        #expect(await registry.devices.contains { $0.id == id }, "\(log.summary)")
        machine.update(try Self.dummy())
        try await until { await !registry.isSettling }
        try await Task.sleep(for: .milliseconds(100))
        #expect(!log.summary.contains("disconnected \(id.rawValue)"), "\(log.summary)")
        #expect(!log.summary.contains("connected \(id.rawValue)"), "\(log.summary)")
        #expect(await registry.devices.contains { $0.id == id })
    }

    @Test func aCardThatStaysUnreadableIsAnnouncedGoneAfterTheRetries() async throws {
        let machine = FakeMachine(nodes: [try Self.dummy()])
        let (registry, log) = await make(machine, maxRetries: 3)
        try await until { await registry.devices.count == 1 }
        let id = try #require(await registry.devices.first?.id)
        machine.update(try Self.dummy(error: "ENODEV"))
        machine.plug(try camera(1)[0])
        try await until { log.summary.contains("disconnected \(id.rawValue)") }
        #expect(log.summary.contains("disconnected \(id.rawValue)"), "\(log.summary)")
    }

    @Test func aCardWhoseNodeIsGoneIsAnnouncedAtOnce() async throws {
        let machine = FakeMachine(nodes: [try Self.dummy()])
        let (registry, log) = await make(machine, maxRetries: 1000)
        try await until { await registry.devices.count == 1 }
        let id = try #require(await registry.devices.first?.id)
        machine.unplug("/dev/snd/controlC0")
        try await until { log.summary.contains("disconnected \(id.rawValue)") }
        #expect(log.summary == ["disconnected \(id.rawValue)"], "\(log.summary)")
    }
}
