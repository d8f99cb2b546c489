import ALSA
import ALSATesting
import CaptureModel
import Testing

/// `AudioCardReader` against the fake libasound: what one card's capture side becomes.
@Suite struct AudioCardReaderTests {
    /// Cards 1 (a microphone with an absurd range, a playback PCM and a busy PCM), 2 (playback only)
    /// and 3 (not readable); no card 4.
    static func port() throws -> any ALSAPort {
        func card(_ n: Int, _ audio: String) -> String {
            #"{"path":"/dev/snd/controlC\#(n)","subsystem":"sound","driver":"","card":"","busInfo":"","audio":\#(audio)}"#
        }
        let mic = #"""
            {"id":"Mic","name":"USB Mic","longName":"Vendor USB Mic at usb-1","driver":"USB-Audio","pcms":[
             {"device":0,"name":"USB Audio","formats":["S16_LE","S24_3LE"],"channels":"1-512","rates":"8000-1000000"},
             {"device":1,"name":"Speaker","stream":"playback","channels":"2-2","rates":"48000-48000"},
             {"device":2,"name":"Busy","openError":"EBUSY"}]}
            """#
        let speaker = #"{"id":"Spk","name":"Speaker","pcms":[{"device":0,"name":"Out","stream":"playback"}]}"#
        let locked = #"{"id":"Locked","name":"Locked","openError":"EACCES","pcms":[{"device":0,"name":"In"}]}"#
        let json = "{\"nodes\":[" + [card(1, mic), card(2, speaker), card(3, locked)].joined(separator: ",") + "]}"
        return try Fixtures.alsa(json: json)
    }

    @Test func cardNumberComesFromTheControlNode() throws {
        #expect(AudioCardReader.cardNumber(controlPath: "/dev/snd/controlC2") == 2)
        #expect(AudioCardReader.cardNumber(controlPath: "/dev/snd/controlC17") == 17)
        #expect(AudioCardReader.cardNumber(controlPath: "/dev/snd/pcmC2D0c") == nil)
        #expect(AudioCardReader.cardNumber(controlPath: "/dev/snd/controlCx") == nil)
        #expect(AudioCardReader.read(controlPath: "/dev/snd/pcmC1D0c", port: try Self.port()) == nil)
    }

    @Test func captureSideIsReadAndOutOfBoundRangesAreClamped() throws {
        let card = try #require(AudioCardReader.read(controlPath: "/dev/snd/controlC1", port: try Self.port()))
        #expect(card.card == 1)
        #expect(card.cardID == "Mic")
        #expect(card.name == "USB Mic")
        #expect(card.longName == "Vendor USB Mic at usb-1")
        #expect(card.driver == "USB-Audio")
        #expect(card.problems.isEmpty)
        // Only capture PCMs, in the card's order; the playback one is not a microphone.
        #expect(card.pcms.map(\.device) == [0, 2])
        let pcm = card.pcms[0]
        #expect(pcm.alsaName == "hw:CARD=Mic,DEV=0")
        #expect(pcm.formats == ["S16_LE", "S24_3LE"])
        #expect(pcm.minChannels == 1)
        #expect(pcm.maxChannels == AudioLimits.maxChannels)
        #expect(pcm.minRate == 8000)
        #expect(pcm.maxRate == AudioLimits.maxRate)
        #expect(pcm.rates == [8000, 11025, 16000, 22050, 32000, 44100, 48000, 96000])
        #expect(pcm.problems.map(\.kind) == [.invalidValue])
        #expect(pcm.problems.first?.message == "hw:1,0 reports up to 512 channels and 1000000 Hz; clamped")
        #expect(pcm.summary == "S16_LE 1-256 ch 8000-768000 Hz")
    }

    @Test func aPCMThatCannotBeOpenedKeepsItsPlaceWithItsProblem() throws {
        let card = try #require(AudioCardReader.read(controlPath: "/dev/snd/controlC1", port: try Self.port()))
        let busy = try #require(card.pcms.last)
        #expect(busy.device == 2)
        #expect(busy.alsaName == "hw:CARD=Mic,DEV=2")
        #expect(busy.minChannels == nil && busy.maxRate == nil && busy.formats.isEmpty)
        #expect(busy.problems.map(\.kind) == [.busy])
        #expect(busy.problems.first?.call == "snd_pcm_open")
        #expect(busy.summary == "(busy)")
    }

    @Test func aPlaybackOnlyCardIsNoMicrophone() throws {
        #expect(AudioCardReader.read(controlPath: "/dev/snd/controlC2", port: try Self.port()) == nil)
    }

    @Test func anUnreadableCardIsKeptWithWhy() throws {
        let card = try #require(AudioCardReader.read(controlPath: "/dev/snd/controlC3", port: try Self.port()))
        #expect(card.card == 3)
        #expect(card.name == "ALSA card 3")
        #expect(card.cardID.isEmpty && card.pcms.isEmpty)
        #expect(card.problems.map(\.kind) == [.access])
        #expect(card.problems.first?.call == "snd_ctl_open")
    }

    @Test func aCardThatWentAwayIsSkipped() throws {
        // No card 4: the fake answers ENODEV, as libasound does for a card unplugged between listing and reading.
        #expect(AudioCardReader.read(controlPath: "/dev/snd/controlC4", port: try Self.port()) == nil)
    }
}
