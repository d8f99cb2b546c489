import CamProbe
import CamProbeTesting
import CaptureModel
import HostSystem
import Testing
import V4L2

/// `CaptureDevice` (lock, apply, stream) through the fake, faults at every
/// step, and device I/O kept off the cooperative pool.
@Suite("CaptureDevice through the fake", .serialized, .timeLimit(.minutes(2)))
struct CaptureDeviceSeamTests {
    func device(_ sys: FakeDeviceSystem) throws -> Device {
        try #require(sys.discoverAll().devices.first)
    }

    @Test func applyUnderTheLockThenStream() async throws {
        let sys = try seamSystem()
        let ledger = sys.ledger
        let camera = try CaptureDevice(device: try device(sys), system: sys)
        try await camera.lockForConfiguration()
        let applied = try await camera.commitConfiguration(
            FormatRequest(bufferType: .videoCapture, fourcc: "MJPG", width: 1920, height: 1080, frameInterval: FrameDuration(1, 30)))
        #expect(applied.adjustments.isEmpty)
        #expect(await camera.sessionPreset == .inputPriority)
        let report = try await camera.measureStreaming(frames: 60, expectedRate: Rational(30, 1))
        #expect(report.framesReceived == 60 && report.framesDropped == 0)
        #expect(abs((report.deliveredFPS ?? 0) - 30) < 0.01)
        await camera.close()
        #expect(ledger.liveMappings == 0)
    }

    @Test func presetIsNegotiatedAndApplied() async throws {
        let sys = try seamSystem()
        let d = try device(sys)
        let camera = try CaptureDevice(device: d, system: sys)
        try await camera.lockForConfiguration()
        let applied = try await camera.commit(preset: .high, for: d)
        let decision = try #require(applied.decision)
        #expect(decision.choice?.fourcc == "MJPG" && decision.choice?.size == Dimensions(width: 1920, height: 1080))
        #expect(applied.mode.size.width == 1920)
        #expect(await camera.sessionPreset == .high)
    }

    /// Every step × every errno: no crash, a typed error naming the step,
    /// and nothing left open afterwards.
    @Test(arguments: FaultCase.all)
    func anyFaultIsTypedNamedAndLeavesNothingOpen(_ fault: FaultCase) async throws {
        let d = try device(try seamSystem())  // read without the fault: the fault is for the camera's own handle
        let sys = try seamSystem(extra: fault.json)
        let ledger = sys.ledger
        var failure: CaptureDeviceError?
        do throws(CaptureDeviceError) {
            let camera = try CaptureDevice(device: d, system: sys)
            do throws(CaptureDeviceError) {
                try await camera.lockForConfiguration()
                _ = try await camera.commitConfiguration(
                    FormatRequest(bufferType: .videoCapture, fourcc: "MJPG", width: 1280, height: 720, frameInterval: FrameDuration(1, 60)))
                _ = try await camera.measureStreaming(frames: 8, expectedRate: Rational(60, 1), timeoutSeconds: 1)
            } catch {
                failure = error
            }
            await camera.close()
        } catch {
            failure = error
        }
        if let failure {
            if fault.errno == "ENODEV" {
                #expect(failure.kind == .disconnected, "\(fault): \(failure.message)")  // whichever call noticed first
            } else {
                #expect(failure.message.contains(fault.operation), "\(fault): \(failure.message)")
                #expect(failure.underlying?.errno == Errno.number(named: fault.errno) || fault.operation == "open")
            }
        } else if ledger.faultsFired > 0 {
            // Only a fault the code recovers from may pass: EINTR retried, a refused priority on a driver without it.
            #expect(fault.recoverable, "\(fault) was swallowed")
        }
        #expect(ledger.openPorts == 0, "\(fault): ports left open")
        #expect(ledger.liveMappings == 0, "\(fault): mappings left")
    }

    @Test func aStuckDeviceStallsOnlyItself() async throws {
        let slowJSON = #"{"nodes":["# + streamableNode(extra: #""ioctlDelays":{"VIDIOC_G_FMT":4000}"#) + "]}"
        let fast = try seamSystem()
        let slowDevice = try device(try seamSystem())  // the same camera, read without the delay
        // More stuck devices than the cooperative pool has threads (one per core).
        let stuck = try (0..<6).map { _ in try CaptureDevice(device: slowDevice, system: try Fixtures.system(json: slowJSON)) }
        let started = ContinuousClock.now
        let stuckTasks = stuck.map { camera in Task { _ = try? await camera.activeFormat() } }
        try await Task.sleep(for: .milliseconds(200))  // they are all inside their 4 s ioctl now
        let camera = try CaptureDevice(device: try device(fast), system: fast)
        for _ in 0..<20 { #expect(try await camera.activeFormat().width == 640) }
        let quick = await Task.detached { (1...1000).reduce(0, +) }.value
        let elapsed = ContinuousClock.now - started
        #expect(quick == 500_500)
        #expect(elapsed < .milliseconds(3000), "other devices waited \(elapsed) behind the stuck ones")
        for t in stuckTasks { await t.value }
        #expect(ContinuousClock.now - started >= .seconds(4))  // the stuck ones really were stuck
    }
}

/// One injected fault: an operation, an errno, and when it fires.
struct FaultCase: Sendable, CustomStringConvertible {
    var operation: String
    var errno: String
    var afterCalls: Int
    var repeatCount: Int

    var description: String { "\(operation) \(errno)×\(repeatCount) after \(afterCalls)" }
    var json: String {
        #""faults":[{"ioctl":"\#(operation)","afterCalls":\#(afterCalls),"errno":"\#(errno)","repeat":\#(repeatCount)}]"#
    }
    /// Faults the code is meant to absorb.
    var recoverable: Bool {
        (errno == "EINTR" && repeatCount <= 8)
            || (operation == "VIDIOC_S_PRIORITY" && (errno == "ENOTTY" || errno == "EINVAL"))
            || (operation == "VIDIOC_G_PARM")  // read-back of the rate is optional (drivers without G_PARM)
    }

    static let operations = [
        "open", "flock", "VIDIOC_S_PRIORITY", "VIDIOC_G_FMT", "VIDIOC_S_FMT", "VIDIOC_G_PARM", "VIDIOC_S_PARM",
        "VIDIOC_REQBUFS", "VIDIOC_QUERYBUF", "mmap", "VIDIOC_QBUF", "VIDIOC_STREAMON", "poll", "VIDIOC_DQBUF",
    ]
    static let errnos = ["EINVAL", "ENOTTY", "ENODEV", "EIO", "EBUSY", "EACCES"]

    static let all: [FaultCase] = {
        var cases: [FaultCase] = []
        for op in operations {
            for e in errnos { cases.append(FaultCase(operation: op, errno: e, afterCalls: 0, repeatCount: 1)) }
            cases.append(FaultCase(operation: op, errno: "EIO", afterCalls: 2, repeatCount: 1))
            // Signals interrupt ioctls and poll (open's retry lives below the seam; flock -n and mmap do not block).
            guard op.hasPrefix("VIDIOC_") || op == "poll" else { continue }
            cases.append(FaultCase(operation: op, errno: "EINTR", afterCalls: 0, repeatCount: 8))  // a storm, retried
            cases.append(FaultCase(operation: op, errno: "EINTR", afterCalls: 0, repeatCount: 500))  // endless: must give up
        }
        return cases
    }()
}
