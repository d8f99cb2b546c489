import Foundation
import Testing

/// `camprobe import` of two cameras' `lsusb -v` and the machine's `lsusb -t`: each profile carries its camera's bus
/// (`usb`), valid against the published schema, and `list` / `report` on the profiles say it.
@Suite("import: each camera's bus, then list and report on the profiles")
struct ImportUSBBusEndToEndTests {
    static let f = ImportAnyEndToEndTests.root + "/Fixtures/"
    static let pastes = [f + "lsusb/c525.txt", f + "lsusb/h264.txt", f + "lsusb/tree-c525-h264.txt"]

    /// The profiles written to a fresh folder.
    static func imported() throws -> [String] {
        let dir = CLI.scratch + "/import-usb-\(UUID().uuidString)"
        let r = try CLI.run(["import", "-o", dir + "/"] + pastes)
        #expect(r.status == 0, "\(r.stderr)")
        return try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted().map { dir + "/" + $0 }
    }

    @Test func theProfilesCarryTheBusAndValidate() throws {
        let files = try Self.imported()
        #expect(files.count == 2, "\(files)")
        let v = try CLI.run(["profile", "validate"] + files)
        #expect(v.status == 0, "\(v.stdout)\(v.stderr)")
        for file in files {
            let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
            let usb = (doc?["device"] as? [String: Any])?["usb"] as? [String: Any]
            #expect(usb?["source"] as? String == "lsusb -v+lsusb -t", "\(file)")
            let link = usb?["link"] as? [String: Any]
            #expect((link?["alts"] as? [Any])?.isEmpty == false)
            #expect(link?["currentAlt"] == nil)
        }
    }

    @Test func listAndReportOnTheProfilesSayTheBus() throws {
        let files = try Self.imported()
        let list = try CLI.run(["list"] + files.flatMap { ["--profile", $0] })
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("\nUSB bus:\n"), "\(list.stdout)")
        #expect(list.stdout.contains("bus 1, root port 2, 1-2"), "\(list.stdout)")
        #expect(list.stdout.contains("bus 3, root port 1, 3-1.3 behind 3-1"), "\(list.stdout)")
        #expect(list.stdout.contains("controller ehci-pci;"), "\(list.stdout)")
        let md = try CLI.run(["report", "--md", "-o", "-"] + files.flatMap { ["--profile", $0] })
        #expect(md.stdout.contains("# USB bus"), "\(md.stdout.prefix(3000))\(md.stderr)")
    }

    @Test func showOnAProfileSaysTheBusItCarries() throws {
        let c525 = try #require(try Self.imported().first { $0.contains("046d_0826") })
        let r = try CLI.run(["show", "--profile", c525, "0"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("USB bus (saved: read from lsusb -v+lsusb -t)"), "\(r.stdout)")
        #expect(r.stdout.contains("  1-2: bus 1, root port 2; controller xhci_hcd"), "\(r.stdout)")
        #expect(!r.stdout.contains("held now"))
    }

    @Test func aProfileWithoutABusListsAndShowsAsBefore() throws {
        let r = try CLI.run(["list", "--profile", JointNegotiateEndToEndTests.c525])
        #expect(r.status == 0 && !r.stdout.contains("USB bus"), "\(r.stdout)")
        let s = try CLI.run(["show", "--profile", JointNegotiateEndToEndTests.c525, "0"])
        #expect(s.status == 0 && !s.stdout.contains("USB bus"), "\(s.stdout)")
    }

    /// P24's round trip: `negotiate --together` on the imported profiles alone plans exactly as on the same profiles
    /// without their bus, given the pasted `lsusb -v` and `lsusb -t` again (`--usb-from`).
    @Test func theProfilesAlonePlanAsThePasteDoes() throws {
        let files = try Self.imported()
        try #require(files.count == 2)
        // The same profiles with the bus taken out.
        let bare = try files.map { file -> String in
            var doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
            var device = try #require(doc["device"] as? [String: Any])
            #expect(device.removeValue(forKey: "usb") != nil)
            doc["device"] = device
            let out = file.replacingOccurrences(of: ".json", with: "-bare.json")
            try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: out))
            return out
        }
        func plan(_ args: [String]) throws -> [String: Any] {
            let r = try CLI.run(["negotiate", "--together", "0", "1", "--preset", "640x480", "--json"] + args)
            #expect([0, 3].contains(r.status), "\(r.stderr)")
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            return try #require(doc["plan"] as? [String: Any])
        }
        let fromProfiles = try plan(["--profile"] + files)
        let fromPaste = try plan(["--profile"] + bare + Self.pastes.flatMap { ["--usb-from", $0] })
        func summary(_ p: [String: Any]) -> [String] {
            let cams = (p["cameras"] as? [[String: Any]] ?? []).map { c in
                let choice = c["choice"] as? [String: Any]
                return
                    "\(c["id"] ?? "") \(choice?["summary"] ?? "-") alt \(c["alt"] ?? "-") \(c["bytesPerInterval"] ?? "-") B \(c["domain"] ?? "")"
            }
            let domains = (p["domains"] as? [[String: Any]] ?? []).map { d in
                "\(d["key"] ?? "") \(d["family"] ?? "") \(d["microseconds"] ?? "")"
            }
            return cams + domains + ["\(p["notes"] ?? "")".contains("bus not read") ? "bus not read" : "bus read"]
        }
        #expect(summary(fromProfiles) == summary(fromPaste))
        #expect(summary(fromProfiles).last == "bus read", "\(fromProfiles["notes"] ?? "")")
    }
}
