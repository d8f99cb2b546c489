import CamProbe
import CamProbeTesting
import CaptureModel
import Doctor
import DoctorTesting
import Testing

/// The checks that read only what discovery found about each camera: low light (`exposure_auto_priority`),
/// needs libcamera (a media-controller sensor) and formats only libv4l2 emulates.
@Suite("Doctor: what each camera says")
struct CameraChecksTests {
    /// A streamable webcam whose `exposure_auto_priority` (0x009a0903) reads `value`.
    static func camera(exposureAutoPriority value: Int) throws -> [Device] {
        let control = #",{"id":"0x009a0903","name":"Exposure, Auto Priority","type":"bool","default":0,"value":\#(value)}"#
        return try Fixtures.system(json: #"{"nodes":["# + streamableNode(moreControls: control) + "]}").discoverAll().devices
    }

    static func findings(_ devices: [Device], _ id: DoctorCheckID) -> [DoctorFinding] {
        Checkup(host: FakeDoctorHost()).run(Checkup.Input(devices: devices)).findings.filter { $0.check == id }
    }

    @Test func exposureAutoPriorityOnWarnsWithTheControlAndTheCtlFix() throws {
        let devices = try Self.camera(exposureAutoPriority: 1)
        let found = Self.findings(devices, .lowLight)
        try #require(found.count == 1)
        #expect(found[0].severity == .warning && found[0].title == "Frame rate can halve in the dark")
        #expect(found[0].device == "Seam Cam" && found[0].subject == "/dev/video0")
        #expect(
            found[0].evidence == ["VIDIOC_G_EXT_CTRLS(/dev/video0): exposure_auto_priority (0x009a0903, Exposure, Auto Priority) = 1"])
        #expect(found[0].fix == "camprobe ctl \(devices[0].id.rawValue) exposure_auto_priority=0")
    }

    @Test func exposureAutoPriorityOffOrAbsentIsNoFinding() throws {
        #expect(Self.findings(try Self.camera(exposureAutoPriority: 0), .lowLight).isEmpty)
        #expect(Self.findings(try seamSystem().discoverAll().devices, .lowLight).isEmpty)
    }

    @Test func aSensorCameraNeedsLibcameraWithItsMediaGraphAsEvidence() throws {
        let devices = try FakeDeviceSystem(fixtures: [Fixtures.path("vimc-topology.json"), Fixtures.path("vimc-subdevs.json")])
            .discoverAll().devices
        let sensor = try #require(devices.first { $0.name == "Sensor A" })
        let found = Self.findings([sensor], .needsLibcamera)
        try #require(found.count == 1)
        #expect(found[0].severity == .info && found[0].subject == "/dev/media0" && found[0].device == "Sensor A")
        #expect(found[0].evidence.first?.hasPrefix("media graph /dev/media0: sensor entity 'Sensor A'") == true)
        #expect(found[0].fix.hasPrefix("Use libcamera: `cam -l` lists it"))
        #expect(found[0].fix.hasSuffix("Or set the pipeline with `camprobe apply \(sensor.id.rawValue) …`"))
        #expect(Self.findings(try seamSystem().discoverAll().devices, .needsLibcamera).isEmpty, "a UVC webcam is plain V4L2")
    }

    /// A webcam read through libv4l2: its native YUYV and MJPG, plus RGB3 and BGR3 converted on the CPU.
    static func emulating() throws -> [Device] {
        let emulated =
            #""emulatedFormats":[{"fourcc":"RGB3","description":"RGB3 (emulated)","flags":2,"sizes":[{"discrete":"640x480"}]},"#
            + #"{"fourcc":"BGR3","description":"BGR3 (emulated)","flags":2,"sizes":[{"discrete":"640x480"}]}]"#
        return try Fixtures.system(json: #"{"nodes":["# + webcamNode(extra: emulated) + "]}").discoverAll(emulated: true).devices
    }

    @Test func emulatedFormatsAreInfoNamingThemAndTheNativeOnes() throws {
        let found = Self.findings(try Self.emulating(), .emulatedFormats)
        try #require(found.count == 1)
        #expect(found[0].severity == .info && found[0].title == "2 formats only through libv4l2 conversion")
        #expect(
            found[0].evidence == [
                "VIDIOC_ENUM_FMT(/dev/video0) via v4l2_open: emulated (V4L2_FMT_FLAG_EMULATED) RGB3, BGR3", "native: YUYV, MJPG",
            ])
        #expect(found[0].fix.hasPrefix("Pick a native format (YUYV, MJPG) or run apps through libv4l2: LD_PRELOAD="))
    }

    @Test func withoutLibv4l2NothingIsEmulated() throws {
        let devices = try Fixtures.system(json: #"{"nodes":["# + webcamNode() + "]}").discoverAll(emulated: true).devices
        #expect(Self.findings(devices, .emulatedFormats).isEmpty)
    }
}
