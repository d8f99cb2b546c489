import CaptureModel
import FoundationEssentials
import HostSystem
import Synchronization
import Testing
import V4L2
import V4L2Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("The typed ioctl seam")
struct IoctlPairingTests {
    @Test func everyRequestCarriesTheStructTheKernelEncodes() {
        #expect(IoctlTable.all.count == V4L2Request.allCases.count - 0)
        for row in IoctlTable.all {
            #expect(
                row.argumentSize == row.encodedSize, "\(row.request): Swift struct \(row.argumentSize) bytes, kernel \(row.encodedSize)")
        }
        #expect(Set(IoctlTable.all.map(\.request)) == Set(V4L2Request.allCases))
    }

    @Test func driverStringsWithoutNULAreBounded() throws {
        let sys = try seamSystem(extra: #""unterminatedStrings":true"#)
        let port = try sys.openPort("/dev/video0")
        let id = try port.queryIdentity()
        #expect(id.driver.utf8.count == 16)
        #expect(id.card.utf8.count == 32)
        #expect(id.busInfo.utf8.count == 32)
    }
}

@Suite("ConfigurationSession through the fake", .serialized)
struct ConfigurationSessionTests {
    @Test func exactRequestIsAppliedAndReadBack() throws {
        let sys = try seamSystem()
        let session = try ConfigurationSession(port: try sys.openPort("/dev/video0"))
        let applied = try session.apply(
            FormatRequest(
                bufferType: .videoCapture, fourcc: FourCC.mjpgSeam, width: 1280, height: 720,
                frameInterval: FrameDuration(1, 60)))
        #expect(applied.adjustments.isEmpty)
        #expect(applied.after.fourcc == FourCC.mjpgSeam && applied.after.width == 1280 && applied.after.height == 720)
        #expect(applied.afterInterval?.interval == Rational(1, 60))
        #expect(applied.before?.fourcc == FourCC.yuyvSeam)
    }

    @Test func driverAdjustsSizeAndRateAndSaysSo() throws {
        let sys = try seamSystem()
        let session = try ConfigurationSession(port: try sys.openPort("/dev/video0"))
        let applied = try session.apply(
            FormatRequest(
                bufferType: .videoCapture, fourcc: FourCC.yuyvSeam, width: 1000, height: 700,
                frameInterval: FrameDuration(1, 9)))
        #expect(applied.after.width == 1280 && applied.after.height == 720)  // uvcvideo's nearest size
        #expect(applied.afterInterval?.interval == Rational(1, 10))  // nearest interval of 1280x720
        #expect(applied.adjustments.contains("size 1000x700 → 1280x720"))
        #expect(applied.adjustments.contains { $0.hasPrefix("frame interval 1/9 → 1/10") })
    }

    @Test func aFailedRateRollsTheFormatBack() throws {
        let sys = try seamSystem(extra: #""faults":[{"ioctl":"VIDIOC_S_PARM","errno":"EIO"}]"#)
        let port = try sys.openPort("/dev/video0")
        let session = try ConfigurationSession(port: port)
        #expect(throws: V4L2Error.self) {
            try session.apply(
                FormatRequest(
                    bufferType: .videoCapture, fourcc: FourCC.mjpgSeam, width: 1920, height: 1080,
                    frameInterval: FrameDuration(1, 30)))
        }
        let now = try port.readActiveFormat(.videoCapture)
        #expect(now.fourcc == FourCC.yuyvSeam && now.width == 640 && now.height == 480)
    }

    @Test func secondConfiguratorIsRefusedUntilTheFirstLetsGo() throws {
        let sys = try seamSystem()
        var first: ConfigurationSession? = try ConfigurationSession(port: try sys.openPort("/dev/video0"))
        do {
            _ = try ConfigurationSession(port: try sys.openPort("/dev/video0"))
            Issue.record("a second lock must fail")
        } catch {
            #expect(error.call == "flock" && error.errno == Errno.EBUSY)
            #expect(error.hint?.contains("locked this node for configuration") == true)
        }
        #expect(first != nil)
        first = nil
        #expect(throws: Never.self) { _ = try ConfigurationSession(port: try sys.openPort("/dev/video0")) }
        #expect(sys.ledger.openPorts == 0)
    }

    @Test func aRecorderAtRecordPriorityBlocksConfiguration() throws {
        let sys = try seamSystem()
        let recorder = try sys.openPort("/dev/video0")
        var record: UInt32 = 3
        #expect(recorder.perform(V4L2Request.sPriority.number, &record) == 0)
        do {
            _ = try ConfigurationSession(port: try sys.openPort("/dev/video0"))
            Issue.record("record priority must block")
        } catch {
            #expect(error.call == "VIDIOC_S_PRIORITY" && error.errno == Errno.EBUSY)
            #expect(error.hint?.contains("record priority") == true && error.hint?.contains("recording") == false)
        }
        _ = recorder
    }
}

