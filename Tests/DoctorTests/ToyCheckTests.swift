import CamProbe
import CamProbeTesting
import CaptureModel
import Doctor
import DoctorTesting
import Foundation
import Testing

/// A new doctor check is one value and one entry in `DoctorChecks.all`. This toy is that value: it reads a fact
/// `DoctorHost` has no requirement for (a camera's driver, from its sysfs `driver` link, then that driver's `quirks`
/// parameter) through the host's primitives, so the host gains nothing. The tests hand the list plus the toy to a
/// run, as its one entry would.
extension DoctorCheckID {
    static let driverQuirks = DoctorCheckID("driver-quirks")
}

extension DoctorCheck {
    /// Each capture node whose driver runs with quirks forced (`/sys/module/DRIVER/parameters/quirks` above 0).
    static let driverQuirks = DoctorCheck(
        .driverQuirks, summary: "drivers running with quirks forced",
        .eachCamera { d, run in
            d.nodes.filter { $0.path.hasPrefix("/dev/video") }.compactMap { node -> DoctorFinding? in
                let link = "/sys/class/video4linux/\(node.path.dropFirst(5))/device/driver"
                guard let target = run.host.linkTarget(link), let driver = target.split(separator: "/").last,
                    let text = try? run.host.readFile("/sys/module/\(driver)/parameters/quirks", limit: 64),
                    let quirks = Int(text.filter { !$0.isWhitespace }), quirks > 0
                else { return nil }
                return DoctorFinding(
                    severity: .info, check: .driverQuirks, title: "\(driver) runs with quirks \(quirks)", device: d.name,
                    subject: node.path,
                    evidence: ["readlink \(link) → \(target)", "/sys/module/\(driver)/parameters/quirks: \(quirks)"],
                    fix: "Drop the quirks= option of \(driver) unless this camera needs it")
            }
        })
}

@Suite("Doctor: a new check is one value and one list entry")
struct ToyCheckTests {
    static let registry = DoctorChecks.all + [.driverQuirks]

    static let quirky = FakeDoctorHost(
        files: ["/sys/module/uvcvideo/parameters/quirks": "128\n"],
        symlinks: ["/sys/class/video4linux/video0/device/driver": "../../../../../bus/usb/drivers/uvcvideo"])

    static func camera() throws -> [Device] {
        try Fixtures.system(json: #"{"nodes":["# + webcamNode() + "]}").discoverAll().devices
    }

    @Test func theToysFindingShowsUpWithItsTypedIDOnceRegistered() throws {
        let input = Checkup.Input(devices: try Self.camera())
        let with = Checkup(host: Self.quirky).run(input, checks: Self.registry)
        let toy = try #require(with.findings.first { $0.check == .driverQuirks })
        #expect(toy.title == "uvcvideo runs with quirks 128" && toy.subject == "/dev/video0")
        #expect(
            toy.evidence == [
                "readlink /sys/class/video4linux/video0/device/driver → ../../../../../bus/usb/drivers/uvcvideo",
                "/sys/module/uvcvideo/parameters/quirks: 128",
            ])
        let without = Checkup(host: Self.quirky).run(input)
        #expect(!without.findings.contains { $0.check == .driverQuirks }, "without its entry the toy does not run")
        #expect(with.findings.filter { $0.check != .driverQuirks } == without.findings)
    }

    @Test func theToysIDIsItsTextInJSONAsEveryChecksIs() throws {
        let finding = DoctorFinding(severity: .info, check: .driverQuirks, title: "t", evidence: [], fix: "f")
        let json = String(decoding: try JSONEncoder().encode(finding), as: UTF8.self)
        #expect(json.contains(#""check":"driver-quirks""#), "\(json)")
        #expect(try JSONDecoder().decode(DoctorFinding.self, from: Data(json.utf8)).check == .driverQuirks)
        #expect(
            DoctorChecks.all.map(\.id.rawValue) == [
                "no-camera", "permissions", "busy", "usb-bandwidth", "alike-without-serial", "low-light", "needs-libcamera",
                "emulated-formats", "config-node-path", "udev",
            ])
    }

    @Test func withoutItsFactTheToyFindsNothing() throws {
        let input = Checkup.Input(devices: try Self.camera())
        var calm = Self.quirky
        calm.files = ["/sys/module/uvcvideo/parameters/quirks": "0\n"]
        for host in [FakeDoctorHost(), calm] {
            #expect(!Checkup(host: host).run(input, checks: Self.registry).findings.contains { $0.check == .driverQuirks })
        }
    }

    /// A toy per camera that names the camera it was given, and one for the machine.
    static func naming(_ id: String) -> DoctorCheck {
        DoctorCheck(
            DoctorCheckID(id), summary: "a toy named \(id)",
            .eachCamera { d, _ in
                [DoctorFinding(severity: .info, check: DoctorCheckID(id), title: id, subject: d.id.rawValue, evidence: [], fix: "")]
            })
    }
    static let machine = DoctorCheck(
        DoctorCheckID("machine"), summary: "a toy for the machine",
        .host { _ in [DoctorFinding(severity: .info, check: DoctorCheckID("machine"), title: "machine", evidence: [], fix: "")] })

    /// Per-camera checks next to each other in the list run camera by camera, as doctor always ran permissions then
    /// busy for one camera before the next; a check of another scope between them starts a new round.
    @Test func neighbouringPerCameraChecksRunCameraByCamera() throws {
        let devices = try AlikeCamerasTests.cameras(serials: ["A", "B"])
        let ids = devices.map(\.id.rawValue)
        let run = Checkup(host: FakeDoctorHost()).run(
            Checkup.Input(devices: devices), checks: [Self.naming("a"), Self.naming("b"), Self.machine, Self.naming("c")])
        let order = run.findings.map { "\($0.check) \($0.subject ?? "-")" }
        #expect(
            order == [
                "a \(ids[0])", "b \(ids[0])", "a \(ids[1])", "b \(ids[1])", "machine -", "c \(ids[0])", "c \(ids[1])",
            ])
    }
}
