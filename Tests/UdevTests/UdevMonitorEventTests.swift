import CaptureModel
import Foundation
import HostSystem
import Testing
import Udev

#if canImport(Glibc)
    import Glibc
#endif

/// Real kernel events through `UdevMonitor`: the test asks the kernel to announce `/dev/null` again (a
/// `change` written to its sysfs `uevent` file, which needs root) and watches the `mem` subsystem for it.
/// Serialized: each test counts the `mem` events it caused.
@Suite(
    "Kernel events through the udev monitor", .serialized,
    .enabled(if: access("/sys/class/mem/null/uevent", W_OK) == 0, "needs root: writes /sys/class/mem/null/uevent"))
struct UdevMonitorEventTests {
    static let uevent = "/sys/class/mem/null/uevent"

    /// Makes the kernel send a `change` event for `/dev/null`.
    static func announceDevNull() throws {
        try "change".write(toFile: uevent, atomically: false, encoding: .utf8)
    }

    /// The first `count` events of `stream`, or fewer if they do not come within `seconds`.
    static func events(_ stream: AsyncStream<HotplugEvent>, count: Int, within seconds: Int = 10) async -> [HotplugEvent] {
        await withTaskGroup(of: [HotplugEvent]?.self) { group in
            group.addTask {
                var got: [HotplugEvent] = []
                for await event in stream {
                    got.append(event)
                    if got.count == count { break }
                }
                return got
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            var result: [HotplugEvent] = []
            for await finished in group {
                if let finished {
                    result = finished
                    break
                }
                group.cancelAll()  // time is up: the reader returns what it has
            }
            group.cancelAll()
            return result
        }
    }

    @Test func aKernelEventArrivesWithItsActionSubsystemNodeAndSequence() async throws {
        let stream = try UdevMonitor.start(source: .kernel, subsystems: ["mem"])
        let sent = monotonicNanoseconds()
        try Self.announceDevNull()
        let event = try #require(await Self.events(stream, count: 1).first)
        #expect(event.action == "change")
        #expect(event.subsystem == "mem")
        #expect(event.devnode == "/dev/null")
        #expect(event.sysPath.hasPrefix("/sys/") && event.sysPath.hasSuffix("/mem/null"), "\(event.sysPath)")
        #expect(event.sequence > 0)
        #expect(event.receivedAt >= sent, "received at \(event.receivedAt), sent at \(sent)")
        #expect(event.droppedBefore == 0)
    }

    @Test func eventsOfOtherSubsystemsAreFilteredOut() async throws {
        let stream = try UdevMonitor.start(source: .kernel, subsystems: ["video4linux"])
        try Self.announceDevNull()
        #expect(await Self.events(stream, count: 1, within: 1).isEmpty)
    }

    @Test func eventsComeInOrderOfTheirSequenceNumbers() async throws {
        let stream = try UdevMonitor.start(source: .kernel, subsystems: ["mem"])
        for _ in 0..<5 { try Self.announceDevNull() }
        let events = await Self.events(stream, count: 5)
        #expect(events.count == 5)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.sequence < $1.sequence }, "\(events.map(\.sequence))")
        #expect(events.allSatisfy { $0.droppedBefore == 0 })
    }

    /// With room for one event, three unread ones keep the first; the two after it are dropped, and the next
    /// event delivered after them says so: "dropped before" counts the events lost between it and the one before.
    @Test func aSlowReaderIsToldHowManyEventsWereDropped() async throws {
        let stream = try UdevMonitor.start(source: .kernel, subsystems: ["mem"], bufferLimit: 1)
        for _ in 0..<3 { try Self.announceDevNull() }
        try await Task.sleep(for: .milliseconds(500))  // all three received by the monitor thread, two dropped
        let first = try #require(await Self.events(stream, count: 1).first)
        try Self.announceDevNull()
        let next = try #require(await Self.events(stream, count: 1).first)
        #expect(first.droppedBefore == 0)
        #expect(next.droppedBefore == 2)
        #expect(next.sequence > first.sequence + 2, "the two dropped events lie between them")
        try Self.announceDevNull()
        let after = try #require(await Self.events(stream, count: 1).first)
        #expect(after.droppedBefore == 0)
    }
}
