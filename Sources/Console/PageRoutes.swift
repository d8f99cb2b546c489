import CamProbeCLI
import CaptureModel
import FoundationEssentials
import HTTPTypes
import Hummingbird
import NIOCore

/// The pages, rendered on the server from the same documents the API gives, and the fragments their script redraws.
struct PageRoutes {
    let live: LiveDevices
    let runner: CommandRunner
    let configuration: ConsoleConfiguration
    let api: APIRoutes

    func add(to router: Router<ConsoleContext>) {
        let layout = Layout(configuration: configuration)
        router.get("/") { _, _ in layout.page("Devices", current: "/", ListPage.body(await live.devices)) }
        router.get("/devices/{id}") { _, context in
            let id = try await api.known(context)
            let o = try await runner.outcome(["show", "--json", "--", id])
            // A device that is not here, or went away: the command's own error, as the API gives it.
            if o.ending != .success { _ = try CommandRunner.response(o) }
            let bytes = Data(o.printed)
            guard let document = try? JSONDecoder().decode(DeviceDocument.self, from: bytes) else {
                throw ConsoleError(.internalServerError, "show --json gave a document this console cannot read")
            }
            let generic = try? JSONDecoder().decode(JSONValue.self, from: bytes)
            let features = JSONView.field(generic, "device", "captures").flatMap { v -> JSONValue? in
                guard case .array(let nodes) = v, let first = nodes.first else { return nil }
                return JSONView.field(first, "semantics")
            }
            let body = DevicePage.body(document.device, features: features, allowControl: configuration.allowControl)
            return layout.page(document.device.name, current: "", body)
        }
        router.get("/usb") { _, _ in
            let devices = await live.devices
            return layout.page("USB", current: "/usb", USBPage.body(await USBDomainsNow.read(devices), cameras: devices))
        }
        router.get("/doctor") { _, _ in
            let o = try await runner.outcome(["doctor", "--json"])
            guard let document = try? JSONDecoder().decode(JSONValue.self, from: Data(o.printed)) else {
                _ = try CommandRunner.response(o)
                throw ConsoleError(.internalServerError, "doctor gave no document")
            }
            return layout.page("Doctor", current: "/doctor", DoctorPage.body(document))
        }
        router.get("/fragments/row/{id}") { _, context in
            let id = try await api.known(context)
            guard let d = await live.devices.first(where: { $0.id.rawValue == id }) else { throw ConsoleError(.notFound, "gone") }
            return Self.html(ListPage.row(d))
        }
        router.get("/fragments/usb") { _, _ in Self.html(USBPage.domains(await USBDomainsNow.read(await live.devices))) }
        router.get("/static/console.js") { _, _ in Self.asset(ConsoleScript.text, type: "text/javascript; charset=utf-8") }
        router.get("/static/console.css") { _, _ in Self.asset(ConsoleStyle.text, type: "text/css; charset=utf-8") }
    }

    static func html(_ text: String) -> Response {
        asset(text, type: "text/html; charset=utf-8")
    }

    static func asset(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
