import CamProbe
import CamProbeTesting
import CaptureModel
import HostSystem
import Testing
import V4L2

#if canImport(Glibc)
    import Glibc
#endif

/// The library as a recorder meets it, through the fake: locks that release on
/// every path, the one mode type in and out, and frames as they arrive.
@Suite("Recorder API through the fake", .serialized, .timeLimit(.minutes(2)))
struct RecorderAPITests {
    func device(_ sys: FakeDeviceSystem) throws -> Device {
        try #require(sys.discoverAll().devices.first)
    }

    /// `VIDIOC_S_FMT` from another handle: 0 or its errno.
    func setFormat(_ sys: FakeDeviceSystem, width: UInt32) throws -> Int32 {
        let other = try sys.openPort("/dev/video0")
        do throws(V4L2Error) {
            _ = try other.setCaptureFormat(fourcc: "YUYV", size: Dimensions(width: width, height: 480))
            return 0
        } catch {
            return error.errno
        }
    }

    @Test func unlockLetsAnotherHandleSetTheFormatWhileStillOpen() async throws {
        nonisolated(unsafe) let sys = try seamSystem()  // the fake's state is locked: safe from every handle's thread
        let camera = try CaptureDevice(device: try device(sys), system: sys)
        try await camera.lockForConfiguration()
        #expect(try setFormat(sys, width: 640) == Errno.EBUSY)
        await camera.unlockForConfiguration()
        #expect(await camera.isLockedForConfiguration == false)
        #expect(try setFormat(sys, width: 640) == 0)
        // and the lock can be taken again by another handle while this one stays open
        let again = sys
        let second = try CaptureDevice(device: try device(again), system: again)
        try await second.lockForConfiguration()
        await second.close()
        await camera.close()
    }

