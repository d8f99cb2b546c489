import CPipeWire
import Foundation
import Glibc
import Testing

/// The C shim alone (Sources/CPipeWire): cpw_read against no daemon, a daemon that never answers, and a real
/// `pipewire` started for the test with a private runtime directory. Serialized: the fd counts of /proc/self/fd
/// must not see another test's descriptors come and go.
@Suite("CPipeWire shim: bounded one-shot registry reads", .serialized)
struct CPipeWireShimTests {
    struct Read {
        var status: Int32
        var snapshot: OpaquePointer?
        var error: String
        var seconds: Double
    }

    struct Bounds {
        var timeoutMs: Int32 = 3000
        var maxObjects: UInt32 = 10_000
        var maxProps: UInt32 = 256
        var maxString: UInt32 = 4096
        var maxParams: UInt32 = 64
        var maxPod: UInt32 = 65536
        var enumFormats = true
    }

    static func read(_ remote: String?, _ bounds: Bounds = Bounds()) -> Read {
        func run(_ remotePointer: UnsafePointer<CChar>?) -> Read {
            var options = cpw_options(
                remote: remotePointer, timeout_ms: bounds.timeoutMs, max_objects: bounds.maxObjects,
                max_props: bounds.maxProps, max_string: bounds.maxString, max_params: bounds.maxParams,
                max_pod: bounds.maxPod, enum_formats: bounds.enumFormats ? 1 : 0)
            var snapshot: OpaquePointer?
            var error = [CChar](repeating: 0, count: 512)
            let start = ContinuousClock.now
            let status = cpw_read(&options, &snapshot, &error, error.count)
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let text = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return Read(status: status, snapshot: snapshot, error: text, seconds: seconds)
        }
        guard let remote else { return run(nil) }
        return remote.withCString { run($0) }
    }

    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }

    static func temporaryDirectory() throws -> String {
        var template = Array("/tmp/cpw-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        return String(cString: made)
    }

    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// A Unix socket that listens and never accepts: connect(2) succeeds (the backlog takes it), nothing answers.
    final class SilentSocket {
        let directory: String
        let path: String
        let fd: Int32

        init() throws {
            directory = try CPipeWireShimTests.temporaryDirectory()
            path = directory + "/silent-0"
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw POSIXError(.EIO) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in bytes.enumerated() where i < raw.count - 1 { raw[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            // A backlog larger than the connections the tests make: the pending ones are never accepted.
            guard bound == 0, listen(fd, 128) == 0 else {
                close(fd)
                throw POSIXError(.EADDRINUSE)
            }
        }

        deinit {
            close(fd)
            unlink(path)
            rmdir(directory)
        }
    }

    /// `pipewire` run as a child with its own runtime directory and a small configuration of its own: the native
    /// protocol, access, and two Video/Sources: videotestsrc behind an adapter, which answers EnumFormat, and a bare
    /// videotestsrc node, which has EnumFormat on its port only and answers the node's enum_params with -ENOENT.
    final class Daemon {
        let directory: String
        let process = Process()
        var socketPath: String { directory + "/pipewire-0" }

        static let configuration = """
            context.properties = { core.daemon = true core.name = pipewire-0 }
            context.spa-libs = { videotestsrc = videotestsrc/libspa-videotestsrc support.* = support/libspa-support }
            context.modules = [
              { name = libpipewire-module-protocol-native }
              { name = libpipewire-module-metadata }
              { name = libpipewire-module-spa-node-factory }
              { name = libpipewire-module-client-node }
              { name = libpipewire-module-access }
              { name = libpipewire-module-adapter }
            ]
            context.objects = [
              { factory = spa-node-factory
                args = { factory.name = support.node.driver node.name = Dummy-Driver priority.driver = 20000 } }
              { factory = adapter
                args = { factory.name = videotestsrc node.name = camprobe-test-source media.class = Video/Source
                         node.description = "A camprobe test source with a rather long description" } }
              { factory = spa-node-factory
                args = { factory.name = videotestsrc node.name = camprobe-bare-source media.class = Video/Source } }
            ]

            """

        init(executable: String) throws {
            directory = try CPipeWireShimTests.temporaryDirectory()
            let config = directory + "/camprobe-test.conf"
            try Self.configuration.write(toFile: config, atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-c", config]
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_RUNTIME_DIR"] = directory
            environment["PIPEWIRE_RUNTIME_DIR"] = directory
            environment["PIPEWIRE_DEBUG"] = "0"
            environment.removeValue(forKey: "PIPEWIRE_REMOTE")
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// Waits up to 5 s for the socket.
        func waitForSocket() -> Bool {
            for _ in 0..<100 {
                if FileManager.default.fileExists(atPath: socketPath) { return true }
                if !process.isRunning { return false }
                usleep(50_000)
            }
            return false
        }

        func stop() {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    @Test("A remote whose socket does not exist is CPW_NO_DAEMON, fast, with a reason")
    func noDaemon() throws {
        let directory = try Self.temporaryDirectory()
        defer { rmdir(directory) }
        let read = Self.read(directory + "/pipewire-0", Bounds(timeoutMs: 5000))
        #expect(read.status == Int32(CPW_NO_DAEMON), "\(read.error)")
        #expect(read.snapshot == nil)
        #expect(!read.error.isEmpty)
        #expect(read.seconds < 5)  // at once: nothing listens (bounded, not timed: the suite runs beside it)
        #expect(!String(cString: cpw_library_version()).isEmpty, "the library was loaded by the read")
    }

    @Test("A daemon that accepts and never answers costs timeout_ms, then CPW_TIMEOUT, and no descriptor leaks")
    func silentDaemonTimesOut() throws {
        let silent = try SilentSocket()
        let warmUp = Self.read(silent.path, Bounds(timeoutMs: 500))
        #expect(warmUp.status == Int32(CPW_TIMEOUT), "\(warmUp.error)")
        let before = Self.openDescriptors()
        for _ in 0..<20 {
            let read = Self.read(silent.path, Bounds(timeoutMs: 500))
            #expect(read.status == Int32(CPW_TIMEOUT), "\(read.error)")
            #expect(read.snapshot == nil)
            #expect(!read.error.isEmpty)
            // Bounded, not fast: the whole test suite runs beside it on two cores (timings are in benchmarks.md).
            #expect(read.seconds >= 0.45 && read.seconds < 5, "took \(read.seconds) s")
            if let snapshot = read.snapshot { cpw_free(snapshot) }
        }
        let after = Self.openDescriptors()
        #expect(before > 0)
        #expect(after <= before, "fds: \(before) before, \(after) after 20 timed-out reads")
    }

    @Test("Accessors are total: nil snapshot and out-of-range indices give nil and 0")
    func accessorsOutOfRange() {
        #expect(cpw_object_count(nil) == 0)
        #expect(cpw_object_type(nil, 0) == nil)
        #expect(cpw_object_prop_key(nil, 0, 0) == nil)
        var size: UInt32 = 7
        #expect(cpw_object_param(nil, 0, 0, &size) == nil)
        #expect(size == 0)
        #expect(cpw_dropped_objects(nil) == 0 && cpw_truncated(nil) == 0)
        cpw_free(nil)
    }

    @Test(
        "A real pipewire: globals, core info, EnumFormat PODs of the Video/Source, every bound honoured",
        .enabled(if: ProcessInfo.processInfo.environment["CAMPROBE_NO_PIPEWIRE_DAEMON"] != "1"))
    func realDaemon() throws {
        let executable = "/usr/bin/pipewire"
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            Issue.record("\(executable) is not installed: install pipewire, or set CAMPROBE_NO_PIPEWIRE_DAEMON=1 to skip")
            return
        }
        let daemon = try Daemon(executable: executable)
        defer { daemon.stop() }
        try #require(daemon.waitForSocket(), "pipewire did not create \(daemon.socketPath)")

        let read = Self.read(daemon.socketPath)
        try #require(read.status == Int32(CPW_OK), "\(read.error)")
        let snapshot = try #require(read.snapshot)
        defer { cpw_free(snapshot) }
        #expect(!String(cString: cpw_core_name(snapshot)).isEmpty)
        #expect(!String(cString: cpw_core_version(snapshot)).isEmpty)
        let count = cpw_object_count(snapshot)
        #expect(count > 0)
        #expect(cpw_dropped_objects(snapshot) == 0)
        let types = (0..<count).map { Self.string(cpw_object_type(snapshot, $0)) ?? "" }
        #expect(types.contains("PipeWire:Interface:Core") || types.contains("PipeWire:Interface:Node"))
        #expect(!types.contains(""), "every object has a type")
        let ids = (0..<count).map { cpw_object_id(snapshot, $0) }
        #expect(Set(ids).count == ids.count, "every object has its own id")
        #expect(cpw_object_type(snapshot, count) == nil && cpw_object_id(snapshot, count) == 0)

        // The Video/Source: its EnumFormat params are whole PODs (8-byte header + body), read to the end.
        let sources = (0..<count).filter { i in
            (0..<cpw_object_prop_count(snapshot, i)).contains { k in
                Self.string(cpw_object_prop_key(snapshot, i, k)) == "media.class"
                    && Self.string(cpw_object_prop_value(snapshot, i, k)) == "Video/Source"
            }
        }
        #expect(sources.count == 2)
        let answered = sources.filter { cpw_object_param_count(snapshot, $0) > 0 }
        let refused = sources.filter { cpw_object_param_result(snapshot, $0) != 0 }
        #expect(answered.count == 1)
        // An error the daemon answers for one node is that node's result, not the read's.
        #expect(refused.map { cpw_object_param_result(snapshot, $0) } == [-ENOENT])
        #expect(refused.allSatisfy { cpw_object_param_count(snapshot, $0) == 0 })
        for i in answered {
            #expect(cpw_object_param_result(snapshot, i) == 0)
            for p in 0..<cpw_object_param_count(snapshot, i) {
                var size: UInt32 = 0
                let pod = try #require(cpw_object_param(snapshot, i, p, &size))
                #expect(size >= 8)
                let bodySize = pod.load(as: UInt32.self)
                let podType = pod.load(fromByteOffset: 4, as: UInt32.self)
                #expect(bodySize + 8 == size)
                #expect(podType == 15, "SPA_TYPE_Object")
            }
            var size: UInt32 = 1
            #expect(cpw_object_param(snapshot, i, cpw_object_param_count(snapshot, i), &size) == nil && size == 0)
        }
        // Other globals carry no params.
        for i in 0..<count where !sources.contains(i) { #expect(cpw_object_param_count(snapshot, i) == 0) }

        // max_string 4: long keys and values are cut to at most 4 bytes, and counted.
        let short = Self.read(daemon.socketPath, Bounds(maxString: 4))
        try #require(short.status == Int32(CPW_OK), "\(short.error)")
        if let cut = short.snapshot {
            #expect(cpw_truncated(cut) > 0)
            for i in 0..<cpw_object_count(cut) {
                for k in 0..<cpw_object_prop_count(cut, i) {
                    #expect(strlen(cpw_object_prop_key(cut, i, k)) <= 4)
                    #expect(strlen(cpw_object_prop_value(cut, i, k)) <= 4)
                }
            }
            // The media.class is judged before the cut: the source's params are still read.
            #expect((0..<cpw_object_count(cut)).contains { cpw_object_param_count(cut, $0) > 0 })
            cpw_free(cut)
        }

        // max_objects 2: two kept, the rest counted.
        let few = Self.read(daemon.socketPath, Bounds(maxObjects: 2))
        try #require(few.status == Int32(CPW_OK), "\(few.error)")
        if let kept = few.snapshot {
            #expect(cpw_object_count(kept) == 2)
            #expect(cpw_dropped_objects(kept) > 0)
            #expect(cpw_object_count(kept) + cpw_dropped_objects(kept) == count)
            cpw_free(kept)
        }

        // max_pod 16: no POD kept, each counted; max_props 1: one property per global.
        let tight = Self.read(daemon.socketPath, Bounds(maxProps: 1, maxPod: 16))
        try #require(tight.status == Int32(CPW_OK), "\(tight.error)")
        if let bounded = tight.snapshot {
            #expect(cpw_truncated(bounded) > 0)
            for i in 0..<cpw_object_count(bounded) {
                #expect(cpw_object_param_count(bounded, i) == 0)
                #expect(cpw_object_prop_count(bounded, i) <= 1)
            }
            cpw_free(bounded)
        }

        // Successful reads leave no descriptor behind either.
        let before = Self.openDescriptors()
        for _ in 0..<10 {
            let again = Self.read(daemon.socketPath)
            #expect(again.status == Int32(CPW_OK), "\(again.error)")
            if let snapshot = again.snapshot { cpw_free(snapshot) }
        }
        #expect(Self.openDescriptors() <= before, "fds grew over 10 successful reads")
    }

    /// The next watch event within `seconds`, skipping timeouts: its kind, id and the node's name (for ADDED).
    static func nextEvent(_ watch: OpaquePointer, within seconds: Double = 5) -> (kind: Int32, id: UInt32, name: String?) {
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < end {
            var id: UInt32 = 0
            var object: OpaquePointer?
            var error = [CChar](repeating: 0, count: 256)
            let kind = cpw_watch_next(watch, 200, &id, &object, &error, error.count)
            if kind == Int32(CPW_WATCH_NONE) { continue }
            defer { cpw_free(object) }
            let name = object.flatMap { o in
                (0..<cpw_object_prop_count(o, 0)).first { string(cpw_object_prop_key(o, 0, $0)) == "node.name" }
                    .flatMap { string(cpw_object_prop_value(o, 0, $0)) }
            }
            return (kind, id, name)
        }
        return (Int32(CPW_WATCH_NONE), 0, nil)
    }

    @Test(
        "A watch of a real pipewire: the camera nodes present, one added and removed by pw-cli, then the daemon's end",
        .enabled(if: ProcessInfo.processInfo.environment["CAMPROBE_NO_PIPEWIRE_DAEMON"] != "1"))
    func watchRealDaemon() throws {
        let executable = "/usr/bin/pipewire"
        guard FileManager.default.isExecutableFile(atPath: executable), FileManager.default.isExecutableFile(atPath: "/usr/bin/pw-cli")
        else {
            Issue.record("pipewire and pw-cli are not installed: install pipewire-bin, or set CAMPROBE_NO_PIPEWIRE_DAEMON=1 to skip")
            return
        }
        let daemon = try Daemon(executable: executable)
        defer { daemon.stop() }
        try #require(daemon.waitForSocket(), "pipewire did not create \(daemon.socketPath)")

        var options = cpw_options(
            remote: nil, timeout_ms: 3000, max_objects: 64, max_props: 64, max_string: 1024, max_params: 0, max_pod: 0, enum_formats: 0)
        var watch: OpaquePointer?
        var error = [CChar](repeating: 0, count: 256)
        let opened = daemon.socketPath.withCString { path in
            options.remote = path
            return cpw_watch_open(&options, &watch, &error, error.count)
        }
        try #require(opened == Int32(CPW_OK), "\(Self.text(error))")
        let w = try #require(watch)

        // One watch at a time in a process: a second is refused with a reason.
        var second: OpaquePointer?
        #expect(
            daemon.socketPath.withCString { path in
                options.remote = path
                return cpw_watch_open(&options, &second, &error, error.count)
            } == Int32(CPW_FAILED))
        #expect(second == nil && Self.text(error).contains("one at a time"))

        // The two Video/Sources of the configuration, then settled.
        var present: [String] = []
        var event = Self.nextEvent(w)
        while event.kind == Int32(CPW_WATCH_ADDED) {
            present.append(event.name ?? "?")
            event = Self.nextEvent(w)
        }
        #expect(event.kind == Int32(CPW_WATCH_SETTLED))
        #expect(present.sorted() == ["camprobe-bare-source", "camprobe-test-source"])

        // pw-cli makes a camera node and exits; the node goes with its client.
        let cli = Process()
        cli.executableURL = URL(fileURLWithPath: "/usr/bin/pw-cli")
        cli.arguments = [
            "-r", daemon.socketPath, "create-node", "adapter",
            "{ factory.name=videotestsrc node.name=camprobe-added media.class=Video/Source }",
        ]
        cli.standardOutput = FileHandle.nullDevice
        cli.standardError = FileHandle.nullDevice
        try cli.run()
        let added = Self.nextEvent(w)
        #expect(added.kind == Int32(CPW_WATCH_ADDED) && added.name == "camprobe-added", "\(added)")
        let removed = Self.nextEvent(w)
        #expect(removed.kind == Int32(CPW_WATCH_REMOVED) && removed.id == added.id, "\(removed)")
        cli.waitUntilExit()

        cpw_watch_close(w)

        // A watch opened and closed again leaves no descriptor behind (the watch context is made once, above).
        func open() throws -> OpaquePointer {
            var watch: OpaquePointer?
            let status = daemon.socketPath.withCString { path in
                options.remote = path
                return cpw_watch_open(&options, &watch, &error, error.count)
            }
            try #require(status == Int32(CPW_OK), "\(Self.text(error))")
            return try #require(watch)
        }
        let before = Self.openDescriptors()
        let quick = try open()
        while Self.nextEvent(quick).kind == Int32(CPW_WATCH_ADDED) {}
        cpw_watch_close(quick)
        #expect(Self.openDescriptors() <= before, "fds: \(before) before a watch, \(Self.openDescriptors()) after")

        // The daemon ends: LOST, with a reason, and again on every later call.
        let last = try open()
        while Self.nextEvent(last).kind == Int32(CPW_WATCH_ADDED) {}
        daemon.process.terminate()
        daemon.process.waitUntilExit()
        let lost = Self.nextEvent(last)
        #expect(lost.kind == Int32(CPW_WATCH_LOST), "\(lost)")
        #expect(cpw_watch_next(last, 0, nil, nil, &error, error.count) == Int32(CPW_WATCH_LOST))
        #expect(!Self.text(error).isEmpty)
        cpw_watch_close(last)

        // Closed, a new watch may open (here: no daemon any more).
        let again = daemon.socketPath.withCString { path in
            options.remote = path
            return cpw_watch_open(&options, &second, &error, error.count)
        }
        #expect(again == Int32(CPW_NO_DAEMON), "\(Self.text(error))")
    }
}
