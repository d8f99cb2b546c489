import ALSA
import CamProbe
import CamProbeTesting
import Foundation
import HostSystem
import Synchronization
import Testing

/// `AudioBufferStream`, read through a `Microphone`, against the fake libasound: a 1 kHz sine per channel at the
/// fixture's peak level, S16_LE, 48 kHz, 2400-frame (50 ms) periods; the fake dates
/// frames with a virtual clock started at `snd_pcm_open` (frame k at open + k / rate).
@Suite("Audio buffers as they arrive: timestamps, samples, sequence, drops, overruns, unplug, cancel")
struct AudioBufferStreamTests {
    static func port(_ pcm: String) throws -> any ALSAPort {
        let json =
            #"{"nodes":[{"path":"/dev/snd/controlC1","subsystem":"sound","driver":"","card":"","busInfo":"","udev":{"parent":{"sysPath":"/sys/devices/platform/snd_aloop.0","bus":"platform","portPath":"platform-snd_aloop.0"}},"audio":{"id":"Loopback","name":"Loopback","pcms":[\#(pcm)]}}]}"#
        return try Fixtures.system(json: json).alsa
    }

    struct TimedOut: Error {}

    /// `body`, or `TimedOut` after `seconds` (the body is then cancelled).
    static func within<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw TimedOut() }
            return value
        }
    }

    /// Up to `max` buffers (then `break`), and the error that ended the stream; at most 60 s (a hang guard:
    /// a queue of 1024 by default, so a consumer descheduled for seconds on a loaded machine loses nothing;
    /// the whole suite runs in parallel on 2 cores, where 10 s was once not enough).
    static func collect(
        _ source: AudioBufferStream, maxQueued: Int = 1024, max: Int, pause: Duration = .zero
    ) async throws -> ([AudioBuffer], MicrophoneError?) {
        try await collect(
            Microphone(source: source, id: DeviceID(source.pcm), name: "Loopback"), maxQueued: maxQueued, max: max, pause: pause)
    }

    /// `collect(_:…)` from `microphone`'s buffers.
    static func collect(
        _ microphone: Microphone, maxQueued: Int = 1024, max: Int, pause: Duration = .zero
    ) async throws -> ([AudioBuffer], MicrophoneError?) {
        try await within(60) {
            var out: [AudioBuffer] = []
            let stream = try microphone.buffers(maxQueued: maxQueued)
            if pause > .zero { try await Task.sleep(for: pause) }
            do throws(MicrophoneError) {
                for try await b in stream {
                    out.append(b)
                    if out.count >= max { break }
                }
            } catch {
                return (out, error)
            }
            return (out, nil)
        }
    }

    /// Counts PCMs opened and released (`snd_pcm_close` happens on release) and read threads ended.
    final class Probe: Sendable {
        let opened = Atomic<Int>(0)
        let closed = Atomic<Int>(0)
        let threadsEnded = Atomic<Int>(0)

        var spawn: DedicatedThread.Spawner {
            { [self] body in
                DedicatedThread.spawn {
                    body()
                    self.threadsEnded.add(1, ordering: .sequentiallyConsistent)
                }
            }
        }

        /// Polls `condition` for up to `seconds`.
        func eventually(_ seconds: Double, _ condition: () -> Bool) async -> Bool {
            for _ in 0..<Int(seconds * 100) {
                if condition() { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return condition()
        }
    }

    struct ProbePort: ALSAPort {
        let inner: any ALSAPort
        let probe: Probe
        func cardInfo(_ card: Int32) throws(ALSAError) -> ALSACardInfo { try inner.cardInfo(card) }
        func capturePCMs(_ card: Int32) throws(ALSAError) -> [ALSAPCMInfo] { try inner.capturePCMs(card) }
        func hardwareRanges(card: Int32, device: Int32) throws(ALSAError) -> ALSAHardwareRanges {
            try inner.hardwareRanges(card: card, device: device)
        }
        func openCapture(_ pcm: String, _ request: PCMCaptureRequest) throws(ALSAError) -> any PCMCaptureSource {
            let source = try inner.openCapture(pcm, request)
            probe.opened.add(1, ordering: .sequentiallyConsistent)
            return ProbeSource(inner: source, probe: probe)
        }
    }

    final class ProbeSource: PCMCaptureSource {
        let inner: any PCMCaptureSource
        let probe: Probe
        init(inner: any PCMCaptureSource, probe: Probe) {
            self.inner = inner
            self.probe = probe
        }
        var format: PCMStreamFormat { inner.format }
        func read(into buffer: UnsafeMutableRawPointer, frames: Int, timeoutMilliseconds: Int32) -> Int {
            inner.read(into: buffer, frames: frames, timeoutMilliseconds: timeoutMilliseconds)
        }
        func recover(_ code: Int32) -> Int32 { inner.recover(code) }
        func delay() -> PCMDelay? { inner.delay() }
        deinit { probe.closed.add(1, ordering: .sequentiallyConsistent) }
    }

    static func peakDBFS(_ buffers: [AudioBuffer], channel: Int) -> Double {
        var peak = 0.0
        for b in buffers {
            for f in 0..<b.frameCount { peak = max(peak, abs(b.sample(frame: f, channel: channel))) }
        }
        return 20 * log10(peak)
    }

    @Test func timestampsAreSpacedByTheRate() async throws {
        let port = try Self.port(#"{"device":0,"name":"p","levels":[-6,-20],"realTime":true}"#)
        let before = monotonicNanoseconds()
        let (buffers, error) = try await Self.collect(AudioBufferStream(pcm: "hw:1,0", port: port), max: 6)
        let after = monotonicNanoseconds()
        #expect(error == nil)
        try #require(buffers.count == 6)
        #expect(buffers.map(\.sequence) == [0, 1, 2, 3, 4, 5])
        #expect(buffers.allSatisfy { !$0.discontinuity && $0.framesLost == nil })
        #expect(buffers.allSatisfy { $0.frameCount == 2400 && $0.format.rate == 48000 && $0.format.channels == 2 })
        for (a, b) in zip(buffers, buffers.dropFirst()) {
            #expect(b.timestampNanoseconds > a.timestampNanoseconds)
            let spacing = Double(b.timestampNanoseconds - a.timestampNanoseconds)
            let expected = Double(a.frameCount) / Double(a.format.rate) * 1e9
            #expect(abs(spacing - expected) < 1e6, "spacing \(spacing) ns, expected \(expected) ns")
        }
        // The same clock as CLOCK_MONOTONIC: the first frame was captured after the PCM
        // opened (within this test), the last before the test stopped reading.
        let first = try #require(buffers.first).timestampNanoseconds
        let last = try #require(buffers.last)
        #expect(first >= before && first <= after, "\(before) ≤ \(first) ≤ \(after)")
        #expect(last.timestampNanoseconds + last.durationNanoseconds <= after)
    }

    @Test func samplesAreTheFixtureSine() async throws {
        let port = try Self.port(#"{"device":0,"name":"p","levels":[-6,-20,null],"realTime":true}"#)
        let (buffers, error) = try await Self.collect(AudioBufferStream(pcm: "hw:Loopback,0", port: port), max: 3)
        #expect(error == nil)
        try #require(buffers.count == 3)
        for b in buffers {
            #expect(b.format.format == .s16LE)
            #expect(b.bytes.count == b.frameCount * 3 * 2)
        }
        #expect(abs(Self.peakDBFS(buffers, channel: 0) + 6) < 0.5)
        #expect(abs(Self.peakDBFS(buffers, channel: 1) + 20) < 0.5)
        #expect(buffers.allSatisfy { b in (0..<b.frameCount).allSatisfy { b.sample(frame: $0, channel: 2) == 0 } })
        // 1 kHz: a quarter period (12 frames at 48 kHz) after a zero crossing is the peak.
        let b = try #require(buffers.first)
        #expect(abs(b.sample(frame: 0, channel: 0)) < 1e-3)
        #expect(abs(20 * log10(b.sample(frame: 12, channel: 0)) + 6) < 0.01)
    }

    @Test func aSlowConsumerLosesTheOldestAndIsTold() async throws {
        // Not paced: the fake delivers as fast as it is read, so a queue of 4 overflows at once.
        let port = try Self.port(#"{"device":0,"name":"p","levels":[-6]}"#)
        let (buffers, error) = try await Self.collect(
            AudioBufferStream(pcm: "hw:1,0", port: port), maxQueued: 4, max: 40, pause: .milliseconds(300))
        #expect(error == nil)
        try #require(buffers.count == 40)
        let first = buffers[0]
        #expect(first.sequence > 0)
        #expect(first.discontinuity)
        #expect(first.framesLost == Int(first.sequence) * first.frameCount)
        for (a, b) in zip(buffers, buffers.dropFirst()) {
            #expect(b.sequence > a.sequence)
            let gap = Int(b.sequence - a.sequence) - 1
            #expect(b.discontinuity == (gap > 0), "\(a.sequence) → \(b.sequence)")
            if gap > 0 { #expect(b.framesLost == gap * b.frameCount) }
        }
    }

    @Test func anOverrunMarksTheNextBuffer() async throws {
        // One overrun (-EPIPE) every 4800 frames: after every second buffer.
        let port = try Self.port(#"{"device":0,"name":"p","levels":[-6],"xrunEveryFrames":4800,"realTime":true}"#)
        let (buffers, error) = try await Self.collect(AudioBufferStream(pcm: "hw:1,0", port: port), max: 7)
        #expect(error == nil)
        try #require(buffers.count == 7)
        #expect(buffers.map(\.sequence) == [0, 1, 2, 3, 4, 5, 6])
        #expect(buffers.map(\.discontinuity) == [false, false, true, false, true, false, true])
        // The fake's clock shows no gap at an overrun: none lost by the timestamps.
        #expect(buffers.filter(\.discontinuity).allSatisfy { $0.framesLost == 0 })
        #expect(abs(Self.peakDBFS(buffers, channel: 0) + 6) < 0.5)
    }

    @Test func unpluggedEndsWithDeviceGone() async throws {
        let probe = Probe()
        let port = ProbePort(inner: try Self.port(#"{"device":0,"name":"p","levels":[-6],"goneAfterFrames":12000}"#), probe: probe)
        let (buffers, error) = try await Self.collect(
            AudioBufferStream(pcm: "hw:1,0", port: port, spawn: probe.spawn), max: 100)
        #expect(buffers.count == 5)
        #expect(buffers.map(\.frameCount).reduce(0, +) == 12000)
        let e = try #require(error)  // a MicrophoneError, typed: no cast
        #expect(e.kind == .disconnected)
        #expect(e.message.contains("went away"))
        #expect(e.underlying?.errno == ENODEV)
        // The PCM was closed before the stream ended.
        #expect(probe.opened.load(ordering: .sequentiallyConsistent) == 1)
        #expect(probe.closed.load(ordering: .sequentiallyConsistent) == 1)
    }

    @Test func busyNamesTheHolder() async throws {
        let port = try Self.port(#"{"device":0,"name":"p","openError":"EBUSY"}"#)
        let lookup = PCMHolderLookup(readFile: {
            ["/proc/asound/card1/pcm0c/sub0/status": "owner_pid   : 77\n", "/proc/77/cmdline": "arecord\0-D\0hw:1,0\0"][$0]
        })
        let (buffers, error) = try await Self.collect(AudioBufferStream(pcm: "hw:1,0", port: port, holderLookup: lookup), max: 1)
        #expect(buffers.isEmpty)
        let e = try #require(error)
        #expect(e.kind == .busy)
        #expect(e.holders.map(\.pid) == [77] && e.holders.map(\.commandLine) == ["arecord -D hw:1,0"])
        #expect(e.message == "hw:1,0 is busy: held by pid 77 (arecord -D hw:1,0)")
    }

    @Test func cancellingStopsTheThreadAndClosesThePCM() async throws {
        let probe = Probe()
        let port = ProbePort(inner: try Self.port(#"{"device":0,"name":"p","levels":[-6],"realTime":true}"#), probe: probe)
        let stream = AudioBufferStream(pcm: "hw:1,0", port: port, spawn: probe.spawn)
        let task = Task { try await Self.collect(stream, max: .max) }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let (buffers, error) = try await Self.within(5) { try await task.value }
        #expect(error == nil)
        #expect(buffers.count < 20)
        #expect(await probe.eventually(2) { probe.threadsEnded.load(ordering: .sequentiallyConsistent) == 1 })
        #expect(probe.opened.load(ordering: .sequentiallyConsistent) == 1)
        #expect(probe.closed.load(ordering: .sequentiallyConsistent) == 1)
    }

    @Test func leavingTheLoopStopsTheThread() async throws {
        // `break` out of the loop (no task cancelled): dropping the stream stops the read thread.
        let probe = Probe()
        let port = ProbePort(inner: try Self.port(#"{"device":0,"name":"p","levels":[-6],"realTime":true}"#), probe: probe)
        let (buffers, error) = try await Self.collect(AudioBufferStream(pcm: "hw:1,0", port: port, spawn: probe.spawn), max: 2)
        #expect(error == nil)
        #expect(buffers.count == 2)
        #expect(await probe.eventually(2) { probe.threadsEnded.load(ordering: .sequentiallyConsistent) == 1 })
        #expect(probe.closed.load(ordering: .sequentiallyConsistent) == 1)
    }

    @Test func aDevicesMicrophoneThroughTheFacade() async throws {
        // As `camprobe levels DEVICE` picks it: the first capture PCM of the device's first card.
        let json =
            #"{"nodes":[{"path":"/dev/snd/controlC1","subsystem":"sound","driver":"","card":"","busInfo":"","udev":{"parent":{"sysPath":"/sys/devices/platform/snd_aloop.0","bus":"platform","portPath":"platform-snd_aloop.0"}},"audio":{"id":"Loopback","name":"Loopback","pcms":[{"device":0,"name":"p","channels":"1-2","rates":"8000-48000","formats":["S16_LE"],"levels":[-12],"realTime":true}]}}]}"#
        let system = try Fixtures.system(json: json)
        let devices = DeviceDiscovery(system: system).discover().devices
        let device = try #require(devices.first { !$0.audio.isEmpty })
        let microphone = try Microphone.open(device, system: system)
        #expect(microphone.pcm == "hw:CARD=Loopback,DEV=0" && microphone.id == device.id)
        let (buffers, error) = try await Self.collect(microphone, max: 2)
        #expect(error == nil)
        #expect(buffers.map(\.sequence) == [0, 1])
        #expect(abs(Self.peakDBFS(buffers, channel: 0) + 12) < 0.5)
        var silent = device
        silent.audio = []
        #expect(throws: MicrophoneError.self) { try Microphone.open(silent, system: system) }
    }
}
