import CamProbe
import CamProbeTesting
import Testing

/// ALSA cards: a camera's microphone joins its camera (same USB parent); a card
/// with no camera is a microphone of its own; playback-only cards are not listed.
@Suite("Microphones: ALSA capture cards as linked and standalone devices")
struct AudioGroupingTests {
    static let camParent = usbParent(
        sys: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1", serial: "8E4B3C60",
        port: "pci-0000:00:14.0-usb-0:1", vid: "046d", pid: "0826")

    static func soundNode(_ card: Int, udev: String, audio: String) -> String {
        #"{"path":"/dev/snd/controlC\#(card)","subsystem":"sound","driver":"","card":"","busInfo":"","udev":\#(udev),"audio":\#(audio)}"#
    }

    static let webcamMic =
        #"{"id":"C525","name":"HD Webcam C525","longName":"HD Webcam C525 at usb-0000:00:14.0-1, high speed","driver":"USB-Audio","pcms":[{"device":0,"name":"USB Audio","formats":["S16_LE"],"channels":"1-1","rates":"16000-48000"}]}"#
    static let loopback =
        #"{"id":"Loopback","name":"Loopback","driver":"Loopback","pcms":[{"device":0,"name":"Loopback PCM","subdevices":8,"formats":["S16_LE","S32_LE"],"channels":"1-32","rates":"8000-192000"},{"device":1,"name":"Loopback PCM","subdevices":8,"formats":["S16_LE"],"channels":"1-32","rates":"8000-192000"}]}"#
    static let aloopUdev = #"{"parent":{"sysPath":"/sys/devices/platform/snd_aloop.0","bus":"platform","portPath":"platform-snd_aloop.0"}}"#

    @Test func cameraMicrophoneJoinsItsCamera() throws {
        let nodes = [webcamNode(udev: Self.camParent), Self.soundNode(1, udev: Self.camParent, audio: Self.webcamMic)]
        let r = try Fixtures.system(json: #"{"nodes":["# + nodes.joined(separator: ",") + "]}").discoverAll()
        #expect(r.devices.count == 1)
        let d = try #require(r.devices.first)
        #expect(d.nodes.map(\.role) == ["capture", "audio"])
        #expect(d.audio.map(\.cardID) == ["C525"])
        #expect(d.audio.first?.pcms.first?.alsaName == "hw:CARD=C525,DEV=0")
        #expect(d.audio.first?.pcms.first?.rates == [16000, 22050, 32000, 44100, 48000])
        #expect(d.mediaType == .video)
        #expect(d.id.rawValue == "usb-046d:0826-8E4B3C60")
        #expect(d.modeSummary.last == "hw:CARD=C525,DEV=0 S16_LE 1 ch 16000-48000 Hz")
    }

    @Test func standaloneCardIsAMicrophoneWithAStableID() throws {
        let nodes = [webcamNode(udev: Self.camParent), Self.soundNode(0, udev: Self.aloopUdev, audio: Self.loopback)]
        let r = try Fixtures.system(json: #"{"nodes":["# + nodes.joined(separator: ",") + "]}").discoverAll()
        #expect(r.devices.map(\.id.rawValue) == ["usb-046d:0826-8E4B3C60", "platform-snd_aloop.0"])
        let mic = try #require(r.devices.last)
        #expect(mic.mediaType == .audio)
        #expect(mic.name == "Loopback")
        #expect(mic.captures.isEmpty)
        #expect(mic.audio.first?.pcms.map(\.device) == [0, 1])
        #expect(mic.transport.kind == "platform")
    }

    @Test func playbackOnlyCardsAreNotMicrophones() throws {
        let hdmi = #"{"id":"HDMI","name":"HDA Intel HDMI","pcms":[{"device":3,"name":"HDMI 0","stream":"playback"}]}"#
        let udev = #"{"parent":{"sysPath":"/sys/devices/pci0000:00/0000:00:1f.3","bus":"pci","portPath":"pci-0000:00:1f.3"}}"#
        let r = try Fixtures.system(json: #"{"nodes":["# + Self.soundNode(0, udev: udev, audio: hdmi) + "]}").discoverAll()
        #expect(r.devices.isEmpty)
    }

    @Test func unreadableCardSaysWhichGroupToJoin() throws {
        let denied = #"{"id":"X","name":"X","openError":"EACCES","pcms":[]}"#
        let r = try Fixtures.system(json: #"{"nodes":["# + Self.soundNode(2, udev: Self.aloopUdev, audio: denied) + "]}").discoverAll()
        let p = try #require(r.devices.first?.allProblems.first)
        #expect(p.kind == "access")
        #expect(p.message.contains("'audio' group"))
    }

    @Test func busyPCMIsReportedNotFatal() throws {
        let busy = #"{"id":"Dummy","name":"Dummy","pcms":[{"device":0,"name":"Dummy PCM","openError":"EBUSY"}]}"#
        let r = try Fixtures.system(json: #"{"nodes":["# + Self.soundNode(0, udev: Self.aloopUdev, audio: busy) + "]}").discoverAll()
        let pcm = try #require(r.devices.first?.audio.first?.pcms.first)
        #expect(pcm.formats.isEmpty)
        #expect(pcm.problems.map(\.kind) == ["busy"])
        #expect(pcm.summary == "(busy)")
    }

    @Test func vanishedCardIsSkipped() throws {
        // udev listed controlC3 but libasound no longer has card 3 (unplugged in between).
        let node = #"{"path":"/dev/snd/controlC3","subsystem":"sound","driver":"","card":"","busInfo":"","udev":\#(Self.aloopUdev)}"#
        let r = try Fixtures.system(json: #"{"nodes":["# + node + "]}").discoverAll()
        #expect(r.devices.isEmpty)
    }
}
