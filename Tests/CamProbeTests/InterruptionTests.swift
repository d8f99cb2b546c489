import CamProbe
import CamProbeTesting
import CaptureModel
import Foundation
import HostSystem
import Testing
import V4L2

/// P20 item 6: another process's `VIDIOC_S_FMT` or `STREAMON` interrupts a recorder's frames. The
/// "node" is a real file that a real child process holds open, so the holder is found in `/proc` as
/// on a machine; the fake's driver state stands behind it (a second handle plays the other process).
@Suite("Interruptions through the fake, with a real holder process", .serialized, .timeLimit(.minutes(2)))
struct InterruptionTests {
    static let yuyv = CaptureMode(fourcc: "YUYV", size: Dimensions(width: 640, height: 480), frameRate: Rational(30, 1))

    /// A node path that exists, a fake system whose camera is that path, and a process holding it open.
    final class Bench {
        let dir: String
        let path: String
        let sys: FakeDeviceSystem
        let holder: Process

        init() throws {
            dir = NSTemporaryDirectory() + "camprobe-interrupt-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            path = dir + "/video0"
            guard FileManager.default.createFile(atPath: path, contents: Data()) else { throw CocoaError(.fileWriteUnknown) }
            sys = try Fixtures.system(json: #"{"nodes":["# + streamableNode(path: path) + "]}")
            holder = Process()
            holder.executableURL = URL(fileURLWithPath: "/bin/sh")
            holder.arguments = ["-c", "exec 3<\"$0\"; exec sleep 60", path]
            try holder.run()
        }

        /// Waits until the holder has the file open (its shell has run `exec 3<`).
        func held() async throws {
            for _ in 0..<400 {
                if let links = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(holder.processIdentifier)/fd"),
                    links.contains(where: {
                        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(holder.processIdentifier)/fd/\($0)")) == path
                    })
                {
                    return
                }
                try await Task.sleep(for: .milliseconds(5))
            }
            Issue.record("the holder process never opened \(path)")
        }

        func camera() async throws -> CaptureDevice {
            nonisolated(unsafe) let shared = sys  // the fake's state is locked: safe from every handle's thread
            let camera = try CaptureDevice(device: try #require(shared.discoverAll().devices.first), system: shared)
            try await camera.lockForConfiguration()
            _ = try await camera.apply(InterruptionTests.yuyv)
            await camera.unlockForConfiguration()  // as the recorder in the guest did
            return camera
        }

        deinit {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
            try? FileManager.default.removeItem(atPath: dir)
        }
    }

    func firstEvent(_ frames: VideoFrames) async -> FrameStreamEvent? {
        var it = frames.events.makeAsyncIterator()
        return await it.next()
    }

    @Test func anotherProcessesFormatChangeIsReportedWithItsHolderNotStreamed() async throws {
        let bench = try Bench()
        try await bench.held()
        let camera = try await bench.camera()
        _ = try bench.sys.openPort(bench.path).setCaptureFormat(fourcc: "YUYV", size: Dimensions(width: 1280, height: 720))
        do {
            _ = try await camera.frames()
            Issue.record("the changed mode was streamed silently")
        } catch {
            #expect(error.kind == .interrupted)
            guard case .anotherProcessReconfigured(let expected, let found)? = error.interruption?.reason else {
                Issue.record("reason: \(String(describing: error.interruption))")
                return
            }
            #expect(expected.size == Dimensions(width: 640, height: 480) && found.size == Dimensions(width: 1280, height: 720))
            #expect(error.holders.map(\.pid) == [bench.holder.processIdentifier])
            #expect(error.message.contains("pid \(bench.holder.processIdentifier) (sleep 60)"))
        }
        await camera.close()
    }

    @Test func resumingRestoresTheModeAndSaysSo() async throws {
        let bench = try Bench()
        try await bench.held()
        let camera = try await bench.camera()
        let other = try bench.sys.openPort(bench.path)
        _ = try other.setCaptureFormat(fourcc: "YUYV", size: Dimensions(width: 1280, height: 720))
        let frames = try await camera.frames(FrameOutputOptions(resumesAfterInterruption: true))
        var events = frames.events.makeAsyncIterator()
        guard case .interrupted(let i)? = await events.next(), case .anotherProcessReconfigured = i.reason else {
            Issue.record("no interruption reported")
            return
        }
        #expect(i.holders.map(\.pid) == [bench.holder.processIdentifier])
        #expect(await events.next() == .interruptionEnded)
        #expect(frames.mode.size == Dimensions(width: 640, height: 480))
        var it = frames.makeAsyncIterator()
        let frame = try #require(try await it.next())
        #expect(frame.mode.size == Dimensions(width: 640, height: 480))
        #expect(try other.readActiveFormat(.videoCapture).width == 640)  // the driver has the recorder's mode again
        await frames.stop()
        await camera.close()
    }

    @Test func anotherProcessStreamingInterruptsAndTheStreamResumesWhenItStops() async throws {
        let bench = try Bench()
        try await bench.held()
        let camera = try await bench.camera()
        let other = try bench.sys.openPort(bench.path)
        let theirs = try FrameStream(port: other, bufferType: .videoCapture)  // REQBUFS + STREAMON: the node is theirs
        // Without resuming: a typed error naming the holder.
        do {
            _ = try await camera.frames()
            Issue.record("frames started while another handle streams")
        } catch {
            #expect(error.kind == .interrupted && error.interruption?.reason == .anotherProcessStreams)
            #expect(error.holders.map(\.pid) == [bench.holder.processIdentifier])
        }
        // Resuming: interrupted, then frames once they stop.
        let frames = try await camera.frames(FrameOutputOptions(resumesAfterInterruption: true, retryInterval: .milliseconds(50)))
        var events = frames.events.makeAsyncIterator()
        guard case .interrupted(let i)? = await events.next() else {
            Issue.record("no interruption reported")
            return
        }
        #expect(i.reason == .anotherProcessStreams && i.holders.map(\.pid) == [bench.holder.processIdentifier])
        #expect(frames.interruption != nil)
        try await Task.sleep(for: .milliseconds(150))  // a few retries while they stream
        theirs.stop()  // STREAMOFF, munmap, REQBUFS 0
        #expect(await events.next() == .interruptionEnded)
        var it = frames.makeAsyncIterator()
        #expect(try await it.next() != nil)
        #expect(frames.interruption == nil)
        await frames.stop()
        await camera.close()
        #expect(bench.sys.ledger.liveMappings == 0)
    }

    /// `ENOSPC` at `STREAMON`: the USB controller's isochronous budget, told as such (never "disk full"),
    /// typed, with the refused call; with resuming, the stream waits for bandwidth instead.
    @Test func noUSBBandwidthAtStreamOnIsATypedInterruption() async throws {
        let sys = try seamSystem(extra: #""faults":[{"ioctl":"VIDIOC_STREAMON","errno":"ENOSPC","repeat":3}]"#)
        nonisolated(unsafe) let shared = sys  // the fake's state is locked: safe from every handle's thread
        let camera = try CaptureDevice(device: try #require(shared.discoverAll().devices.first), system: shared)
        do {
            _ = try await camera.frames()
            Issue.record("STREAMON's ENOSPC was not reported")
        } catch {
            #expect(error.kind == .interrupted && error.interruption?.reason == .usbBandwidth)
            #expect(error.underlying?.errno == Errno.ENOSPC && error.underlying?.call == "VIDIOC_STREAMON")
            #expect(error.message.contains("bandwidth") && error.message.contains("not a full disk"))
        }
        #expect(sys.ledger.liveMappings == 0)
        // the fault fires twice more: a resuming stream reports it, retries, and streams once it passes
        let frames = try await camera.frames(FrameOutputOptions(resumesAfterInterruption: true, retryInterval: .milliseconds(50)))
        var events = frames.events.makeAsyncIterator()
        guard case .interrupted(let i)? = await events.next() else {
            Issue.record("no interruption reported")
            return
        }
        #expect(i.reason == .usbBandwidth)
        #expect(await events.next() == .interruptionEnded)
        var it = frames.makeAsyncIterator()
        #expect(try await it.next() != nil)
        await frames.stop()
        await camera.close()
        #expect(sys.ledger.liveMappings == 0)
    }

    /// `ENOSPC` explained as doctor would: the camera's domain under its controller's rule (read from a sysfs tree
    /// laid out as Linux's), the other camera streaming in it with the setting it holds, and this camera's modes
    /// that fit beside it.
    @Test func noUSBBandwidthIsExplainedWithTheDomainWhoHoldsItAndWhatFits() async throws {
        let root = NSTemporaryDirectory() + "camprobe-enospc-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bus = try USBSysfsFixture(root: root, driver: "ehci-pci", vendor: "0x8086", device: "0x1e2d")
        let mine = try bus.camera(port: 1, held: 0, video: "video0")
        try bus.camera(port: 2, held: 11, video: "video2")  // the other B990 holds its largest setting: 3060 B, 61 µs
        let node = streamableNode(extra: #""faults":[{"ioctl":"VIDIOC_STREAMON","errno":"ENOSPC","sticky":true}]"#)
            .replacingOccurrences(of: #""sysPath":"/sys/seam""#, with: #""sysPath":"\#(mine)""#)
        let sys = try Fixtures.system(json: #"{"nodes":["# + node + "]}")
        sys.usbSysfsRoot = root
        nonisolated(unsafe) let shared = sys  // the fake's state is locked: safe from every handle's thread
        let camera = try CaptureDevice(device: try #require(shared.discoverAll().devices.first), system: shared)
        do {
            _ = try await camera.frames()
            Issue.record("ENOSPC was not reported")
        } catch {
            let i = try #require(error.interruption)
            #expect(error.kind == .interrupted && i.reason == .usbBandwidth)
            #expect(i.domain?.hasPrefix("bus 1 (EHCI") == true, "\(String(describing: i.domain))")
            #expect(i.reservedNow == ["/dev/video2: alt 11, 3060 B per microframe (61 µs)"], "\(i.reservedNow)")
            // beside 61 µs of 100, a mode fits when its setting costs at most 39 µs (1984 B: 40 µs does not; 1600 B: 32 fits)
            #expect(!i.modesThatFit.isEmpty && i.modesThatFit.allSatisfy { !$0.fourcc.description.hasPrefix("MJPG") }, "\(i.modesThatFit)")
            #expect(error.message.contains("1 other camera hold 61 of 100 µs"), "\(error.message)")
            #expect(error.message.contains("modes that fit beside them: YUYV"), "\(error.message)")
        }
        await camera.close()
    }
}
