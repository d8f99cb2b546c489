import CamProbeCLI
import CaptureModel
import FoundationEssentials
import HTTPTypes
import Hummingbird
import NIOCore

/// The pages, rendered on the server from the same documents the API gives, and the fragments their script redraws.
package struct PageRoutes {
    let live: LiveDevices
    let runner: CommandRunner
    let configuration: ConsoleConfiguration
    let api: APIRoutes

    func add(to router: Router<ConsoleContext>) {
        let layout = Layout(configuration: configuration)
        router.get("/") { _, _ in layout.page("Devices", current: "/", ListPage.body(await live.devices)) }
        router.get("/devices/{id}") { _, context in
            let id = try await api.known(context)
            let start = ContinuousClock.now
            let device = try await runner.value("read \(id)") { try ShowCall.device(id) }
            let read = ContinuousClock.now
            let body = DevicePage.body(device, features: Self.features(device), allowControl: configuration.allowControl)
            var page = layout.page(device.name, current: "", body)
            // What the server spent: reading the device (show --json) and drawing the page (benchmarks §29).
            page.headers[HTTPField.Name("Server-Timing")!] =
                "read;dur=\(Self.milliseconds(read - start)), render;dur=\(Self.milliseconds(.now - read))"
            return page
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

    /// The first capture node's capture features (focus, exposure, white balance…) as `show --json` gives them.
    package static func features(_ d: Device) -> JSONValue? {
        guard let semantics = d.captures.first?.semantics, let data = try? JSONEncoder().encode(semantics) else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// A duration in milliseconds with three decimals, as `Server-Timing` gives it.
    static func milliseconds(_ d: Duration) -> String {
        let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
        return String(Double(Int((ms * 1000).rounded())) / 1000)
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
