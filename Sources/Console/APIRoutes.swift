import CamProbeCLI
import CaptureModel
import HTTPTypes
import Hummingbird
import NIOCore

/// The JSON API: every page's data at `/api/…`, in the documents the command line prints with `--json`.
struct APIRoutes {
    let live: LiveDevices
    let runner: CommandRunner
    let configuration: ConsoleConfiguration

    func add(to router: Router<ConsoleContext>) {
        router.get("/api/devices") { _, _ in try await runner.json(["list", "--json"]) }
        router.get("/api/devices/{id}") { _, context in
            let id = try await known(context)
            return try await runner.json(["show", "--json", "--", id])
        }
        router.get("/api/devices/{id}/snapshot.png") { _, context in
            let id = try await known(context)
            switch await SnapshotCall.png(id) {
            case .success(let png):
                var headers = HTTPFields()
                headers[.contentType] = "image/png"
                headers[.cacheControl] = "no-store"
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
            case .failure(let e): return try CommandRunner.response(e.outcome)
            }
        }
        router.post("/api/devices/{id}/controls") { request, context in
            guard configuration.allowControl else {
                throw ConsoleError(.forbidden, "control writes are off: start camprobe-serve with --allow-control to allow them")
            }
            let id = try await known(context)
            let body = try await JSONValue.object(request, limit: configuration.bodyLimit)
            return try await runner.json(["ctl", "--json", "--", id] + Requests.assignments(body))
        }
        router.post("/api/devices/{id}/negotiate") { request, context in
            let id = try await known(context)
            let body = try await JSONValue.object(request, limit: configuration.bodyLimit)
            return try await runner.json(["negotiate", "--json"] + Requests.negotiation(body) + ["--", id])
        }
        router.post("/api/plan") { request, _ in
            let body = try await JSONValue.object(request, limit: configuration.bodyLimit)
            let known = Set(await live.devices.map(\.id.rawValue))
            let ids = try Requests.deviceIDs(body, "devices", known: known, required: true)
            guard ids.count >= 2 else { throw ConsoleError(.badRequest, "a plan needs at least two cameras in 'devices'") }
            let priority = try Requests.deviceIDs(body, "priority", known: known, required: false)
            var rest = body
            rest["devices"] = nil
            rest["priority"] = nil
            let options = try Requests.negotiation(rest)
            return try await runner.json(
                ["negotiate", "--json"] + options + ids.map { "--together=\($0)" } + priority.map { "--priority=\($0)" })
        }
        router.get("/api/doctor") { _, _ in try await runner.json(["doctor", "--json"]) }
        router.get("/api/usb") { _, _ in
            let domains = await USBDomainsNow.read(await live.devices)
            return try JSONAnswer.response(domains)
        }
        router.get("/api/events") { _, _ in EventStream.response(live) }
    }

    /// The `{id}` of the path, decoded, when it is a device present now: 404 otherwise, so no request names a path
    /// or an option to the command that answers it.
    func known(_ context: ConsoleContext) async throws -> String {
        let raw = try context.parameters.require("id")
        guard let id = PercentDecoding.decode(raw) else { throw ConsoleError(.badRequest, "the device ID in the path is not valid UTF-8") }
        guard await live.devices.contains(where: { $0.id.rawValue == id }) else {
            throw ConsoleError(.notFound, "no device '\(id.prefix(80))' here; GET /api/devices lists them")
        }
        return id
    }
}

/// `%XX` in a path segment.
enum PercentDecoding {
    /// `text` with each `%XX` replaced by its byte; nil when an escape is malformed or the bytes are not UTF-8.
    static func decode(_ text: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        var it = Array(text.utf8).makeIterator()
        while let b = it.next() {
            guard b == UInt8(ascii: "%") else {
                bytes.append(b)
                continue
            }
            guard let h = it.next().flatMap(hex), let l = it.next().flatMap(hex) else { return nil }
            bytes.append(h << 4 | l)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `text` with everything but unreserved characters escaped: a path segment.
    static func encode(_ text: String) -> String {
        var out = ""
        for b in text.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80 && (c.isLetter || c.isNumber || "-._~".contains(c)) {
                out.append(c)
            } else {
                let h = String(b, radix: 16, uppercase: true)
                out += "%" + (h.count == 1 ? "0" + h : h)
            }
        }
        return out
    }
}
