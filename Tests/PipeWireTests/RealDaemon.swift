import Foundation
import Glibc
import HostSystem

/// What the tests against a real `pipewire` share: a private daemon, a socket that never answers, and the
/// process's open descriptors.
enum RealDaemon {
    /// Whether a real daemon can be run here (`CAMPROBE_NO_PIPEWIRE_DAEMON=1` turns those tests off).
    static var enabled: Bool {
        ProcessInfo.processInfo.environment["CAMPROBE_NO_PIPEWIRE_DAEMON"] != "1"
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/pipewire")
    }

    /// Whether the process's open descriptors come back to `count` at most within a second: other suites run
    /// beside these and open sockets of their own for a moment, so one look could blame this test for theirs.
    static func descriptorsBack(to count: Int) -> Bool {
        for _ in 0..<20 {
            if openDescriptors() <= count { return true }
            usleep(50_000)
        }
        return false
    }

    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }

    static func temporaryDirectory() throws -> String {
        var template = Array("/tmp/cpw-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        return String(cString: made)
    }

    /// A Unix socket that listens and never accepts: connect(2) succeeds (the backlog takes it), nothing answers.
    final class SilentSocket {
        let directory: String
        let path: String
        let fd: Int32

        init() throws {
            directory = try RealDaemon.temporaryDirectory()
            path = directory + "/silent-0"
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw POSIXError(.EIO) }
            guard let address = UnixSocketAddress(path) else {
                close(fd)
                throw POSIXError(.ENAMETOOLONG)
            }
            let bound = address.withSockaddr { bind(fd, $0, $1) }
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
            directory = try RealDaemon.temporaryDirectory()
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
}
