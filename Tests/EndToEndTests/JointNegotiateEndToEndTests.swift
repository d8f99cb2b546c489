import Foundation
import Testing

/// `camprobe negotiate --together` on shipped profiles (no bus model in them: one assumed USB 2.0 budget).
@Suite("negotiate --together")
struct JointNegotiateEndToEndTests {
    static let root = ProfileCommandEndToEndTests.root
    static let c525 = root + "/Profiles/c525.json"
    static let arducam = root + "/Profiles/arducam-0c45-6366.json"

    @Test func twoCamerasAtVGAFitAsWished() throws {
        let r = try CLI.run(["negotiate", "--profile", Self.c525, "--profile", Self.arducam, "--together", "0", "1", "--preset", "640x480"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("FITS"))
        #expect(r.stdout.contains("bus not read"))
    }

    @Test func mjpegWishesGiveWayWithExitThreeAndJSON() throws {
        let r = try CLI.run([
            "negotiate", "--profile", Self.c525, "--profile", Self.arducam, "--together", "0", "1", "--size", "1280x720", "--fps", "30",
            "--format", "MJPG", "--json",
        ])
        #expect(r.status == 3, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let plan = try #require(doc["plan"] as? [String: Any])
        #expect(plan["wishFits"] as? Bool == false)
        #expect(plan["fits"] as? Bool == true)
        let cameras = try #require(plan["cameras"] as? [[String: Any]])
        #expect(cameras.count == 2)
        #expect(cameras.contains { ($0["gave"] as? [[String: Any]])?.isEmpty == false })
        #expect((plan["hardwareCost"] as? Double ?? 2) <= 1)
    }

    @Test func theSameCameraTwiceIsAnError() throws {
        let r = try CLI.run(["negotiate", "--profile", Self.c525, "--together", "0", "0", "--preset", "high"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("named twice"))
    }
}

extension JointNegotiateEndToEndTests {
    @Test func emitGivesACommandPerCamera() throws {
        let r = try CLI.run([
            "negotiate", "--profile", Self.c525, "--profile", Self.arducam, "--together", "0", "1", "--size", "1280x720", "--fps", "30",
            "--format", "MJPG", "--emit", "ffmpeg",
        ])
        #expect(r.status == 3, "\(r.stderr)")
        let commands = r.stdout.split(separator: "\n").filter { $0.hasPrefix("ffmpeg ") }
        #expect(commands.count == 2)
        #expect(commands.first?.hasSuffix("out-0.mkv") == true && commands.last?.hasSuffix("out-1.mkv") == true)
        #expect(r.stdout.contains("# HD Webcam C525"))
    }

    @Test func emitWithTogetherTakesOnlyCameraTools() throws {
        let r = try CLI.run(["negotiate", "--profile", Self.c525, "--together", "0", "--preset", "high", "--emit", "media-ctl"])
        #expect(r.status == 2)
    }
}

extension JointNegotiateEndToEndTests {
    @Test func priorityFavoursANamedCameraAndTheJSONNamesTheObjective() throws {
        let args = [
            "negotiate", "--profile", Self.c525, "--profile", Self.arducam, "--together", "0", "1", "--size", "1280x720", "--fps", "30",
            "--format", "MJPG", "--json",
        ]
        let fair = try CLI.run(args)
        let favoured = try CLI.run(args + ["--priority", "1"])
        #expect(fair.status == 3 && favoured.status == 3, "\(favoured.stderr)")
        func plan(_ out: String) throws -> [String: Any] {
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
            return try #require(doc["plan"] as? [String: Any])
        }
        #expect(try plan(fair.stdout)["objective"] as? String == "fair")
        let p = try plan(favoured.stdout)
        #expect(p["objective"] as? String == "priorityThenFair")
        let cameras = try #require(p["cameras"] as? [[String: Any]])
        #expect((p["priority"] as? [String]) == [cameras[1]["id"] as? String ?? "?"])
        #expect((cameras[1]["loss"] as? Double ?? 1) <= (cameras[0]["loss"] as? Double ?? 0))
    }

    @Test func priorityNamesOnlyPlannedCameras() throws {
        let r = try CLI.run([
            "negotiate", "--profile", Self.c525, "--profile", Self.arducam, "--together", "0", "--priority", "1", "--preset", "high",
        ])
        #expect(r.status == 1 && r.stderr.contains("--priority 1: not one of the cameras of --together"), "\(r.stderr)")
    }
}
