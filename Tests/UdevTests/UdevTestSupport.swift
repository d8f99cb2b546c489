import Foundation
import HostSystem
import Synchronization
import V4L2Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh directory under the system's temporary directory, for fake `/dev/v4l` link folders and fake
/// sysfs USB devices; `remove()` deletes it with everything in it.
struct ScratchDirectory {
    /// The directory, resolved with `realpath(3)` so it compares equal to what the code under test resolves.
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("camprobe-udev-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = resolvedPath(base) ?? base
    }

    /// Creates `relative` (and its parents) inside the scratch directory; returns its full path.
    @discardableResult
    func directory(_ relative: String) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }

    /// Writes `text` to `relative` (its folder must exist); returns its full path.
    @discardableResult
    func file(_ relative: String, _ text: String) throws -> String {
        let full = path + "/" + relative
        try text.write(toFile: full, atomically: false, encoding: .utf8)
        return full
    }

    /// Makes `relative` a symbolic link to `destination` (absolute or relative to the link's folder).
    @discardableResult
    func link(_ relative: String, to destination: String) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: destination)
        return full
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// `realpath(3)` of `path`, nil when it does not resolve.
func resolvedPath(_ path: String) -> String? {
    guard let r = realpath(path, nil) else { return nil }
    defer { free(r) }
    return String(cString: r)
}

/// This process's open descriptors and what each refers to, as `/proc/self/fd` shows it (`pipe:[…]`,
/// `socket:[…]`, a path): a descriptor number reused for another object shows a different target.
func descriptorTargets() -> [Int32: String] {
    var out: [Int32: String] = [:]
    for fd in openDescriptors() {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)") { out[fd] = target }
    }
    return out
}

/// The sockets and pipes in `now` that were not open, or referred to something else, in `before` (the monitor
/// opens only these; files other tests or the runtime open meanwhile, and may keep, are left out).
func descriptorsOpened(since before: [Int32: String], now: [Int32: String] = descriptorTargets()) -> [Int32: String] {
    now.filter { before[$0.key] != $0.value && ($0.value.hasPrefix("socket:") || $0.value.hasPrefix("pipe:")) }
}

/// True when none of `descriptors` is still open on the same object.
func allClosed(_ descriptors: [Int32: String]) -> Bool {
    let now = descriptorTargets()
    return descriptors.allSatisfy { now[$0.key] != $0.value }
}

/// Polls `condition` every 5 ms for up to `seconds`; true as soon as it holds.
func pollUntil(seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// Spawners for `UdevMonitor.start` that count their calls and note when the monitor thread's body returned,
/// so a test knows the thread really ended (not only that its stream finished).
final class MonitorThreadProbe: Sendable {
    private let spawnCount = Mutex(0)
    private let ended = Mutex(false)

    var spawns: Int { spawnCount.withLock { $0 } }
    var hasEnded: Bool { ended.withLock { $0 } }

    /// `DedicatedThread.spawn`, recording the call and the end of the body.
    var realThread: DedicatedThread.Spawner {
        { body in
            self.spawnCount.withLock { $0 += 1 }
            return DedicatedThread.spawn {
                body()
                self.ended.withLock { $0 = true }
            }
        }
    }

    /// A spawner that starts nothing and returns `code`, as a failed `pthread_create` does.
    func failing(with code: Int32) -> DedicatedThread.Spawner {
        { _ in
            self.spawnCount.withLock { $0 += 1 }
            return code
        }
    }
}