    @Test func theLockIsReleasedOnThrowAndOnCancel() async throws {
        nonisolated(unsafe) let sys = try seamSystem()  // the fake's state is locked: safe from every handle's thread
        let camera = try CaptureDevice(device: try device(sys), system: sys)
        let boom = CaptureDeviceError(kind: .failed, id: DeviceID("boom"), message: "boom")
        await #expect(throws: boom) {
            try await camera.withConfigurationLock { _ throws(CaptureDeviceError) in throw boom }
        }
        #expect(try setFormat(sys, width: 640) == 0)
        let task = Task {
            try await camera.withConfigurationLock { _ in
                try? await Task.sleep(for: .seconds(30))  // ends at once when the task is cancelled
            }
        }
        for _ in 0..<200 where !(await camera.isLockedForConfiguration) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(await camera.isLockedForConfiguration)
        #expect(try setFormat(sys, width: 640) == Errno.EBUSY)
        task.cancel()
        _ = await task.result
        #expect(await camera.isLockedForConfiguration == false)
        #expect(try setFormat(sys, width: 640) == 0)
        await camera.close()
    }

    @Test func aNegotiatedChoiceIsWhatTheSetterTakesAndReadsBack() async throws {
        let sys = try seamSystem()
        let d = try device(sys)
        let pick = Negotiator.decide(
            CaptureRequest(size: .exact(Dimensions(width: 1280, height: 720)), rate: .exact(Rational(30, 1)), format: .list(["MJPG"])),
            across: d)
        let camera = try CaptureDevice(device: d, node: try #require(pick.path), system: sys)
        try await camera.lockForConfiguration()
        let applied = try await camera.apply(pick)
        #expect(applied.mode == pick.decision.choice?.mode)
        #expect(applied.isExact)
        #expect(try await camera.activeMode() == applied.mode)
        #expect(applied.mode.frameRate == Rational(30, 1) && applied.mode.fps == 30)
        await camera.close()
    }

    func streaming(_ sys: FakeDeviceSystem, _ fourcc: String = "MJPG") async throws -> CaptureDevice {
        nonisolated(unsafe) let shared = sys  // the fake's state is locked: safe from every handle's thread
        let camera = try CaptureDevice(device: try device(shared), system: shared)
        try await camera.lockForConfiguration()
        _ = try await camera.apply(
            CaptureMode(fourcc: FourCC(fourcc) ?? "MJPG", size: Dimensions(width: 640, height: 480), frameRate: Rational(30, 1)))
        return camera
    }

    @Test func framesCarryTimestampsSequenceAndBytesAndStopLeavesNoMapping() async throws {
        let sys = try seamSystem()
        let camera = try await streaming(sys)
        let frames = try await camera.frames(FrameOutputOptions(delivery: .borrow, lateFrames: .block))
        var seen: [VideoFrame] = []
        for try await frame in frames {
            #expect(try frame.withUnsafeBytes { $0.count } == frame.bytesUsed)
            seen.append(frame)
            if seen.count == 10 { break }
        }
        #expect(seen.map(\.sequence) == Array(0..<10))
        let steps = zip(seen.dropFirst(), seen).map { $0.timestampNanoseconds - $1.timestampNanoseconds }
        #expect(steps.allSatisfy { $0 > 33_332_000 && $0 < 33_335_000 })  // 1/30 s in the driver's microseconds
        #expect(seen.allSatisfy { $0.framesLostBefore == 0 && !$0.isCorrupt && $0.mode.fourcc == "MJPG" })
        // borrowed frames handed out before are the driver's again
        #expect(throws: CaptureDeviceError.self) { try seen[0].withUnsafeBytes { $0.count } }
        await frames.stop()
        #expect(sys.ledger.liveMappings == 0)
        await camera.close()
        #expect(sys.ledger.openPorts == 0)
    }

    /// `forEach` runs its body on the stream's own thread (its task executor), delivers every
    /// frame in order, ends when the body stops the frames, rethrows what the body throws,
    /// and leaves no mapping either way.
    @Test func forEachRunsOnTheStreamsThreadStopsFromInsideAndRethrows() async throws {
        struct Enough: Error {}
        let sys = try seamSystem()
        let camera = try await streaming(sys)
        let frames = try await camera.frames(FrameOutputOptions(delivery: .borrow, lateFrames: .block))
        let caller = pthread_self()
        var sequences: [UInt32] = []
        var threads: Set<UInt> = []
        try await frames.forEach { frame in
            threads.insert(UInt(pthread_self()))
            let count = try frame.withUnsafeBytes { $0.count }
            #expect(count == frame.bytesUsed)
            sequences.append(frame.sequence)
            if sequences.count == 8 { await frames.stop() }
        }
        #expect(sequences == Array(0..<8))
        #expect(threads.count == 1 && !threads.contains(UInt(caller)))
        #expect(sys.ledger.liveMappings == 0)

        let again = try await camera.frames(FrameOutputOptions(delivery: .copy, lateFrames: .block))
        var seen = 0
        await #expect(throws: Enough.self) {
            try await again.forEach { _ in
                seen += 1
                if seen == 3 { throw Enough() }
            }
        }
        #expect(seen == 3)
        await again.stop()
        #expect(sys.ledger.liveMappings == 0)
        await camera.close()
        #expect(sys.ledger.openPorts == 0)
    }

    @Test func sequenceGapsAreCountedAsDrops() async throws {
        let sys = try seamSystem(extra: #""dropFrameEvery": 5"#)
        let camera = try await streaming(sys)
        let frames = try await camera.frames(FrameOutputOptions(delivery: .copy, lateFrames: .block))
        var lost = 0
        var sequences: [UInt32] = []
        for try await frame in frames {
            lost += frame.framesLostBefore
            sequences.append(frame.sequence)
            if sequences.count == 20 { break }
        }
        await frames.stop()
        // Every gap in the numbers delivered is counted on the frame after it, and the fake's
        // drops (every 5th number) make gaps: 4, 9, 14, 19 never come.
        let gaps = zip(sequences.dropFirst(), sequences).reduce(0) { $0 + Int($1.0 - $1.1 - 1) }
        #expect(gaps > 0 && lost == gaps)
        #expect(!sequences.contains(4) && !sequences.contains(9))
        #expect(frames.statistics.droppedByDriver >= lost)
        await camera.close()
    }

    @Test func aLateConsumerGetsTheNewestFramesAndTheDriverNeverWaits() async throws {
        let sys = try seamSystem()
        let camera = try await streaming(sys)
        let frames = try await camera.frames(FrameOutputOptions(delivery: .borrow, lateFrames: .discardLate, queueDepth: 2))
        var got: [UInt32] = []
        for try await frame in frames {
            got.append(frame.sequence)
            try await Task.sleep(for: .milliseconds(20))  // slower than the fake delivers
            if got.count == 5 { break }
        }
        await frames.stop()
        #expect(frames.statistics.discardedLate > 0)
        #expect(zip(got.dropFirst(), got).allSatisfy { $0 > $1 })
        #expect(sys.ledger.liveMappings == 0)
        await camera.close()
    }

    @Test func theBlockingPolicyLosesNothingToTheConsumer() async throws {
        let sys = try seamSystem()
        let camera = try await streaming(sys)
        let frames = try await camera.frames(FrameOutputOptions(delivery: .copy, lateFrames: .block, queueDepth: 2))
        var got: [UInt32] = []
        for try await frame in frames {
            got.append(frame.sequence)
            try await Task.sleep(for: .milliseconds(10))
            if got.count == 6 { break }
        }
        await frames.stop()
        #expect(got == Array(0..<6))
        #expect(frames.statistics.discardedLate == 0)
        await camera.close()
    }

    @Test func aDisconnectEndsTheFramesWithTheTypedErrorAndNoMapping() async throws {
        let machine = FakeMachine(nodes: try seamSystem().spec.nodes)
        let sys = try #require(machine.makeSystem() as? FakeDeviceSystem)
        let d = try device(sys)
        let camera = try CaptureDevice(device: d, system: sys)
        try await camera.lockForConfiguration()
        _ = try await camera.apply(CaptureMode(fourcc: "MJPG", size: Dimensions(width: 640, height: 480), frameRate: Rational(30, 1)))
        let frames = try await camera.frames()
        var n = 0
        var ended: CaptureDeviceError?
        do {
            for try await _ in frames {
                n += 1
                if n == 3 { machine.disconnectSilently("/dev/video0") }
                if n > 1000 { break }
            }
        } catch {
            ended = error
        }
        #expect(ended?.kind == .disconnected)
        #expect(sys.ledger.liveMappings == 0)
        for _ in 0..<100 where await camera.isConnected { try await Task.sleep(for: .milliseconds(5)) }
        #expect(await camera.isConnected == false)
        await camera.close()
    }
}
