import CaptureModel
import Foundation
import HostSystem
import Testing
import Udev

/// `UdevMonitor.start` on this machine's real netlink socket. Where the process may open one, the monitor runs
/// until its stream ends and then closes all it opened; where it may not (a sandbox), `start` fails with the
/// libudev call that failed and a non-zero errno, and nothing stays open. Both outcomes are checked.
@Suite("The udev monitor started on this machine")
struct UdevMonitorLifecycleTests {
    /// Checks a refused start: it names a call, carries an errno, and leaves no descriptor behind.
    static func expectCleanRefusal(_ error: UdevError, before: [Int32: String]) async {
        #expect(!error.call.isEmpty)
        #expect(error.errno != 0, "\(error.call) failed without an errno")
        await expectNoSocketOrPipeLeft(since: before)
    }

    /// No socket or pipe opened since `before` stays open (other tests' files, and what the runtime opens
    /// once and keeps, are not the monitor's; other tests' monitors close within the wait).
    static func expectNoSocketOrPipeLeft(since before: [Int32: String]) async {
        func left() -> [Int32: String] {
            descriptorsOpened(since: before).filter { $0.value.hasPrefix("socket:") || $0.value.hasPrefix("pipe:") }
        }
        #expect(await pollUntil { left().isEmpty }, "left open: \(left())")
    }

    /// A running monitor holds the netlink socket and both ends of its wake pipe (among whatever else opened).
    static func expectSocketAndWakePipe(_ opened: [Int32: String]) {
        #expect(opened.values.contains { $0.hasPrefix("socket:") }, "opened \(opened)")
        #expect(opened.values.filter { $0.hasPrefix("pipe:") }.count >= 2, "opened \(opened)")
    }

    @Test(arguments: [UdevMonitor.Source.kernel, .udev])
    func cancellingTheReaderEndsTheThreadAndClosesWhatItOpened(source: UdevMonitor.Source) async throws {
        let before = descriptorTargets()
        let probe = MonitorThreadProbe()
        let stream: AsyncStream<HotplugEvent>
        do {
            stream = try UdevMonitor.start(source: source, spawn: probe.realThread)
        } catch {
            await Self.expectCleanRefusal(error, before: before)
            return
        }
        let opened = descriptorsOpened(since: before)
        Self.expectSocketAndWakePipe(opened)
        #expect(probe.spawns == 1)

        let reader = Task { () -> Int in
            var events = 0
            for await _ in stream { events += 1 }
            return events
        }
        try await Task.sleep(for: .milliseconds(20))
        #expect(!probe.hasEnded, "the monitor thread ended while its stream was being read")

        reader.cancel()
        _ = await reader.value
        #expect(await pollUntil { probe.hasEnded }, "the monitor thread still runs after its reader went away")
        #expect(await pollUntil { allClosed(opened) }, "still open among \(opened)")
    }

    @Test func droppingTheStreamUnreadEndsTheThread() async throws {
        let before = descriptorTargets()
        let probe = MonitorThreadProbe()
        var opened: [Int32: String] = [:]
        do {
            let stream = try UdevMonitor.start(source: .kernel, spawn: probe.realThread)
            opened = descriptorsOpened(since: before)
            withExtendedLifetime(stream) {}
        } catch {
            await Self.expectCleanRefusal(error, before: before)
            return
        }
        Self.expectSocketAndWakePipe(opened)
        #expect(await pollUntil { probe.hasEnded }, "the monitor thread outlived its stream")
        #expect(await pollUntil { allClosed(opened) }, "still open among \(opened)")
    }

    @Test(arguments: [Errno.EAGAIN, Errno.ENOMEM, Errno.EPERM, Errno.EINVAL])
    func aThreadThatCannotStartIsReportedWithItsCode(code: Int32) async {
        let before = descriptorTargets()
        let probe = MonitorThreadProbe()
        do {
            _ = try UdevMonitor.start(source: .udev, spawn: probe.failing(with: code))
            Issue.record("start succeeded although its thread did not")
        } catch {
            if probe.spawns == 1 {
                #expect(error.call == "pthread_create")
                #expect(error.errno == code)
                await Self.expectNoSocketOrPipeLeft(since: before)
            } else {
                // libudev refused before any thread was asked for (no netlink here).
                #expect(probe.spawns == 0)
                await Self.expectCleanRefusal(error, before: before)
            }
        }
    }

    /// libudev knows the netlink groups by exactly these names.
    @Test func sourcesAreLibudevsNetlinkNames() {
        #expect(UdevMonitor.Source.udev.rawValue == "udev")
        #expect(UdevMonitor.Source.kernel.rawValue == "kernel")
        #expect(UdevMonitor.Source(rawValue: "kernel") == .kernel)
        #expect(UdevMonitor.Source(rawValue: "Udev") == nil)
    }

    @Test func preferredSourceIsUdevExactlyWhenUdevdsControlSocketExists() {
        let udevd = FileManager.default.fileExists(atPath: "/run/udev/control")
        #expect(UdevMonitor.preferredSource == (udevd ? .udev : .kernel))
    }

    @Test func udevErrorKeepsItsCallAndErrno() {
        let error = UdevError(call: "udev_monitor_enable_receiving", errno: Errno.EACCES)
        #expect(error.call == "udev_monitor_enable_receiving")
        #expect(error.errno == Errno.EACCES)
        #expect(error.description == "udev_monitor_enable_receiving failed (errno \(Errno.EACCES))")
    }
}