@Suite("FrameStream through the fake (virtual clock)", .serialized)
struct FrameStreamTests {
    @Test func buffersCycleAtTheConfiguredRateInNoRealTime() throws {
        let sys = try seamSystem()
        let port = try sys.openPort("/dev/video0")
        let clock = ContinuousClock.now
        var records: [FrameRecord] = []
        do {
            let stream = try FrameStream(port: port, bufferType: .videoCapture)
            #expect(sys.ledger.liveMappings == 4)
            for _ in 0..<300 {
                let r = try #require(try stream.next(timeoutMilliseconds: 1000))
                records.append(r)
            }
            let report = StreamReport(frames: records, startedAt: stream.startedAt, expectedFPS: 30)
            #expect(report.framesReceived == 300 && report.framesDropped == 0)
            #expect(abs((report.deliveredFPS ?? 0) - 30) < 0.01)
            #expect((report.jitterMilliseconds ?? 1) < 0.01)
        }
        #expect(ContinuousClock.now - clock < .seconds(2))  // 10 s of video, virtually
        #expect(sys.ledger.liveMappings == 0)
        #expect(port.counts["VIDIOC_STREAMOFF"] == 1 && port.counts["munmap"] == 4)
        #expect(Set(records.map(\.sequence)).count == 300)
    }

    @Test func aSecondStreamingHandleGetsEBUSY() throws {
        let sys = try seamSystem()
        let first = try FrameStream(port: try sys.openPort("/dev/video0"), bufferType: .videoCapture)
        do {
            _ = try FrameStream(port: try sys.openPort("/dev/video0"), bufferType: .videoCapture)
            Issue.record("a second stream must fail")
        } catch {
            #expect(error.call == "VIDIOC_REQBUFS" && error.errno == Errno.EBUSY)
        }
        first.stop()
        #expect(throws: Never.self) { _ = try FrameStream(port: try sys.openPort("/dev/video0"), bufferType: .videoCapture) }
    }

    @Test func vanishingMidStreamIsATypedErrorAndLeavesNothingOpen() throws {
        let sys = try seamSystem(extra: #""faults":[{"ioctl":"VIDIOC_DQBUF","afterCalls":10,"errno":"ENODEV"}]"#)
        do {
            let stream = try FrameStream(port: try sys.openPort("/dev/video0"), bufferType: .videoCapture)
            for _ in 0..<10 { _ = try stream.next() }
            do {
                _ = try stream.next()
                Issue.record("the device is gone")
            } catch {
                #expect(error.isDeviceGone && error.call == "VIDIOC_DQBUF")
            }
        }
        #expect(sys.ledger.liveMappings == 0)
        #expect(sys.ledger.openPorts == 0)
    }
}

@Suite("Control events through the fake", .serialized, .timeLimit(.minutes(1)))
struct ControlEventTests {
    @Test func anotherHandlesWritesArriveAsEventsWithCoupledFlags() async throws {
        let sys = try seamSystem()
        let keys: [(id: UInt32, key: String)] = [(0x0098_0900, "brightness"), (0x009a_0902, "exposure_time_absolute")]
        // The watcher thread owns its port; the fake node's lock makes sharing the node with `writer` safe.
        let watched = try sys.openPort("/dev/video0")
        let stream = try ControlEvents.start(port: watched, controls: keys)
        let writer = try sys.openPort("/dev/video0")
        try writer.writeControl(0x0098_0900, value: 200)
        try writer.writeControl(0x009a_0901, value: 1)
        var seen: [ControlEvent] = []
        for await e in stream {
            seen.append(e)
            if seen.count == 2 { break }
        }
        #expect(seen.contains { $0.control == "brightness" && $0.value == 200 && $0.changes == [.value] })
        // Manual exposure makes the exposure time active: a flags change, no longer inactive.
        #expect(seen.contains { $0.control == "exposure_time_absolute" && $0.changes == [.flags] && !$0.flags.contains(.inactive) })
    }

    @Test func theWatcherEndsWithOneDeviceGoneEvent() async throws {
        // The node is cut off without an event, as vivid's `disconnect` control does.
        let sys = try seamSystem()
        let severed = Mutex(false)
        sys.isSevered = { _ in severed.withLock { $0 } }
        let watched = try sys.openPort("/dev/video0")
        let stream = try ControlEvents.start(port: watched, controls: [(0x0098_0900, "brightness")])
        severed.withLock { $0 = true }
        var events: [ControlEvent] = []
        for await e in stream { events.append(e) }
        #expect(events.count == 1 && events[0].deviceGone)
    }

    @Test func aThreadThatCannotStartReportsItsOwnCodeAndLeaksNothing() throws {
        let sys = try seamSystem()
        do {
            let watched = try sys.openPort("/dev/video0")
            _ = try ControlEvents.start(
                port: watched, controls: [(0x0098_0900, "brightness")],
                spawn: { _ in Errno.EAGAIN })
            Issue.record("the start must fail")
        } catch {
            #expect(error.call == "pthread_create" && error.errno == Errno.EAGAIN)
        }
        #expect(sys.ledger.openPorts == 0)
    }

    @Test func systemEventFDsAreCloseOnExec() throws {
        // The system seam's wake signal is an eventfd made with EFD_CLOEXEC.
        let before = openDescriptors()
        do {
            let port = try SystemDevicePort(path: "/dev/null")
            let signal = try port.makeWakeSignal().get()
            let fds = openDescriptors().subtracting(before)
            #expect(fds.count == 2)  // /dev/null and the eventfd
            for fd in fds { #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0) }
            signal.raise()
            #expect(port.wait(for: .priority, timeoutMilliseconds: 1000, wake: signal) == .woken)
        }
        #expect(openDescriptors() == before)
    }
}
