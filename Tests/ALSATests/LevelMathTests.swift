import ALSA
import ALSATesting
import Foundation
import Testing

/// Level arithmetic as AVCaptureAudioChannel reports it: a full-scale square is
/// 0 dBFS, a full-scale sine averages −3.01 and peaks at 0; silence is nil.
@Suite("Microphone levels: dBFS math, sample formats, the meter's read loop")
struct LevelMathTests {
    /// `frames` frames of a 1 kHz sine at 48 kHz with peak `amplitude` (a whole number of periods).
    static func sine(_ amplitude: Double, frames: Int = 4800) -> [Double] {
        (0..<frames).map { amplitude * sin(2 * Double.pi * 1000 * Double($0) / 48000) }
    }

    static func square(_ amplitude: Double, frames: Int = 4800) -> [Double] {
        (0..<frames).map { ($0 / 24) % 2 == 0 ? amplitude : -amplitude }
    }

    static func interleave(_ channels: [[Double]]) -> [Double] {
        (0..<channels[0].count).flatMap { f in channels.map { $0[f] } }
    }

    @Test func fullScaleSquareIsZeroDBFS() throws {
        let c = try #require(AudioLevelMath.levels(interleaved: Self.square(1), channels: 1).first)
        #expect(try #require(c.averagePowerLevel) == 0)
        #expect(try #require(c.peakHoldLevel) == 0)
    }

    @Test func fullScaleSineAveragesMinus3() throws {
        let c = try #require(AudioLevelMath.levels(interleaved: Self.sine(1), channels: 1).first)
        #expect(abs(try #require(c.averagePowerLevel) + 3.0103) < 0.01)
        #expect(abs(try #require(c.peakHoldLevel)) < 1e-9)
    }

    @Test func minus20DBFSSine() throws {
        let c = try #require(AudioLevelMath.levels(interleaved: Self.sine(0.1), channels: 1).first)
        #expect(abs(try #require(c.averagePowerLevel) + 23.0103) < 0.01)
        #expect(abs(try #require(c.peakHoldLevel) + 20) < 1e-9)
    }

