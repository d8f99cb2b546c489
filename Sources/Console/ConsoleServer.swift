import CamProbeCLI
import Hummingbird
import Logging
import NIOCore

/// `camprobe serve`: the routes behind the token gate, on Hummingbird, following the machine's devices.
package struct ConsoleServer: Sendable {
    /// How it runs.
    package let configuration: ConsoleConfiguration
    /// The devices and their events.
    package let live: LiveDevices

    /// A server over `live` (started with `LiveDevices.start()`).
    package init(configuration: ConsoleConfiguration, live: LiveDevices) {
        self.configuration = configuration
        self.live = live
    }

    /// The router: errors as JSON first, then the gate, then the routes.
    package func router() -> Router<ConsoleContext> {
        let router = Router(context: ConsoleContext.self)
        router.middlewares.add(ConsoleErrorMiddleware())
        router.middlewares.add(
            AccessGate(
                token: configuration.token,
                rate: RequestRate(burst: configuration.requestBurst, perSecond: configuration.requestsPerSecond)))
        let runner = CommandRunner()
        let api = APIRoutes(live: live, runner: runner, configuration: configuration)
        api.add(to: router)
        PageRoutes(live: live, runner: runner, configuration: configuration, api: api).add(to: router)
        return router
    }

    /// Serves until SIGINT or SIGTERM (then open event streams end and the server stops); `ready` is called with the
    /// port bound (the one asked, or the one the system gave for 0).
    package func run(ready: @escaping @Sendable (Int) -> Void) async throws {
        var logger = Logger(label: "camprobe.serve")
        logger.logLevel = .warning
        let app = Application(
            router: router(),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in ready(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
        try await app.runService()
        await live.stop()
    }
}
