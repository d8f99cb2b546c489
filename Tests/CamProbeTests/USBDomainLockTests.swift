import Foundation
import Testing

@testable import CamProbe

/// The domain lock meets other processes through the kernel's `flock(2)`: util-linux's `flock(1)` is the other
/// process here, so the test sees what a second recorder would.
@Suite(.serialized) struct USBDomainLockTests {
    static func directory() throws -> String {
        let dir = NSTemporaryDirectory() + "camprobe-lock-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `flock ARGS…`, its exit status.
    @discardableResult
    static func flock(_ args: [String], wait: Bool = true) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        p.arguments = args
        try p.run()
        if wait { p.waitUntilExit() }
        return p
    }

    @Test func anotherProcessWaitsWhileItIsHeldAndGetsItAfter() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var lock: USBDomainLock? = try USBDomainLock(domain: "bus 2 port 3", directories: [dir])
        #expect(lock?.path == dir + "/camprobe-usb-bus-2-port-3.lock")
        // -n: fail at once when held (exit 1).
        #expect(try Self.flock(["-n", dir + "/camprobe-usb-bus-2-port-3.lock", "true"]).terminationStatus == 1)
        lock = nil
        #expect(try Self.flock(["-n", dir + "/camprobe-usb-bus-2-port-3.lock", "true"]).terminationStatus == 0)
        _ = lock
    }

    @Test func aHolderThatDiesReleasesIt() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/camprobe-usb-bus-1.lock"
        // One process that takes the lock itself and keeps it (python3's fcntl.flock is flock(2)).
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c", "import fcntl,sys,time; f=open(sys.argv[1],'a'); fcntl.flock(f, fcntl.LOCK_EX); time.sleep(30)", file,
        ]
        try holder.run()
        // Wait (bounded) until the child holds it.
        var held = false
        for _ in 0..<500 where !held {
            held = try Self.flock(["-n", file, "true"]).terminationStatus == 1
            if !held { usleep(10_000) }
        }
        #expect(held)
        do {
            _ = try USBDomainLock(domain: "bus 1", timeout: 0.2, directories: [dir])
            Issue.record("the lock was taken while another process held it")
        } catch {
            #expect(error.message.contains("another process has been deciding on bus 1"))
        }
        // SIGKILL: the kernel closes the child's descriptors, and with them its lock.
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        let lock = try USBDomainLock(domain: "bus 1", timeout: 5, directories: [dir])
        #expect(lock.path == file)
    }

    @Test func noDirectoryIsAClearError() {
        #expect(throws: USBDomainLock.Failure.self) {
            try USBDomainLock(domain: "bus 1", timeout: 0, directories: ["/nonexistent/camprobe"])
        }
    }
}
