import CamProbeCLI
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// `GET /api/events`: `text/event-stream`, one event per `camprobe monitor --json` line (`event:` its `event`
/// field, `data:` the line, `id:` a sequence number), the devices present first, a `: keep-alive` comment every
/// 15 s. It ends when the client goes, or when the server stops.
enum EventStream {
    static func response(_ live: LiveDevices) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                let events = await live.listen()
                // A browser's EventSource reconnects after this long when the stream ends.
                try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
                for await e in events.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: text(e)))
                }
                try await writer.finish(nil)
            })
    }

    /// The wire form of one event.
    static func text(_ e: LiveDevices.Event) -> String {
        guard let line = e.line else { return ": keep-alive\n\n" }
        return (e.id > 0 ? "id: \(e.id)\n" : "") + "event: \(line.event)\ndata: \(line.json)\n\n"
    }
}
