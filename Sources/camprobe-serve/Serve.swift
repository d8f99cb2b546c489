import ArgumentParser
import Console
import HostSystem
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// `camprobe-serve` (also `camprobe serve`): the live console.
@main
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camprobe-serve",
        abstract: "A live console for this machine's cameras in a browser: devices, modes, controls, USB bandwidth, doctor.",
        discussion: """
            Prints one address with the token, then serves until Ctrl-C or SIGTERM. Open that address: the token \
            is kept in a cookie for the pages; scripts send it as 'Authorization: Bearer TOKEN'. The JSON API at \
            /api/… gives the documents of the commands' --json (docs/commands/serve.md). Listens on 127.0.0.1 \
            only unless --listen says otherwise. Never changes a device unless asked: control writes need \
            --allow-control; a negotiation only decides; a snapshot streams as 'camprobe snapshot' does.
            """,
        version: "0.1.0")

    @Option(
        help: ArgumentHelp(
            "The address and port to listen on; 0.0.0.0 or [::] reaches this machine from the network.", valueName: "addr:port"))
    var listen = ConsoleConfiguration.defaultListen

    @Option(help: ArgumentHelp("Read the token from this file's first line (else one is made at start and printed).", valueName: "file"))
    var tokenFile: String?

    @Flag(help: "Allow control writes (sliders, menus, torch, focus) from the pages and POST /api/devices/ID/controls.")
    var allowControl = false

    /// Parses and runs; a usage error exits with status 2, as `camprobe`'s do.
    static func main() async {
        do {
            var command = try parse()
            try await command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { FileHandleOut.line(message) }
                Glibc.exit(0)
            }
            if !message.isEmpty {
                FileHandleOut.error(message.hasPrefix("Error: ") ? "camprobe-serve: error: " + message.dropFirst(7) : message)
            }
            Glibc.exit(code == .validationFailure || code.rawValue == 64 ? 2 : code.rawValue)
        }
    }

    func run() async throws {
        let (host, port): (String, Int)
        switch ConsoleConfiguration.listen(listen) {
        case .success(let l): (host, port) = l
        case .failure(let e): throw ValidationError(e.description)
        }
        let token: ConsoleToken
        if let tokenFile {
            do throws(ConsoleToken.FileError) { token = try ConsoleToken.read(path: tokenFile) } catch {
                FileHandleOut.error("camprobe-serve: error: \(error)")
                Glibc.exit(2)
            }
        } else {
            token = ConsoleToken.random()
        }
        let live: LiveDevices
        do throws(ConsoleStartError) { live = try await LiveDevices.start() } catch {
            FileHandleOut.error("camprobe-serve: error: \(error)")
            throw ExitCode(1)
        }
        if host != "127.0.0.1" && host != "::1" && host != "localhost" {
            FileHandleOut.error(
                "camprobe-serve: note: listening on \(host): anyone who can reach this machine and has the token can use the console")
        }
        let server = ConsoleServer(
            configuration: ConsoleConfiguration(host: host, port: port, token: token, allowControl: allowControl), live: live)
        do {
            try await server.run { bound in
                let shown = host.contains(":") ? "[\(host)]" : host
                FileHandleOut.line("camprobe serve: http://\(shown):\(bound)/?token=\(token.text)")
                // Listening: a service manager (Type=notify) may report the console started.
                if let why = ServiceReadiness.announce() { FileHandleOut.error("camprobe-serve: note: \(why)") }
            }
        } catch {
            await live.stop()
            let why: String
            switch (error as? IOError)?.errnoCode {
            case EADDRINUSE?: why = "another program listens there; choose another port with --listen ADDR:PORT"
            case EADDRNOTAVAIL?: why = "this machine has no such address"
            case EACCES?: why = "ports below 1024 need root; choose a port of 1024 or more"
            default: why = "\(error)"
            }
            FileHandleOut.error("camprobe-serve: error: cannot listen on \(listen): \(why)")
            throw ExitCode(1)
        }
    }
}

/// Lines written at once (the address must reach a pipe before any request is served).
enum FileHandleOut {
    static func line(_ s: String) { write(1, s + "\n") }
    static func error(_ s: String) { write(2, s + "\n") }
    private static func write(_ fd: Int32, _ s: String) {
        let bytes = Array(s.utf8)
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + off, bytes.count - off) }
            if n <= 0 { if n < 0 && errno == EINTR { continue } else { return } }
            off += n
        }
    }
}
