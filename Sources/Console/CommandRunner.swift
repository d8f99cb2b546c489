import CamProbeCLI
import HTTPTypes
import HostSystem
import Hummingbird
import NIOCore
import Synchronization

/// Runs a `camprobe` command for a request (`CommandCall`), on a thread of its own (device reads block), and
/// answers with what it printed: the very document `camprobe … --json` prints. At most `limit` run at once; a
/// request beyond that is answered 429 rather than queued without bound.
package final class CommandRunner: Sendable {
    private let running = Atomic<Int>(0)
    private let limit: Int

    /// A runner allowing `limit` commands at once.
    package init(limit: Int = 8) { self.limit = limit }

    /// The outcome of `arguments`, run on a dedicated thread.
    package func outcome(_ arguments: [String]) async throws(ConsoleError) -> CommandOutcome {
        guard running.add(1, ordering: .acquiringAndReleasing).newValue <= limit else {
            running.subtract(1, ordering: .releasing)
            throw ConsoleError(.tooManyRequests, "\(limit) device reads are already running; try again in a moment")
        }
        defer { running.subtract(1, ordering: .releasing) }
        do throws(ThreadRefused) {
            return try await DedicatedThread.run("camprobe \(arguments.first ?? "")") { CommandCall.runHere(arguments) }
        } catch {
            throw ConsoleError(.tooManyRequests, "no thread could be started for the device read (\(error)); try again in a moment")
        }
    }

    /// The JSON answer for `arguments`: 200 with the document (also for a decision the command ends with status 3 or
    /// 4, such as ADJUSTED: the document says so), 404 for a device that is not here, 409 when another process
    /// holds it, 400 for arguments the command refuses, 500 with the command's message otherwise.
    package func json(_ arguments: [String]) async throws(ConsoleError) -> Response {
        let o = try await outcome(arguments)
        return try Self.response(o)
    }

    /// The answer for an outcome; see `json(_:)`.
    package static func response(_ o: CommandOutcome) throws(ConsoleError) -> Response {
        switch o.ending {
        case .success, .answered:
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: o.printed)))
        case .notFound: throw ConsoleError(.notFound, o.message ?? "no such device")
        case .busy: throw ConsoleError(.conflict, o.message ?? "the device is busy")
        case .usage: throw ConsoleError(.badRequest, o.message ?? "the request was refused")
        case .failed(let status):
            if !o.printed.isEmpty && o.message == nil {
                var headers = HTTPFields()
                headers[.contentType] = "application/json; charset=utf-8"
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: o.printed)))
            }
            throw ConsoleError(.internalServerError, o.message ?? "the command failed (status \(status))")
        }
    }
}
