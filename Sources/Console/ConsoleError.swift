import FoundationEssentials
import HTTPTypes
import Hummingbird
import NIOCore

/// An answer that is not 2xx: a status and a sentence, sent as `{"error": "...", "status": N}` (every route, the
/// pages' too, so a script and a person read the same reason).
package struct ConsoleError: Error, HTTPResponseError, Sendable {
    /// The status.
    package var status: HTTPResponse.Status
    /// Why, for a person.
    package var message: String

    /// An error; see the properties.
    package init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The JSON answer.
    package func response(from request: Request, context: some RequestContext) throws -> Response {
        ConsoleError.json(status: status, message: message)
    }

    /// `{"error": message, "status": code}` with `status`.
    package static func json(status: HTTPResponse.Status, message: String) -> Response {
        struct Body: Encodable {
            var error: String
            var status: Int
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Body(error: message, status: status.code))) ?? Data("{}".utf8)
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension ConsoleError {
    /// The error as a small page: the status, the sentence, a way back.
    static func page(status: HTTPResponse.Status, message: String) -> Response {
        var html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(status.code) · camprobe</title>"
        html +=
            "<link rel=\"stylesheet\" href=\"/static/console.css\"></head><body><main><h1>\(status.code) \(HTML.escape(status.reasonPhrase))</h1>"
        html += "<p class=\"problem\">\(HTML.escape(message))</p><p><a href=\"/\">Back to the devices</a></p></main></body></html>\n"
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}

/// Turns every error a route throws into a JSON answer: ours as they are, Hummingbird's (a body too large, a route
/// not found) with their status and a sentence, anything else as 500 with its description.
package struct ConsoleErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The middleware.
    package init() {}

    /// Passes the request on; maps what it throws.
    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let (status, message): (HTTPResponse.Status, String)
        do {
            return try await next(request, context)
        } catch let e as ConsoleError {
            (status, message) = (e.status, e.message)
        } catch let e as HTTPError {
            (status, message) = (e.status, e.body ?? (e.status == .notFound ? "no such page or API route" : e.status.reasonPhrase))
        } catch let e as any HTTPResponseError {
            (status, message) = (e.status, "\(e)")
        }
        return Self.wantsPage(request)
            ? ConsoleError.page(status: status, message: message) : ConsoleError.json(status: status, message: message)
    }

    /// A person's browser asking for a page (not the API, a fragment or an asset): the error as a page.
    static func wantsPage(_ request: Request) -> Bool {
        let path = request.uri.path
        guard request.method == .get, !path.hasPrefix("/api/"), !path.hasPrefix("/fragments/"), !path.hasPrefix("/static/") else {
            return false
        }
        return request.headers[.accept]?.contains("text/html") == true
    }
}
