import ALSA
import CamProbe
import CaptureModel
import Foundation
import Testing
import V4L2

@testable import CamProbeCLI
@testable import ProfileFormat

/// Every JSON output has a published schema in Profiles/schema, and what the
/// commands print matches it: `list`, `show` (the profile schema), `negotiate`,
/// `doctor` and `monitor`'s JSON Lines events. The output schemas name the
/// profile schema's definitions (`camprobe-profile.schema.json#/$defs/device`).
@Suite("JSON outputs match their published schemas", .serialized)
struct OutputSchemaTests {
    static let schemaDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Profiles/schema").path
    static let fixtures = CLI.fixtures

    static func parsed(_ path: String) throws -> JSONValue {
        try JSONValue.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static func validator(_ file: String) throws -> JSONSchemaValidator {
        var files: [String: JSONValue] = [:]
        for other in ["camprobe-profile.schema.json", "camprobe-negotiate.schema.json", "camprobe-levels.schema.json"] where other != file {
            files[other] = try parsed(schemaDirectory + "/" + other)
        }
        let v = JSONSchemaValidator(schema: try parsed(schemaDirectory + "/" + file), files: files)
        #expect(v.schemaProblems.isEmpty, "\(file): \(v.schemaProblems)")
        return v
    }

    /// The issues of one document printed by the command.
    static func issues(_ file: String, _ text: String) throws -> [String] {
        try validator(file).validate(try JSONValue.parse(Array(text.utf8))).map(\.description)
    }

    static func run(_ args: [String], expecting statuses: Set<Int32> = [0]) throws -> String {
        let r = try CLI.run(args)
        #expect(statuses.contains(r.status), "\(args): status \(r.status): \(r.stderr)")
        return r.stdout
    }

    /// The `event` constants of the schema's `oneOf` branches.
    static func eventConsts(_ schema: JSONValue) -> [String] {
        guard case .object(let root) = schema, case .array(let branches)? = root["oneOf"] else { return [] }
        return branches.compactMap { b in
            guard case .object(let o) = b, case .object(let props)? = o["properties"], case .object(let event)? = props["event"],
                case .string(let c)? = event["const"]
            else { return nil }
            return c
        }
    }

    static let cameras = ["c525.json", "vimc-topology.json", "pi-topology.json", "uvc-roi.json", "camlink-4k.json"]

    @Test(arguments: cameras)
    func listAndShowMatch(_ fixture: String) throws {
        let list = try Self.run(["--fixture", "\(Self.fixtures)/\(fixture)", "list", "--json"], expecting: [0, 1])
        #expect(try Self.issues("camprobe-list.schema.json", list) == [])
        let show = try Self.run(["--fixture", "\(Self.fixtures)/\(fixture)", "show", "0", "--json"], expecting: [0, 1])
        #expect(try Self.issues("camprobe-profile.schema.json", show) == [])
    }

    @Test(arguments: cameras)
    func negotiateMatches(_ fixture: String) throws {
        // Valid, adjusted and unsupported answers, and a sensor's pipeline where there is one.
        for request in [
            ["--size", "640x480"], ["--size", "1280x720", "--fps", "30"], ["--size", "9999x9999", "--strict"], ["--preset", "high"],
        ] {
            let out = try Self.run(
                ["--fixture", "\(Self.fixtures)/\(fixture)", "negotiate", "0", "--json"] + request, expecting: [0, 3, 4, 1])
            #expect(try Self.issues("camprobe-negotiate.schema.json", out) == [], "\(request)")
        }
    }

    @Test(arguments: cameras)
    func doctorMatches(_ fixture: String) throws {
        let out = try Self.run(["--fixture", "\(Self.fixtures)/\(fixture)", "doctor", "--json"], expecting: [0, 1])
        #expect(try Self.issues("camprobe-doctor.schema.json", out) == [])
    }

    @Test func applyVerifySnapshotCtlAndGraphMatch() throws {
        let c525 = ["--fixture", "\(Self.fixtures)/c525.json"]
        let env = ["XDG_CONFIG_HOME": CLI.scratch + "/schema-ctl"]
        func check(_ file: String, _ args: [String], _ statuses: Set<Int32> = [0]) throws {
            let r = try CLI.run(args, environment: env)
            #expect(statuses.contains(r.status), "\(args): status \(r.status): \(r.stderr)")
            let found = try Self.issues(file, r.stdout)
            #expect(found == [], "\(args): \(found.prefix(5))")
        }
        try check("camprobe-apply.schema.json", c525 + ["apply", "0", "--size", "640x480", "--json"])
        try check("camprobe-apply.schema.json", c525 + ["apply", "0", "--size", "1280x720", "--fps", "30", "--json"], [0, 3])
        try check("camprobe-verify.schema.json", c525 + ["verify", "0", "--size", "640x480", "--frames", "5", "--json"], [0, 1, 3])
        try check(
            "camprobe-snapshot.schema.json",
            c525 + ["snapshot", "0", "--size", "640x480", "-o", CLI.scratch + "/schema-shot.png", "--json"])
        try check("camprobe-ctl.schema.json", c525 + ["ctl", "0", "--json"])
        try check("camprobe-ctl.schema.json", c525 + ["ctl", "0", "brightness=140", "--json"])
        _ = try CLI.run(c525 + ["ctl", "0", "--save", "day"], environment: env)
        try check("camprobe-ctl.schema.json", c525 + ["ctl", "--list-saved", "--json"])
        try check(
            "camprobe-ctl.schema.json", ["--fixture", "\(Self.fixtures)/uvc-roi.json", "ctl", "0", "focus-point", "0.5,0.5", "--json"])
        try check("camprobe-graph.schema.json", ["--fixture", "\(Self.fixtures)/vimc-topology.json", "graph", "/dev/media0", "--json"])
        try check(
            "camprobe-graph.schema.json", ["--fixture", "\(Self.fixtures)/pi-topology.json", "graph", "/dev/media0", "--json"], [0, 1])
    }

    @Test func monitorEventsMatch() throws {
        let out = try Self.run([
            "--fixture", "\(Self.fixtures)/c525.json", "--fixture", "\(Self.fixtures)/camlink-4k.json", "monitor", "--json",
        ])
        let lines = out.split(separator: "\n")
        #expect(lines.count >= 2)
        for line in lines { #expect(try Self.issues("camprobe-event.schema.json", String(line)) == [], "\(line.prefix(120))") }
        // Every other record, as the types EventPrinter writes encode it (one sample each).
        let t = "2026-11-24T10:00:00.000Z"
        let id = DeviceID("usb-046d:0826-8E4B3C60")
        let change = try JSONDecoder().decode(
            ControlEvent.self,
            from: Data(
                #"{"changes":["value"],"control":"brightness","deviceGone":false,"flags":[],"id":9963776,"maximum":255,"minimum":0,"value":140}"#
                    .utf8))
        var records: [any Encodable] = [
            MonitorEvent.ControlChanged(time: t, id: id, control: change),
            MonitorEvent.Restored(
                time: t, id: id, profile: "default", applied: 3, refused: [], leftAutomatic: ["white_balance_temperature"]),
            MonitorEvent.HolderError(time: t, id: id, kind: "disconnected", message: "VIDIOC_G_FMT: ENODEV"),
            MonitorEvent.Overflow(time: t, dropped: 12),
            MonitorEvent.LevelsEnded(
                time: t, id: DeviceID("alsa-Loopback"), pcm: "hw:CARD=Loopback,DEV=1", message: "the device went away"),
            MonitorEvent.Reasserted(time: t, id: id, control: "brightness", value: 100, was: 200, count: 1),
            MonitorEvent.ReassertGaveUp(
                time: t, id: id, control: "brightness", value: 100, count: 5, message: "another program keeps changing it"),
            MonitorEvent.ReassertFailed(time: t, id: id, control: "brightness", message: "VIDIOC_S_EXT_CTRLS: EBUSY"),
            MonitorEvent.DeviceLine(event: "disconnected", time: t, id: id, name: "HD Webcam C525", device: nil),
            MonitorEvent.PipeWireLine(state: "lost", time: t, status: "noDaemon", message: "the PipeWire daemon closed the connection"),
            MonitorEvent.PipeWireNodeLine(
                state: "removed", time: t, id: id,
                node: PipeWireNode(
                    id: 41, name: "v4l2_input.usb", description: "HD Webcam C525 (V4L2)", role: "Camera", api: "v4l2",
                    objectPath: "v4l2:/dev/video0", v4l2Path: "/dev/video0", libcameraID: nil, busPath: nil, formats: [], formatsNote: nil,
                    clients: []),
                join: PipeWireJoin(nodeID: 41, deviceID: id, devnode: "/dev/video0", by: "object.path")),
        ]
        // A live connect is two lines: the device with identity and nodes ("capabilities": "pending"), then whole.
        struct Line: Decodable { var device: Device }
        let whole = try JSONDecoder().decode(Line.self, from: Data(lines[0].utf8)).device
        var skeleton = whole
        skeleton.captures = []
        records += [
            MonitorEvent.DeviceLine(event: "connected", time: t, id: id, name: whole.name, device: skeleton, capabilities: "pending"),
            MonitorEvent.DeviceLine(event: "capabilities", time: t, id: id, name: whole.name, device: whole),
        ]
        var others = try records.map { String(decoding: try SortedJSONEncoder(prettyPrinted: false).encode($0), as: UTF8.self) }
        // `levels` is LevelsRenderer's record, shared with `camprobe levels --json`.
        others.append(
            LevelsRenderer.json(
                AudioLevels(channels: [AudioChannelLevel(averagePowerLevel: -3.01, peakHoldLevel: 0)], frames: 4800), time: t,
                extra: #""event":"levels","id":"alsa-Loopback","pcm":"hw:CARD=Loopback,DEV=1","#))
        // The schema names exactly the kinds written: those above and present/changed (levels through a
        // $ref to the levels schema).
        let schema = try JSONValue.parse(
            Array(try String(contentsOfFile: Self.schemaDirectory + "/camprobe-event.schema.json", encoding: .utf8).utf8))
        let written = Set(others.compactMap { $0.firstMatch(of: /"event":"([a-z-]+)"/).map { String($0.1) } })
        let named = Set(Self.eventConsts(schema))
        #expect(
            named.union(["levels"]) == written.union(["present", "changed"]),
            "schema \(named.sorted()), written \(written.sorted())")
        for line in others { #expect(try Self.issues("camprobe-event.schema.json", line) == [], "\(line)") }
    }

    /// The schemas are strict enough to fail: a missing member, an unknown one and a wrong type are each reported.
    @Test func brokenOutputsAreRejected() throws {
        let list = try Self.run(["--fixture", "\(Self.fixtures)/c525.json", "list", "--json"])
        #expect(try !Self.issues("camprobe-list.schema.json", list.replacingOccurrences(of: "\"problems\"", with: "\"problemz\"")).isEmpty)
        let negotiate = try Self.run(["--fixture", "\(Self.fixtures)/c525.json", "negotiate", "0", "--size", "640x480", "--json"])
        #expect(
            try !Self.issues("camprobe-negotiate.schema.json", negotiate.replacingOccurrences(of: "\"valid\"", with: "\"fine\"")).isEmpty)
        let doctor = try Self.run(["--fixture", "\(Self.fixtures)/c525.json", "doctor", "--json"], expecting: [0, 1])
        #expect(try !Self.issues("camprobe-doctor.schema.json", doctor.replacingOccurrences(of: "\"warning\"", with: "\"meh\"")).isEmpty)
        #expect(try !Self.issues("camprobe-event.schema.json", #"{"event":"connected","time":"2026-11-24T10:00:00.000Z","id":7}"#).isEmpty)
    }
}
