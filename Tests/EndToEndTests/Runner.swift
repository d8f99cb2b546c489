import Foundation

/// Runs the built `camprobe` binary and captures what a user would see.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLI {
    /// The `camprobe` next to this test bundle in the build directory.
    static let binary: String = locate("camprobe")
    /// Its test-only twin that reads `--fixture` files instead of the machine.
    static let fakeBinary: String = locate("camprobe-fake")

    static func locate(_ name: String) -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent(name).path
    }

    static let fixtures: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// Runs `camprobe`, or its fake twin when the arguments name a `--fixture`.
    static func run(_ args: [String], environment extra: [String: String] = [:]) throws -> Run {
        try run(args.contains("--fixture") ? fakeBinary : binary, args, environment: extra)
    }

    /// Runs the shipped `camprobe` whatever the arguments.
    static func runShipped(_ args: [String]) throws -> Run { try run(binary, args, environment: [:]) }

    static func run(_ executable: String, _ args: [String], environment extra: [String: String]) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        // A UTF-8 locale whatever the machine's (CI may have none): tests of the ASCII fallback set their own.
        env["LC_ALL"] = nil
        env["LC_CTYPE"] = nil
        env["LANG"] = "C.UTF-8"
        for (k, v) in extra { env[k] = v }
        p.environment = env
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// A directory for this run's temporary fixtures, removed when the process exits.
    static let scratch: String = {
        let dir = NSTemporaryDirectory() + "camprobe-e2e-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        atexit {
            try? FileManager.default.removeItem(
                atPath: NSTemporaryDirectory() + "camprobe-e2e-\(ProcessInfo.processInfo.processIdentifier)")
        }
        return dir
    }()

    /// Writes `json` to a temporary fixture file and returns its path.
    static func fixture(_ json: String) throws -> String {
        let path = scratch + "/\(UUID().uuidString).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
