import Foundation
import Testing

@testable import ProfileFormat

/// `camprobe negotiate DEVICE --rate …`: a microphone's (or a camera's paired
/// microphone's) rate, channels and sample format, through `camprobe-fake`.
@Suite("camprobe negotiate for microphones")
struct AudioNegotiateTests {
    static let camParent =
        #"{"parent":{"sysPath":"/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1","bus":"usb","vendorID":"046d","productID":"0826","serial":"8E4B3C60","speed":"480","portPath":"pci-0000:00:14.0-usb-0:1"}}"#
    static let aloopParent =
        #"{"parent":{"sysPath":"/sys/devices/platform/snd_aloop.0","bus":"platform","portPath":"platform-snd_aloop.0"}}"#

    /// A webcam with its microphone (48000 Hz, mono, S16_LE) and a snd-aloop card of its own.
    static let fixture = """
        {"nodes":[{"path":"/dev/video0","driver":"uvcvideo","card":"Mic Cam","busInfo":"usb-0000:00:14.0-1","version":"6.1.0",
         "capabilities":"0x84a00001","deviceCaps":"0x04200001",
         "formats":[{"fourcc":"MJPG","description":"Motion-JPEG","flags":1,"sizes":[{"discrete":"1280x720","intervals":{"discrete":["1/30"]}}]}],
         "activeFormat":{"fourcc":"MJPG","width":1280,"height":720},"frameInterval":"1/30","udev":\(camParent)},
         {"path":"/dev/snd/controlC1","subsystem":"sound","driver":"","card":"","busInfo":"","udev":\(camParent),
          "audio":{"id":"C525","name":"HD Webcam C525","driver":"USB-Audio",
           "pcms":[{"device":0,"name":"USB Audio","formats":["S16_LE"],"channels":"1-1","rates":"48000-48000"}]}},
         {"path":"/dev/snd/controlC2","subsystem":"sound","driver":"","card":"","busInfo":"","udev":\(aloopParent),
          "audio":{"id":"Loopback","name":"Loopback","driver":"Loopback",
           "pcms":[{"device":0,"name":"Loopback PCM","stream":"playback","formats":["S16_LE"],"channels":"1-32","rates":"8000-192000"},
                   {"device":1,"name":"Loopback PCM","subdevices":8,"formats":["S16_LE","S32_LE"],"channels":"1-32","rates":"8000-192000"}]}}]}
        """

    static func run(_ args: String...) throws -> Run {
        try CLI.run(["negotiate"] + args + ["--fixture", try CLI.fixture(fixture)])
    }

    static func schemaIssues(_ text: String) throws -> [String] {
        try OutputSchemaTests.issues("camprobe-audio-negotiate.schema.json", text)
    }

    @Test func cameraMicrophoneAskedForARateItLacksIsAdjustedWithTheReason() throws {
        let r = try Self.run("Mic Cam", "--rate", "44100", "--channels", "1")
        #expect(r.status == 3, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("hw:CARD=C525,DEV=0"), "\(r.stdout)")
        #expect(r.stdout.contains("Decision: ADJUSTED  48000 Hz, 1 channel, S16_LE"), "\(r.stdout)")
        #expect(r.stdout.contains("changed rate: 44100 Hz → 48000 Hz — the hardware does not take 44100 Hz"), "\(r.stdout)")
        let valid = try Self.run("Mic Cam", "--rate", "48000", "--channels", "1", "--sample-format", "s16_le")
        #expect(valid.status == 0 && valid.stdout.contains("Decision: VALID  48000 Hz, 1 channel, S16_LE"), "\(valid.stdout)")
    }

