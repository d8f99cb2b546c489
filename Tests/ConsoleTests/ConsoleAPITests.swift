import CamProbeCLI
import CamProbeTesting
import CaptureModel
import Console
import Foundation
import Testing

/// The console over a socket, on a fake machine: the token gate, the API's documents (the commands' own), writes
/// only with `--allow-control` and only with the header, bounded bodies, and hostile paths answered 4xx.
@Suite("camprobe serve: the API", .serialized, .timeLimit(.minutes(2)))
struct ConsoleAPITests {
    @Test func everyRequestNeedsTheTokenAndTheAddressWithItSetsACookie() async throws {
        let h = try await ConsoleHarness()
        defer { Task { await h.stop() } }
        let none = try await h.client.request("GET", "/api/devices")
        #expect(none.status == 401)
        #expect((try none.json()["error"] as? String)?.contains("token") == true)
        #expect(try await h.client.request("GET", "/", headers: ["Authorization": "Bearer wrong"]).status == 401)
        #expect(try await h.client.request("GET", "/api/devices", headers: ["Cookie": "camprobe_token=nope"]).status == 401)
        let first = try await h.client.request("GET", "/?token=\(h.token.text)")
        #expect(first.status == 303)
        #expect(first.header("Location") == "/")
        let cookie = try #require(first.header("Set-Cookie"))
        #expect(cookie.hasPrefix("camprobe_token=\(h.token.text);") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let page = try await h.client.request("GET", "/", headers: ["Cookie": "camprobe_token=\(h.token.text)"])
        #expect(page.status == 200)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        // A protocol-relative address would take the browser elsewhere: never redirected there.
        let sneaky = try await h.client.request("GET", "//evil.example/?token=\(h.token.text)")
        #expect(sneaky.header("Location") == "/")
    }

    @Test func theDevicesAreListAndShowJSON() async throws {
        let h = try await ConsoleHarness()
        defer { Task { await h.stop() } }
        let list = try await h.client.request("GET", "/api/devices", headers: h.auth)
        #expect(list.status == 200)
        let listed = try JSONDecoder().decode(DeviceListDocument.self, from: Data(list.body))
        #expect(listed.devices.count == 2)
        #expect(listed.devices.contains { $0.name == "HD Webcam C525" })
        // The very bytes `camprobe list --json` prints for this machine (the command, run here).
        let direct = CommandCall.runHere(["list", "--json"])
        #expect(direct.ending == .success)
        #expect(try JSONDecoder().decode(DeviceListDocument.self, from: Data(direct.printed)).devices == listed.devices)
        for d in listed.devices {
            let one = try await h.client.request("GET", "/api/devices/" + escape(d.id.rawValue), headers: h.auth)
            #expect(one.status == 200)
            let doc = try JSONDecoder().decode(DeviceDocument.self, from: Data(one.body))
            #expect(doc.device.id == d.id)
            #expect(doc.device.captures.map(\.formats) == d.captures.map(\.formats))
            #expect(doc.device.captures.first?.controls?.isEmpty == false)
        }
    }

    @Test func aDeviceThatIsNotHereIs404AndNoPathOrOptionReachesACommand() async throws {
        let h = try await ConsoleHarness()
        defer { Task { await h.stop() } }
        for path in [
            "/api/devices/nope", "/api/devices/%2Fdev%2Fvideo0", "/api/devices/--help", "/api/devices/0",
            "/api/devices/..%2F..%2Fetc%2Fpasswd",
            "/api/devices/%ZZ", "/nothing/here", "/static/../../etc/passwd",
        ] {
            let r = try await h.client.request("GET", path, headers: h.auth)
            #expect((400..<500).contains(r.status), "\(path): \(r.status)")
            #expect((try? r.json()["error"]) != nil, "\(path): \(r.text.prefix(200))")
        }
        // A person's browser gets the same reason as a page.
        let page = try await h.client.request("GET", "/devices/nope", headers: h.auth.merging(["Accept": "text/html"]) { a, _ in a })
        #expect(page.status == 404)
        #expect(page.text.contains("no device &#39;nope&#39; here"))
    }

