import CamProbe
import Foundation
import Testing

/// What `verify --measure-usb` keeps: per model and firmware, read from the USB device's sysfs attributes, saved
/// and merged, and a file that is not one ignored (unknown, not an error that stops a plan).
@Suite("Measured reservations, kept per model")
struct MeasuredReservationsTests {
    static func scratch() throws -> String {
        let dir = NSTemporaryDirectory() + "camprobe-measured-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func theModelIsReadFromTheUSBDeviceAboveAnyPathInIt() throws {
        let root = try Self.scratch()
        let device = root + "/devices/pci0000:00/0000:00:14.0/usb1/1-2"
        try FileManager.default.createDirectory(atPath: device + "/1-2:1.1", withIntermediateDirectories: true)
        for (f, v) in [("idVendor", "046D\n"), ("idProduct", "0828\n"), ("bcdDevice", "0010\n")] {
            try v.write(toFile: device + "/" + f, atomically: true, encoding: .utf8)
        }
        #expect(MeasuredReservations.model(ofSysfs: device + "/1-2:1.1") == "046d:0828:0010")
        #expect(MeasuredReservations.model(ofSysfs: root + "/devices/platform/vivid.0") == nil)
    }

    @Test func savedSettingsAreMergedAndLoadedBack() throws {
        let dir = try Self.scratch()
        let path = try MeasuredReservations(model: "046d:0828:0010", name: "B990", alts: ["MJPG 1280x720@30": 11]).save(in: dir)
        #expect(path == dir + "/046d-0828-0010.json")
        try MeasuredReservations(model: "046d:0828:0010", name: "B990", alts: ["YUYV 640x480@30": 10, "MJPG 1280x720@30": 9])
            .save(in: dir)
        let back = try #require(MeasuredReservations.load(model: "046d:0828:0010", from: dir))
        #expect(back.alts == ["MJPG 1280x720@30": 9, "YUYV 640x480@30": 10])  // the later measurement wins; others kept
        try "not json".write(toFile: dir + "/046d-0829-0010.json", atomically: true, encoding: .utf8)
        #expect(MeasuredReservations.load(model: "046d:0829:0010", from: dir) == nil)
        #expect(MeasuredReservations.load(model: "1234:5678:0001", from: dir) == nil)
    }
}
