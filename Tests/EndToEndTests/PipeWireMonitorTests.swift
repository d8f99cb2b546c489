import Foundation
import Testing

/// `monitor` follows a PipeWire daemon's camera nodes at the seam (camprobe-fake `--pipewire FILE` with `watch`
/// steps): the nodes present, one added and one removed, each joined to its device (a removed one names the device
/// it stood for), the daemon going away and the watch reconnecting; `--no-pipewire`, a missing library, and no
/// daemon at all (nothing said, in text or JSON).
@Suite("monitor follows PipeWire camera nodes", .serialized)
struct PipeWireMonitorTests {
    static let emeet = ["--fixture", CLI.fixtures + "/emeet-s800.json"]
    static let device = "usb-328f:00c0-454D4545542020204D3343393430091B0000001"

    /// The EMEET fixture's registry with watch steps: a node naming a V4L2 node nobody lists (its name hostile),
    /// then the EMEET's node removed, then the daemon gone.
    static func registry() throws -> String {
        let base = try String(contentsOfFile: CLI.fixtures + "/pipewire/emeet-s800.json", encoding: .utf8)
        let steps = #"""
            , "watch": [
              {"afterMs": 100, "add": {"id": 60, "type": "PipeWire:Interface:Node", "props": {"media.class": "Video/Source",
                "node.name": "v4l2_input.other", "node.description": "Other \u001b[31mcam", "object.path": "v4l2:/dev/video9",
                "device.api": "v4l2"}}},
              {"afterMs": 2300, "remove": 41},
              {"afterMs": 100, "lose": "the PipeWire daemon closed the connection (Broken pipe)"}]}
            """#
        let trimmed = base.trimmingCharacters(in: .whitespacesAndNewlines)
        return try CLI.fixture(String(trimmed.dropLast()) + steps)
    }

    @Test func nodesPresentAddedAndRemovedAreJoinedToTheirDevices() throws {
        let r = try CLI.run(["monitor", "--timeout", "3.5"] + Self.emeet + ["--pipewire", try Self.registry()])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        func line(_ kind: String, _ node: String) -> String? { lines.first { $0.contains(kind) && $0.contains("node \(node) ") } }
        let present = try #require(line("pw-present", "41"), "\(r.stdout)")
        #expect(present.contains("\"EMEET SmartCam S800 (V4L2)\" (v4l2)  for \(Self.device) /dev/video4"), "\(present)")
        let added = try #require(line("pw-added", "60"), "\(r.stdout)")
        #expect(added.contains("/dev/video9, not a listed device") && !added.contains("\u{1B}"), "\(added)")
        let removed = try #require(line("pw-removed", "41"), "\(r.stdout)")
        #expect(removed.contains("was for \(Self.device) /dev/video4"), "\(removed)")
        #expect(lines.contains { $0.contains("pipewire     lost: the PipeWire daemon closed the connection") }, "\(r.stdout)")
        // The order a user reads: the device, the watch connected, its node; the loss after the removal.
        let order = ["present ", "pipewire     connected", "pw-present", "pw-added", "pw-removed", "pipewire     lost"].map { kind in
            lines.firstIndex { $0.contains(kind) } ?? -1
        }
        #expect(order == order.sorted() && !order.contains(-1), "\(order): \(r.stdout)")
    }

    @Test func jsonRecordsFollowTheEventSchema() throws {
        let r = try CLI.run(["monitor", "--json", "--timeout", "3.5"] + Self.emeet + ["--pipewire", try Self.registry()])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        for line in lines { #expect(try OutputSchemaTests.issues("camprobe-event.schema.json", line) == [], "\(line.prefix(160))") }
        let records = try lines.compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let nodes = records.filter { $0["event"] as? String == "pipewire-node" }
        #expect(nodes.map { $0["state"] as? String ?? "" }.prefix(3) == ["present", "added", "removed"], "\(nodes)")
        #expect(nodes.first?["id"] as? String == Self.device)
        #expect(nodes.dropFirst().first?["id"] == nil, "an unjoined node names no device")
        #expect(records.contains { $0["event"] as? String == "pipewire" && $0["state"] as? String == "lost" })
    }

    @Test func offAndNoDaemon() throws {
        let off = try CLI.run(["monitor", "--timeout", "1", "--no-pipewire"] + Self.emeet + ["--pipewire", try Self.registry()])
        #expect(off.status == 0 && !off.stdout.contains("pipewire") && !off.stdout.contains("pw-"), "\(off.stdout)")
        // No daemon (camprobe-fake's default): nothing said, in text or JSON (every record stays a device's).
        let noDaemon = try CLI.run(["monitor", "--timeout", "1.5"] + Self.emeet)
        #expect(noDaemon.status == 0 && !noDaemon.stdout.contains("pipewire"), "\(noDaemon.stdout)")
        let json = try CLI.run(["monitor", "--json", "--timeout", "1.5"] + Self.emeet)
        #expect(json.status == 0 && !json.stdout.contains(#""event":"pipewire"#), "\(json.stdout)")
        // A remote named and not there is said, once.
        let named = try CLI.run(["monitor", "--timeout", "1.5", "--pipewire-remote", "elsewhere"] + Self.emeet)
        #expect(named.stdout.components(separatedBy: "pipewire     unavailable: ").count == 2, "\(named.stdout)")
    }
}
