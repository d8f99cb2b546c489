import ArgumentParser
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// `camprobe serve …`: runs `camprobe-serve …`, the live console, a program of its own so that `camprobe` links no
/// HTTP server. It is looked for beside this executable, then on `PATH`.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "A live console in a browser: devices, modes, controls, USB bandwidth and doctor (runs camprobe-serve).",
        discussion: """
            Every option is camprobe-serve's: --listen ADDR:PORT (127.0.0.1:8637), --token-file FILE, --allow-control. \
            See 'camprobe-serve --help' and docs/commands/serve.md.
            """
    ).underCamprobe

    @Argument(parsing: .captureForPassthrough, help: "camprobe-serve's options.")
    var options: [String] = []

    func run() throws {
        guard let path = Self.locate() else {
            throw CLIError(
                message: "camprobe serve runs camprobe-serve, which is not installed beside \(Self.ownDirectory() ?? "camprobe") "
                    + "nor on PATH; install it with scripts/install (or build it: swift build -c release --product camprobe-serve)")
        }
        StandardOutput.flush()
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + options).map { strdup($0) }
        argv.append(nil)
        execv(path, argv)
        let e = errno
        throw CLIError(message: "cannot run \(path): \(Errno.describe(e))")
    }

    /// The directory of this executable (`/proc/self/exe`).
    static func ownDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let exe = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    }

    /// `camprobe-serve` beside this executable, else the first on `PATH`.
    static func locate() -> String? {
        var places: [String] = []
        if let own = ownDirectory() { places.append(own) }
        if let path = getenv("PATH") { places += String(cString: path).split(separator: ":").map(String.init) }
        for dir in places where !dir.isEmpty {
            let candidate = dir + "/camprobe-serve"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