    @Test func silenceIsNil() {
        let levels = AudioLevelMath.levels(interleaved: Array(repeating: 0, count: 960), channels: 2)
        #expect(
            levels == [AudioChannelLevel(averagePowerLevel: nil, peakHoldLevel: nil), .init(averagePowerLevel: nil, peakHoldLevel: nil)])
        #expect(AudioLevelMath.decibels(0) == nil)
    }

    @Test func channelsAreIndependent() throws {
        let samples = Self.interleave([Self.sine(1), Self.sine(0.1), Array(repeating: 0, count: 4800), Self.square(0.5)])
        let l = AudioLevelMath.levels(interleaved: samples, channels: 4)
        #expect(l.count == 4)
        #expect(abs(try #require(l[0].averagePowerLevel) + 3.0103) < 0.01)
        #expect(abs(try #require(l[1].averagePowerLevel) + 23.0103) < 0.01)
        #expect(abs(try #require(l[1].peakHoldLevel) + 20) < 1e-9)
        #expect(l[2].averagePowerLevel == nil && l[2].peakHoldLevel == nil)
        #expect(abs(try #require(l[3].averagePowerLevel) + 6.0206) < 0.01)
    }

    @Test func takeResets() {
        var a = AudioLevelAccumulator(channels: 1)
        Self.sine(1).withUnsafeBufferPointer { a.add(interleaved: $0) }
        #expect(a.frames == 4800)
        _ = a.take()
        #expect(a.frames == 0)
        #expect(a.take().first?.peakHoldLevel == nil)
    }

    /// Every format, through its bytes: the same signal reads the same levels.
    @Test(arguments: AudioSampleFormat.allCases)
    func eachSampleFormat(_ format: AudioSampleFormat) throws {
        let tolerance = format == .u8 ? 0.2 : 0.01
        let samples = Self.interleave([Self.sine(1), Self.sine(0.1), Self.square(1)])
        let bytes = samples.flatMap { format.encode($0) }
        #expect(bytes.count == samples.count * format.bytesPerSample)
        var a = AudioLevelAccumulator(channels: 3)
        bytes.withUnsafeBytes { a.add($0, format: format, frames: 4800) }
        let l = a.take()
        #expect(abs(try #require(l[0].averagePowerLevel) + 3.0103) < tolerance, "\(format)")
        #expect(abs(try #require(l[0].peakHoldLevel)) < tolerance, "\(format)")
        #expect(abs(try #require(l[1].averagePowerLevel) + 23.0103) < tolerance * 2, "\(format)")
        #expect(abs(try #require(l[1].peakHoldLevel) + 20) < tolerance * 2, "\(format)")
        #expect(abs(try #require(l[2].averagePowerLevel)) < tolerance, "\(format)")
        #expect(abs(try #require(l[2].peakHoldLevel)) < tolerance, "\(format)")
    }

    @Test func mostNegativeCodeIsFullScale() {
        let s16: [UInt8] = [0x00, 0x80]
        #expect(s16.withUnsafeBytes { AudioSampleFormat.s16LE.sample($0, at: 0) } == -1)
        let s24: [UInt8] = [0x00, 0x00, 0x80, 0x00]  // bit 23 set, top byte ignored
        #expect(s24.withUnsafeBytes { AudioSampleFormat.s24LE.sample($0, at: 0) } == -1)
        let u8: [UInt8] = [0]
        #expect(u8.withUnsafeBytes { AudioSampleFormat.u8.sample($0, at: 0) } == -1)
    }

    @Test func pcmNames() {
        #expect(PCMName("hw:1,0") == PCMName(card: "card1", device: 0, subdevice: nil))
        #expect(PCMName("plughw:Loopback,1,0") == PCMName(card: "Loopback", device: 1, subdevice: 0))
        #expect(PCMName("hw:CARD=C525,DEV=0") == PCMName(card: "C525", device: 0, subdevice: nil))
        #expect(PCMName("hw:Loopback,1,0")?.procDirectory == "/proc/asound/Loopback/pcm1c")
        #expect(PCMName("default") == nil)
        #expect(PCMName("hw:../x,0") == nil)
    }

    @Test func holderFromProc() {
        let files: [String: String] = [
            "/proc/asound/Loopback/pcm1c/sub0/status": "state: RUNNING\nowner_pid   : 4242\ntrigger_time: 1.0\n",
            "/proc/4242/cmdline": "arecord\0-D\0hw:Loopback,1,0\0-f\0S16_LE\0",
            "/proc/asound/card1/pcm0c/sub0/status": "closed\n",
        ]
        let lookup = PCMHolderLookup(readFile: { files[$0] })
        #expect(
            lookup.holders(of: "hw:Loopback,1,0") == [
                PCMHolder(pid: 4242, command: "arecord -D hw:Loopback,1,0 -f S16_LE", statusPath: "/proc/asound/Loopback/pcm1c/sub0/status")
            ])
        #expect(lookup.holders(of: "hw:1,0").isEmpty)
        #expect(lookup.holders(of: "default").isEmpty)
    }

    // The meter against the fake libasound.

    static func port(_ pcm: String) throws -> any ALSAPort {
        let json =
            #"{"nodes":[{"path":"/dev/snd/controlC1","subsystem":"sound","driver":"","card":"","busInfo":"","udev":{"parent":{"sysPath":"/sys/devices/platform/snd_aloop.0","bus":"platform","portPath":"platform-snd_aloop.0"}},"audio":{"id":"Loopback","name":"Loopback","pcms":[\#(pcm)]}}]}"#
        return try Fixtures.alsa(json: json)
    }

    static func collect(_ meter: AudioLevelMeter, max: Int) async -> ([AudioLevels], (any Error)?) {
        var out: [AudioLevels] = []
        do {
            for try await r in meter.readings() {
                out.append(r)
                if out.count >= max { break }
            }
        } catch {
            return (out, error)
        }
        return (out, nil)
    }

    @Test func meterReadsTenPerSecond() async throws {
        let port = try Self.port(#"{"device":1,"name":"Loopback PCM","levels":[0,-20,null]}"#)
        let (readings, error) = await Self.collect(AudioLevelMeter(pcm: "hw:Loopback,1,0", port: port), max: 5)
        #expect(error == nil)
        #expect(readings.count == 5)
        let r = try #require(readings.last)
        #expect(r.frames == 4800)
        #expect(r.channels.count == 3)
        #expect(abs(try #require(r.channels[0].averagePowerLevel) + 3.01) < 0.01)
        #expect(abs(try #require(r.channels[1].peakHoldLevel) + 20) < 0.01)
        #expect(r.channels[2].averagePowerLevel == nil)
    }

    @Test func meterCountsXruns() async throws {
        let port = try Self.port(#"{"device":0,"name":"p","levels":[-6],"xrunEveryFrames":4800,"realTime":true}"#)
        let (readings, error) = await Self.collect(AudioLevelMeter(pcm: "hw:1,0", port: port), max: 4)
        #expect(error == nil)
        // One overrun per 100 ms reading; a consumer the loaded test pool delays may see later
        // readings (the stream keeps the newest 32), so: at least 3, never decreasing, and the
        // level after each recovery still right.
        let counts = readings.map(\.xruns)
        #expect(counts.count == 4 && counts[3] >= 3, "\(counts)")
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }, "\(counts)")
        #expect(readings.allSatisfy { abs(($0.channels[0].averagePowerLevel ?? 0) + 9.01) < 0.05 }, "\(readings.map(\.channels))")
    }

    @Test func deviceGoneEndsTheStream() async throws {
        let port = try Self.port(#"{"device":0,"name":"p","levels":[-6],"goneAfterFrames":12000}"#)
        let (readings, error) = await Self.collect(AudioLevelMeter(pcm: "hw:1,0", port: port), max: 100)
        #expect(readings.count == 2)
        let e = try #require(error as? AudioLevelMeterError)
        #expect(e.kind == .deviceGone)
        #expect(e.message.contains("went away"))
    }

    @Test func busyNamesTheHolder() async throws {
        let port = try Self.port(#"{"device":0,"name":"p","openError":"EBUSY"}"#)
        let lookup = PCMHolderLookup(readFile: {
            ["/proc/asound/card1/pcm0c/sub0/status": "owner_pid   : 77\n", "/proc/77/cmdline": "arecord\0-D\0hw:1,0\0"][$0]
        })
        let (readings, error) = await Self.collect(AudioLevelMeter(pcm: "hw:1,0", port: port, holderLookup: lookup), max: 1)
        #expect(readings.isEmpty)
        let e = try #require(error as? AudioLevelMeterError)
        #expect(e.kind == .busy)
        #expect(e.holders.map(\.pid) == [77])
        #expect(e.message == "hw:1,0 is busy: held by pid 77 (arecord -D hw:1,0)")
    }

    @Test func cancellingStopsTheThread() async throws {
        // Hardware-paced: about 10 readings a second until the consumer is cancelled; then the stream ends.
        let port = try Self.port(#"{"device":0,"name":"p","levels":[-6],"realTime":true}"#)
        let task = Task { await Self.collect(AudioLevelMeter(pcm: "hw:1,0", port: port), max: .max) }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let (readings, error) = await task.value
        #expect(readings.count < 10)
        #expect(error == nil)
    }
}