    @Test func controlWritesNeedAllowControlAndReadTheValueBack() async throws {
        let refused = try await ConsoleHarness()
        let id = try await firstID(refused, named: "HD Webcam C525")
        let json = merged(refused.auth, ["Content-Type": "application/json"])
        let no = try await refused.client.request(
            "POST", "/api/devices/\(id)/controls", headers: json, body: Array(#"{"brightness": 100}"#.utf8))
        #expect(no.status == 403)
        #expect(try await brightness(refused, id) == 128)
        await refused.stop()

        let allowed = try await ConsoleHarness(allowControl: true)
        let yes = try await allowed.client.request(
            "POST", "/api/devices/\(id)/controls", headers: json, body: Array(#"{"brightness": 100}"#.utf8))
        #expect(yes.status == 200)
        let change = try #require((try yes.json()["changes"] as? [[String: Any]])?.first)
        #expect(change["control"] as? String == "brightness")
        #expect(change["before"] as? Int == 128)
        #expect(change["after"] as? Int == 100)
        // A value the control refuses changes nothing, and says why.
        let bad = try await allowed.client.request(
            "POST", "/api/devices/\(id)/controls", headers: json, body: Array(#"{"brightness": 999}"#.utf8))
        #expect(bad.status == 500 || bad.status == 400)
        #expect((try bad.json()["error"] as? String)?.contains("out of range") == true)
        await allowed.stop()
    }

    @Test func aControlWriteWaitsForNoOtherConfiguringHandle() async throws {
        // Another handle holds the camera's configuration lock (apply, a recorder's lockForConfiguration()): 409.
        let h = try await ConsoleHarness(allowControl: true, configuredElsewhere: true)
        defer { Task { await h.stop() } }
        let id = try await firstID(h, named: "HD Webcam C525")
        let r = try await h.client.request(
            "POST", "/api/devices/\(id)/controls", headers: merged(h.auth, ["Content-Type": "application/json"]),
            body: Array(#"{"brightness": 100}"#.utf8))
        #expect(r.status == 409, "\(r.status) \(r.text.prefix(300))")
        #expect((try r.json()["error"] as? String)?.contains("locked for configuration") == true)
    }

    @Test func aCrossSiteFormCannotWrite() async throws {
        let h = try await ConsoleHarness(allowControl: true)
        defer { Task { await h.stop() } }
        let id = try await firstID(h, named: "HD Webcam C525")
        let path = "/api/devices/\(id)/controls"
        // What a form on another site sends: the cookie, a urlencoded body, a foreign Origin.
        let form = try await h.client.request(
            "POST", path,
            headers: [
                "Cookie": "camprobe_token=\(h.token.text)", "Content-Type": "application/x-www-form-urlencoded",
                "Origin": "http://evil.example",
            ], body: Array("brightness=10".utf8))
        #expect(form.status == 403)
        let cookieOnly = try await h.client.request(
            "POST", path, headers: ["Cookie": "camprobe_token=\(h.token.text)", "Content-Type": "application/json"],
            body: Array(#"{"brightness": 10}"#.utf8))
        #expect(cookieOnly.status == 403)
        let foreign = try await h.client.request(
            "POST", path, headers: merged(h.auth, ["Content-Type": "application/json", "Origin": "http://evil.example"]),
            body: Array(#"{"brightness": 10}"#.utf8))
        #expect(foreign.status == 403)
        let notJSON = try await h.client.request(
            "POST", path, headers: merged(h.auth, ["Content-Type": "text/plain"]), body: Array(#"{"brightness": 10}"#.utf8))
        #expect(notJSON.status == 415)
        #expect(try await brightness(h, id) == 128)
    }

    @Test func badBodiesAre4xxWithAReason() async throws {
        let h = try await ConsoleHarness(allowControl: true)
        defer { Task { await h.stop() } }
        let id = try await firstID(h, named: "HD Webcam C525")
        let raw = id.removingPercentEncoding ?? id
        let json = merged(h.auth, ["Content-Type": "application/json"])
        let cases: [(String, [UInt8], Int)] = [
            ("/api/devices/\(id)/controls", Array("not json".utf8), 400),
            ("/api/devices/\(id)/controls", Array("[1,2]".utf8), 400),
            ("/api/devices/\(id)/controls", Array("{}".utf8), 400),
            ("/api/devices/\(id)/controls", Array(#"{"a=b": 1}"#.utf8), 400),
            ("/api/devices/\(id)/controls", Array(#"{"brightness": [1]}"#.utf8), 400),
            ("/api/devices/\(id)/controls", [UInt8](repeating: 0x20, count: 70 * 1024), 413),
            ("/api/devices/\(id)/negotiate", Array(#"{"preset": true}"#.utf8), 400),
            ("/api/devices/\(id)/negotiate", Array(#"{"bogus": 1}"#.utf8), 400),
            ("/api/devices/\(id)/negotiate", Array(#"{"preset": "--help"}"#.utf8), 400),
            ("/api/devices/\(id)/negotiate", Array(#"{"width": 640}"#.utf8), 400),
            ("/api/plan", Array(#"{"devices": ["\#(raw)"]}"#.utf8), 400),
            ("/api/plan", Array(#"{"devices": ["nope", "\#(raw)"]}"#.utf8), 404),
            ("/api/plan", Array(#"{"devices": "x"}"#.utf8), 400),
            ("/api/plan", Array(String(repeating: "[", count: 5000).utf8), 400),
        ]
        for (path, body, status) in cases {
            let r = try await h.client.request("POST", path, headers: json, body: body)
            #expect(r.status == status, "\(path) \(String(decoding: body.prefix(40), as: UTF8.self)): \(r.status) \(r.text.prefix(200))")
            #expect((try? r.json()["error"] as? String)?.isEmpty == false)
        }
        #expect(try await brightness(h, id) == 128)
    }

    @Test func negotiationAndPlanAreTheCommandsDocuments() async throws {
        let h = try await ConsoleHarness()
        defer { Task { await h.stop() } }
        let ids = try await h.client.request("GET", "/api/devices", headers: h.auth)
        let devices = try JSONDecoder().decode(DeviceListDocument.self, from: Data(ids.body)).devices
        let json = merged(h.auth, ["Content-Type": "application/json"])
        let c525 = try #require(devices.first { $0.name == "HD Webcam C525" })
        let r = try await h.client.request(
            "POST", "/api/devices/\(escape(c525.id.rawValue))/negotiate", headers: json,
            body: Array(#"{"preset": "high", "explain": true}"#.utf8))
        #expect(r.status == 200)
        let direct = CommandCall.runHere(["negotiate", "--json", "--preset=high", "--explain", "--", c525.id.rawValue])
        #expect(try stripped(r.body) == stripped(direct.printed))
        let decision = try #require(try r.json()["decision"] as? [String: Any])
        #expect(decision["outcome"] as? String == "valid")
        #expect((try r.json()["commands"] as? [String: Any])?["v4l2-ctl"] != nil)

        let plan = try await h.client.request(
            "POST", "/api/plan", headers: json,
            body: Array(#"{"devices": ["\#(devices[0].id)", "\#(devices[1].id)"], "preset": "high"}"#.utf8))
        #expect(plan.status == 200)
        let together = CommandCall.runHere(
            ["negotiate", "--json", "--preset=high", "--together=\(devices[0].id)", "--together=\(devices[1].id)"])
        #expect(try stripped(plan.body) == stripped(together.printed))
        #expect(((try plan.json()["plan"] as? [String: Any])?["cameras"] as? [Any])?.count == 2)
    }

    @Test func eventsAreMonitorLinesAndFollowHotplug() async throws {
        let h = try await ConsoleHarness(["c525.json"])
        defer { Task { await h.stop() } }
        let token = h.token.text
        async let stream = h.client.events(token: token, seconds: 10) { $0.contains("event: disconnected") }
        try await Task.sleep(for: .milliseconds(300))
        for p in h.paths.reversed() { h.machine.unplug(p) }
        let text = try await stream
        #expect(text.contains("Content-Type: text/event-stream"))
        #expect(text.contains("retry: 1000\n\n"))
        let body = try WireClient.parse(Array(text.utf8)).text
        let events = body.components(separatedBy: "\n\n").compactMap { block -> (String, [String: Any])? in
            let lines = block.split(separator: "\n")
            guard let name = lines.first(where: { $0.hasPrefix("event: ") })?.dropFirst(7),
                let data = lines.first(where: { $0.hasPrefix("data: ") })?.dropFirst(6),
                let json = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
            else { return nil }
            return (String(name), json)
        }
        #expect(events.map(\.0) == ["present", "disconnected"], "\(text.prefix(600))")
        // Each data line is the record `monitor --json` prints: its `event` field is the event's name.
        for (name, json) in events { #expect(json["event"] as? String == name) }
        #expect(events.last?.1["id"] as? String == "usb-046d:0826-8E4B3C60")
        #expect(body.contains("id: 1\n"))
        #expect(await h.live.devices.isEmpty)
    }

    @Test func pagesShowTheModesAndControlsOfShow() async throws {
        let h = try await ConsoleHarness(allowControl: true)
        defer { Task { await h.stop() } }
        let id = try await firstID(h, named: "HD Webcam C525")
        let page = try await h.client.request("GET", "/devices/\(id)", headers: h.auth)
        #expect(page.status == 200)
        let show = try await h.client.request("GET", "/api/devices/\(id)", headers: h.auth)
        let device = try JSONDecoder().decode(DeviceDocument.self, from: Data(show.body)).device
        var discrete = 0
        for node in device.captures {
            for f in node.formats {
                for s in f.sizes {
                    if case .discrete(_, .discrete(let list)) = s { discrete += max(list.count, 1) } else { discrete += 1 }
                }
            }
        }
        #expect(page.text.components(separatedBy: "<tr class=\"mode\"").count - 1 == discrete)
        let controls = device.captures[0].controls?.filter { $0.type != "ctrl_class" } ?? []
        #expect(page.text.components(separatedBy: "<tr class=\"control\"").count - 1 == controls.count)
        #expect(page.text.contains(#"<input type="range" id="ctl-brightness" name="brightness" min="0" max="255""#))
        #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
        for path in ["/", "/usb", "/doctor", "/static/console.js", "/static/console.css"] {
            #expect(try await h.client.request("GET", path, headers: h.auth).status == 200, "\(path)")
        }
    }

    // MARK: helpers

    func escape(_ id: String) -> String { id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id }

    func merged(_ a: [String: String], _ b: [String: String]) -> [String: String] { a.merging(b) { _, n in n } }

    func firstID(_ h: ConsoleHarness, named name: String) async throws -> String {
        let r = try await h.client.request("GET", "/api/devices", headers: h.auth)
        let d = try JSONDecoder().decode(DeviceListDocument.self, from: Data(r.body)).devices
        return escape(try #require(d.first { $0.name == name }).id.rawValue)
    }

    func brightness(_ h: ConsoleHarness, _ id: String) async throws -> Int64? {
        let r = try await h.client.request("GET", "/api/devices/\(id)", headers: h.auth)
        let d = try JSONDecoder().decode(DeviceDocument.self, from: Data(r.body)).device
        return d.captures.first?.controls?.first { $0.key == "brightness" }?.value?.integer
    }

    /// A document without its `generator` and times, to compare two runs.
    func stripped(_ bytes: [UInt8]) throws -> NSDictionary {
        let o = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        return NSDictionary(dictionary: o)
    }
}
