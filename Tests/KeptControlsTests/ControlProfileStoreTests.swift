import CamProbe
import CamProbeTesting
import FoundationEssentials
import KeptControls
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Control values kept by name (`ctl --save/--restore`): what a profile keeps, the order a restore writes in, the
/// files (saved, read back, listed, deleted, refused) and a restore through the fake seam. The CLI's own checks are in
/// EndToEndTests/SavedControlProfileTests.swift. One at a time: they share the process's store, and run side by side
/// they would hold the pool's threads that `StuckReassertionTests` times.
@Suite("Kept controls: saved, read back and restored", .serialized)
struct ControlProfileStoreTests {
    static let brightness: UInt32 = 0x0098_0900
    static let exposureAuto: UInt32 = 0x009a_0901
    static let exposureTime: UInt32 = 0x009a_0902

    /// The store for this test process: a fresh folder, set once as `XDG_CONFIG_HOME` (only this suite reads the
    /// store in-process; the end-to-end tests give their children their own). Each test uses its own device ID.
    static let store: String = {
        let dir = FileManager.default.temporaryDirectory.path + "/camprobe-kept-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        setenv("XDG_CONFIG_HOME", dir, 1)
        return dir
    }()

    static func control(_ id: UInt32, _ name: String, type: String = "int", value: ControlValue? = .integer(5), flags: ControlFlags = [])
        -> Control
    {
        Control(
            id: id, name: name, type: type, typeCode: 1, minimum: 0, maximum: 10, step: 1, defaultValue: 0, value: value, flags: flags)
    }

    /// Only what can be written back is kept: not read-only, write-only, volatile or disabled controls, not arrays,
    /// strings or buttons, not a value nobody could read.
    @Test func aProfileKeepsOnlyWhatCanBeWrittenBack() {
        let p = ControlProfile(
            device: DeviceID("usb-kept-1"), name: "day",
            controls: [
                Self.control(1, "Kept Int"), Self.control(2, "Kept Bool", type: "bool", value: .integer(1)),
                Self.control(3, "Read Only", flags: .readOnly), Self.control(4, "Write Only", flags: .writeOnly),
                Self.control(5, "Volatile", flags: ControlFlags(rawValue: 0x80)), Self.control(6, "Disabled", flags: .disabled),
                Self.control(7, "Text", type: "string", value: .string("x")), Self.control(8, "Unread", value: nil),
                Self.control(9, "Press", type: "button", value: .integer(0)),
            ])
        #expect(p.controls.map(\.control) == ["kept_int", "kept_bool"])
        #expect(p.controls.map(\.value) == [5, 1] && p.schemaVersion == 1)
    }

    /// Auto switches are written first; a manual value its switch (saved as on) would refuse is left to the camera.
    @Test(
        arguments: [(Int64(3), [Self.exposureAuto], ["exposure_time"]), (1, [Self.exposureAuto, Self.exposureTime], [])]
            as [(Int64, [UInt32], [String])])
    func aRestoreWritesAutoSwitchesFirst(_ auto: Int64, _ written: [UInt32], _ kept: [String]) {
        let p = ControlProfile(
            device: DeviceID("usb-kept-2"), name: "day",
            controls: [
                Self.control(Self.exposureTime, "Exposure Time", value: .integer(250)),
                Self.control(Self.exposureAuto, "Exposure Auto", type: "menu", value: .integer(auto)),
            ])
        let plan = p.restorePlan()
        #expect(plan.writes.map(\.id) == written && plan.keptAutomatic == kept, "\(plan)")
        #expect(plan.writes.first?.reason == "auto switch first")
    }

    /// Saved, then read back the same; the file is the user's alone (0600 in a 0700 folder) under a safe name.
    @Test func aSavedProfileReadsBackTheSame() throws {
        _ = Self.store
        let p = ControlProfile(
            device: DeviceID("usb-046d:0825-KEPT3"), name: "evening", controls: [Self.control(Self.brightness, "Brightness")])
        let path = try ControlProfileStore.save(p)
        #expect(path == Self.store + "/camprobe/controls/usb-046d_0825-KEPT3/evening.json")
        #expect(try ControlProfileStore.load(device: p.device, name: "evening") == p)
        var st = stat()
        #expect(stat(path, &st) == 0 && st.st_mode & 0o777 == 0o600)
        #expect(stat(Self.store + "/camprobe/controls/usb-046d_0825-KEPT3", &st) == 0 && st.st_mode & 0o777 == 0o700)
        #expect(try ControlProfileStore.load(device: p.device, name: "morning") == nil, "a profile never saved")
    }

