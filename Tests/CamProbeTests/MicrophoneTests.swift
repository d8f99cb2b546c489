import ALSA
import CamProbe
import CamProbeTesting
import Foundation
import Synchronization
import Testing

/// The `Microphone` handle against the fake libasound (a 1 kHz sine per channel at the fixture's peak level,
/// S16_LE, 48 kHz, 2400-frame periods): opened from a device, its buffers and levels, its errors in
/// `CaptureDeviceError`'s kinds, and `close()`.
@Suite("Microphone: open from a device, buffers, levels, busy, unplug, close")
struct MicrophoneTests {
    typealias Support = AudioBufferStreamTests

    /// A machine with one USB-less sound card whose first capture PCM is `pcm` (fixture JSON).
    static func device(_ pcm: String) throws -> (Device, any DeviceSystem) {
        let json =
            #"{"nodes":[{"path":"/dev/snd/controlC1","subsystem":"sound","driver":"","card":"","busInfo":"","udev":{"parent":{"sysPath":"/sys/devices/platform/snd_aloop.0","bus":"platform","portPath":"platform-snd_aloop.0"}},"audio":{"id":"Loopback","name":"Loopback","pcms":[\#(pcm)]}}]}"#
        let system = try Fixtures.system(json: json)
        let device = try #require(DeviceDiscovery(system: system).discover().devices.first { !$0.audio.isEmpty })
        return (device, system)
    }

    @Test func openedFromADeviceItsBuffersArriveAndTheirLevelsAreRead() async throws {
        let (device, system) = try Self.device(
            #"{"device":0,"name":"p","channels":"1-2","rates":"8000-48000","formats":["S16_LE"],"levels":[-6,-20],"realTime":true}"#)
        let microphone = try Microphone.open(device, system: system)
        #expect(microphone.levels.isEmpty, "no buffer yet")
        let (buffers, error) = try await Support.collect(microphone, max: 4)
        #expect(error == nil)
        #expect(buffers.map(\.sequence) == [0, 1, 2, 3])
        // The fixture's sine: peak at its level, RMS 3.01 dB below (a sine's crest factor, √2).
        let levels = microphone.levels
        try #require(levels.count == 2)
        #expect(abs((levels[0].peakHoldLevel ?? 0) + 6) < 0.5 && abs((levels[1].peakHoldLevel ?? 0) + 20) < 0.5, "\(levels)")
        #expect(abs((levels[0].averagePowerLevel ?? 0) + 9.01) < 0.5, "\(levels)")
        #expect(microphone.levels.isEmpty, "read once: the next read covers the buffers after it")
        microphone.close()
    }

    @Test func busyNamesTheHolderInTheRecordersKinds() async throws {
        let port = try Support.port(#"{"device":0,"name":"p","openError":"EBUSY"}"#)
        let lookup = PCMHolderLookup(readFile: {
            ["/proc/asound/card1/pcm0c/sub0/status": "owner_pid   : 77\n", "/proc/77/cmdline": "arecord\0-D\0hw:1,0\0"][$0]
        })
        let id = DeviceID("usb-1d6b:0102-CP0001")
        let microphone = Microphone(source: AudioBufferStream(pcm: "hw:1,0", port: port, holderLookup: lookup), id: id, name: "gadget")
        let (buffers, error) = try await Support.collect(microphone, max: 1)
        #expect(buffers.isEmpty)
        let e = try #require(error)
        #expect(e.kind == CaptureDeviceError.Kind.busy && e.id == id && e.pcm == "hw:1,0")
        #expect(e.holders == [NodeHolder(pid: 77, commandLine: "arecord -D hw:1,0")])
        #expect(e.message == "hw:1,0 is busy: held by pid 77 (arecord -D hw:1,0)")
    }

    @Test func unplugGivesDisconnected() async throws {
        let (device, system) = try Self.device(
            #"{"device":0,"name":"p","channels":"1-2","rates":"8000-48000","formats":["S16_LE"],"levels":[-6],"goneAfterFrames":4800}"#)
        let microphone = try Microphone.open(device, system: system)
        let (buffers, error) = try await Support.collect(microphone, max: 100)
        #expect(buffers.count == 2)
        let e = try #require(error)
        #expect(e.kind == .disconnected && e.id == device.id && e.underlying?.errno == ENODEV)
    }

    @Test func closeStopsTheThreadAndLaterCallsThrowClosed() async throws {
        let probe = Support.Probe()
        let port = Support.ProbePort(inner: try Support.port(#"{"device":0,"name":"p","levels":[-6],"realTime":true}"#), probe: probe)
        let microphone = Microphone(
            source: AudioBufferStream(pcm: "hw:1,0", port: port, spawn: probe.spawn), id: DeviceID("mic"), name: "mic")
        let loop = Task { try await Support.collect(microphone, max: .max) }
        #expect(await probe.eventually(5) { probe.opened.load(ordering: .sequentiallyConsistent) == 1 })
        microphone.close()
        let (buffers, error) = try await Support.within(5) { try await loop.value }
        #expect(error == nil, "close ends the loop without an error")
        #expect(buffers.count < 100)
        #expect(await probe.eventually(2) { probe.threadsEnded.load(ordering: .sequentiallyConsistent) == 1 })
        #expect(probe.closed.load(ordering: .sequentiallyConsistent) == 1)
        #expect(
            throws: MicrophoneError(
                kind: .closed, id: DeviceID("mic"), pcm: "hw:1,0", message: "the handle on mic's microphone (hw:1,0) was closed")
        ) {
            _ = try microphone.buffers()
        }
    }
}
