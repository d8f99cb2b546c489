import HTTPTypes
import Hummingbird

/// Who may use the console, checked before any route runs:
/// - every request carries the token: `Authorization: Bearer TOKEN`, or for a GET the cookie `camprobe_token` that
///   `?token=TOKEN` sets (answered 303 to the same address without it, as Jupyter does); else 401;
/// - a write (any method but GET and HEAD) carries it in the `Authorization` header, never the cookie alone, so a
///   form on another site (which can send the cookie but not a header) cannot write (403), comes from this origin
///   when the browser says one (403), and sends JSON (415);
/// - each peer is held to `RequestRate` (429).
package struct AccessGate<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let token: ConsoleToken
    let rate: RequestRate

    /// The gate for `token`, with `rate`'s bound.
    package init(token: ConsoleToken, rate: RequestRate) {
        self.token = token
        self.rate = rate
    }

    /// The cookie that carries the token for pages.
    package static var cookieName: String { "camprobe_token" }

    /// Passes a request that may go on; answers the others.
    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let peer = context.remoteAddress?.ipAddress ?? "unknown"
        guard rate.take(peer) else {
            throw ConsoleError(.tooManyRequests, "too many requests from \(peer); slow down and try again in a second")
        }
        let bearer = Self.bearer(request.headers[.authorization])
        let cookie = Self.cookie(Self.cookieName, in: request.headers[values: .cookie])
        if request.method == .get || request.method == .head {
            if token.matches(bearer) || token.matches(cookie) { return try await next(request, context) }
            if let given = request.uri.queryParameters["token"], token.matches(given) { return Self.settingCookie(request, token) }
            throw ConsoleError(.unauthorized, Self.unauthorized)
        }
        if let origin = request.headers[.origin], !Self.sameOrigin(origin, authority: request.head.authority) {
            throw ConsoleError(
                .forbidden, "refused: a write from another site (Origin \(origin)); the console takes writes from its own pages only")
        }
        guard token.matches(bearer) else {
            if token.matches(cookie) {
                throw ConsoleError(
                    .forbidden,
                    "refused: a write must carry the token in the Authorization header (a cookie alone is not enough, so a form on another site cannot write)"
                )
            }
            throw ConsoleError(.unauthorized, Self.unauthorized)
        }
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingSpaces.lowercased()
        guard type == "application/json" else {
            throw ConsoleError(.unsupportedMediaType, "send the body as JSON (Content-Type: application/json)")
        }
        return try await next(request, context)
    }

    static var unauthorized: String {
        "this console needs its token: open the address camprobe-serve printed at start (http://…/?token=…), or send Authorization: Bearer TOKEN"
    }

    /// The token of `Authorization: Bearer TOKEN`.
    static func bearer(_ header: String?) -> Substring? {
        guard let header, header.count > 7, header.prefix(7).lowercased() == "bearer " else { return nil }
        return header.dropFirst(7).trimmingSpaces
    }

    /// The value of cookie `name` in `Cookie` headers.
    static func cookie(_ name: String, in headers: [String]) -> Substring? {
        for header in headers {
            for pair in header.split(separator: ";") {
                let p = pair.trimmingSpaces
                guard let eq = p.firstIndex(of: "="), p[..<eq] == name else { continue }
                return p[p.index(after: eq)...]
            }
        }
        return nil
    }

    /// Whether `origin` (`http://host:port`) names `authority` (the Host the request was sent to).
    static func sameOrigin(_ origin: String, authority: String?) -> Bool {
        guard let authority, origin.hasPrefix("http://") else { return false }
        return origin.dropFirst(7) == authority
    }

    /// 303 to the same path without `token` in its query, setting the cookie.
    static func settingCookie(_ request: Request, _ token: ConsoleToken) -> Response {
        let kept = (request.uri.query ?? "").split(separator: "&").filter { !$0.hasPrefix("token=") }
        // Never `//host…` (a browser would leave for that host): the console's own pages only.
        let path = request.uri.path.hasPrefix("/") && !request.uri.path.hasPrefix("//") ? request.uri.path : "/"
        let location = path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        var headers = HTTPFields()
        headers[.location] = location
        headers[.setCookie] = "\(cookieName)=\(token.text); HttpOnly; SameSite=Strict; Path=/"
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