    /// A file that is not a control profile is an error that names it; listing shows it with its problem, not skipped.
    @Test func aBadFileIsNamedWhenLoadedAndListed() throws {
        _ = Self.store
        let device = DeviceID("usb-kept-4")
        let dir = Self.store + "/camprobe/controls/usb-kept-4"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(#"{"schemaVersion": 1, "device": "usb-kept-4", "name": 7}"#.utf8).write(to: URL(fileURLWithPath: dir + "/bad.json"))
        _ = try ControlProfileStore.save(ControlProfile(device: device, name: "good", controls: [Self.control(1, "A")]))
        do {
            _ = try ControlProfileStore.load(device: device, name: "bad")
            Issue.record("a broken file was read as a profile")
        } catch {
            #expect("\(error)".hasPrefix(dir + "/bad.json: not a camprobe control profile: name: "), "\(error)")
        }
        let listed = ControlProfileStore.list(device: device)
        #expect(listed.map(\.name) == ["bad", "good"], "\(listed)")
        #expect(listed[0].problem?.hasPrefix("not a camprobe control profile: name: ") == true && listed[0].controls == nil)
        #expect(listed[1].problem == nil && listed[1].controls == 1 && listed[1].device == "usb-kept-4")
    }

    /// A file broken as an editor breaks one is named with the line and column of the fault, loaded or listed.
    @Test func aBrokenFileIsNamedWithItsLine() throws {
        _ = Self.store
        let device = DeviceID("usb-kept-6")
        let dir = Self.store + "/camprobe/controls/usb-kept-6"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let text = "{\n  \"schemaVersion\": 1,\n  \"device\": \"usb-kept-6\"\n  \"name\": \"dusk\"\n}\n"  // no comma after line 3
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/dusk.json"))
        do {
            _ = try ControlProfileStore.load(device: device, name: "dusk")
            Issue.record("a broken file was read as a profile")
        } catch {
            #expect("\(error)".hasPrefix(dir + "/dusk.json: not a camprobe control profile: not JSON: "), "\(error)")
            #expect("\(error)".contains("line 4, column 3"), "\(error)")
        }
        let listed = ControlProfileStore.list(device: device)
        #expect(listed.count == 1 && listed[0].problem?.contains("line 4, column 3") == true, "\(listed)")
    }

    /// A profile saved under the older name (`:` kept in the folder) is still read, and deleted with its folder.
    @Test func aLegacyNamedProfileIsFoundAndDeleted() throws {
        _ = Self.store
        let device = DeviceID("usb-046d:0825-KEPT5")
        let p = ControlProfile(device: device, name: "old", controls: [Self.control(1, "A")])
        let legacy = Self.store + "/camprobe/controls/usb-046d:0825-KEPT5"
        try FileManager.default.createDirectory(atPath: legacy, withIntermediateDirectories: true)
        try JSONEncoder().encode(p).write(to: URL(fileURLWithPath: legacy + "/old.json"))
        #expect(try ControlProfileStore.load(device: device, name: "old") == p)
        #expect(try ControlProfileStore.delete(device: device, name: "old") == legacy + "/old.json")
        #expect(!FileManager.default.fileExists(atPath: legacy), "the emptied folder stays")
        #expect(try ControlProfileStore.delete(device: device, name: "old") == nil)
    }

    /// Saved, then restored on the fake camera: what it has is written, what it lacks is refused by name.
    @Test func aSavedProfileIsRestoredOnTheCamera() throws {
        _ = Self.store
        let system = try seamSystem()
        let device = try #require(DeviceDiscovery(system: system).discover().devices.first)
        let p = ControlProfile(
            device: device.id, name: "restore-me",
            controls: [
                Self.control(Self.brightness, "Brightness", value: .integer(77)), Self.control(0x0098_09FF, "Nothing", value: .integer(1)),
            ])
        _ = try ControlProfileStore.save(p)
        defer { _ = try? ControlProfileStore.delete(device: device.id, name: "restore-me") }
        let outcome = try ControlRestorer.restore("restore-me", device: device, system: system)
        #expect(outcome.found && outcome.applied.map(\.control) == ["brightness"], "\(outcome.applied)")
        #expect(outcome.refused == ["nothing (this camera has no such control now)"])
        #expect(try system.openPort("/dev/video0").readControl(Self.brightness) == 77)
        let missing = try ControlRestorer.restore("never-saved", device: device, system: system)
        #expect(!missing.found && missing.applied.isEmpty)
    }
}