    @Test func strictMakesAdjustedAnErrorNamingTheChanges() throws {
        let r = try Self.run("Mic Cam", "--rate", "44100", "--channels", "2", "--strict")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("--strict: the request was adjusted (rate 44100 Hz → 48000 Hz, channels 2 → 1)"), "\(r.stderr)")
    }

    @Test func standaloneMicrophoneJSONMatchesItsSchema() throws {
        let r = try Self.run("Loopback", "--rate", "48000", "--channels", "2", "--sample-format", "S32_LE", "--json")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.schemaIssues(r.stdout) == [])
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(o["pcm"] as? String == "hw:CARD=Loopback,DEV=1")
        let commands = try #require(o["commands"] as? [String: String])
        #expect(
            commands["ffmpeg"] == "ffmpeg -f alsa -c:a pcm_s32le -sample_rate 48000 -channels 2 -i hw:CARD=Loopback,DEV=1 -c:a copy out.wav"
        )
        #expect(
            commands["gst-launch"]?.hasPrefix("gst-launch-1.0 alsasrc device=hw:CARD=Loopback,DEV=1 ! audio/x-raw,format=S32LE,") == true)
        let adjusted = try Self.run("Loopback", "--rate", "48000", "--channels", "64", "--json")
        #expect(adjusted.status == 3 && adjusted.stdout.contains("\"outcome\" : \"adjusted\""), "\(adjusted.stdout)")
        #expect(try Self.schemaIssues(adjusted.stdout) == [])
    }

    @Test func unsupportedSaysWhyAndItsJSONMatchesTheSchema() throws {
        let r = try Self.run("Mic Cam", "--rate", "48000", "--pcm", "hw:C525,3")
        #expect(r.status == 1 && r.stdout.contains("UNSUPPORTED") && r.stdout.contains("no capture PCM hw:C525,3"), "\(r.stdout)")
        let j = try Self.run("Mic Cam", "--rate", "48000", "--pcm", "7", "--json")
        #expect(j.status == 1)
        #expect(try Self.schemaIssues(j.stdout) == [])
    }

    @Test func emitNamesTheCardByIdAndSaysWhy() throws {
        let ff = try Self.run("Loopback", "--rate", "44100", "--channels", "2", "--emit", "ffmpeg")
        #expect(ff.status == 0, "\(ff.stderr)")
        #expect(ff.stdout == "ffmpeg -f alsa -c:a pcm_s16le -sample_rate 44100 -channels 2 -i hw:CARD=Loopback,DEV=1 -c:a copy out.wav\n")
        #expect(ff.stderr.contains("stays the same across reboots"), "\(ff.stderr)")
        let gst = try Self.run("Mic Cam", "--rate", "48000", "--channels", "1", "--pcm", "hw:CARD=C525,DEV=0", "--emit", "gst")
        #expect(gst.stdout.hasPrefix("gst-launch-1.0 alsasrc device=hw:CARD=C525,DEV=0 ! audio/x-raw,format=S16LE,rate=48000,channels=1"))
    }

    @Test func audioAndVideoOptionsTogetherAreAUsageError() throws {
        let both = try Self.run("Mic Cam", "--rate", "48000", "--size", "1280x720")
        #expect(both.status == 2 && both.stderr.contains("negotiate one at a time"), "\(both.stderr)")
        let camEmit = try Self.run("Mic Cam", "--rate", "48000", "--emit", "v4l2-ctl")
        #expect(camEmit.status == 2, "\(camEmit.stderr)")
        let badFormat = try Self.run("Mic Cam", "--rate", "48000", "--sample-format", "MP3")
        #expect(badFormat.status == 2 && badFormat.stderr.contains("not an ALSA sample format"), "\(badFormat.stderr)")
        let nothing = try Self.run("Mic Cam")
        #expect(nothing.status == 2 && nothing.stderr.contains("--rate"), "\(nothing.stderr)")
        // The camera's own negotiation is unchanged.
        let video = try Self.run("Mic Cam", "--size", "1280x720", "--fps", "30")
        #expect(video.status == 0 && video.stdout.contains("Decision: VALID  MJPG 1280x720 @ 30 fps"), "\(video.stdout)")
    }
}
