import CaptureModel
import Negotiation
import Testing

/// Audio negotiation: a rate, channel count and sample format asked of a
/// microphone's hardware ranges, answered VALID, ADJUSTED or UNSUPPORTED.
@Suite("Audio negotiation from ALSA hardware ranges")
struct AudioNegotiatorTests {
    /// A USB webcam microphone: 48000 Hz only, mono, S16_LE.
    static let webcam = AudioCaptureCard(
        card: 1, cardID: "C525", name: "HD Webcam C525", longName: "HD Webcam C525 at usb-0000:00:14.0-1", driver: "USB-Audio",
        controlPath: "/dev/snd/controlC1",
        pcms: [
            AudioCapturePCM(
                device: 0, alsaName: "hw:CARD=C525,DEV=0", name: "USB Audio", subdevices: 1, formats: ["S16_LE"], minChannels: 1,
                maxChannels: 1, minRate: 48000, maxRate: 48000, rates: [48000])
        ])
    /// snd-aloop's capture side: continuous 8000–192000 Hz, 1–32 channels.
    static let loopback = AudioCaptureCard(
        card: 2, cardID: "Loopback", name: "Loopback", longName: "Loopback 1", driver: "Loopback", controlPath: "/dev/snd/controlC2",
        pcms: [
            AudioCapturePCM(
                device: 1, alsaName: "hw:CARD=Loopback,DEV=1", name: "Loopback PCM", subdevices: 8,
                formats: ["S16_LE", "S16_BE", "S24_LE", "S32_LE", "FLOAT_LE"], minChannels: 1, maxChannels: 32, minRate: 8000,
                maxRate: 192000, rates: AudioNegotiator.commonRates)
        ])
    /// A USB microphone with a few discrete rates.
    static let discrete = AudioCaptureCard(
        card: 3, cardID: "Mic", name: "USB Mic", longName: "USB Mic", driver: "USB-Audio", controlPath: "/dev/snd/controlC3",
        pcms: [
            AudioCapturePCM(
                device: 0, alsaName: "hw:CARD=Mic,DEV=0", name: "USB Audio", subdevices: 1, formats: ["S24_3LE", "S32_LE"],
                minChannels: 2, maxChannels: 2, minRate: 16000, maxRate: 96000, rates: [16000, 32000, 48000, 96000])
        ])

    @Test func exactMatchIsValid() throws {
        let d = AudioNegotiator.decide(
            AudioRequest(rate: 48000, channels: 2, sampleFormat: "S16_LE"), cards: [Self.loopback])
        #expect(d.outcome == .valid && d.changes.isEmpty)
        let c = try #require(d.choice)
        #expect(c.rate == 48000 && c.channels == 2 && c.sampleFormat == "S16_LE" && c.pcm == "hw:CARD=Loopback,DEV=1")
        #expect(d.description == "VALID hw:CARD=Loopback,DEV=1 48000 Hz, 2 channels, S16_LE")
        // A continuous range takes a rate that is no common one.
        #expect(AudioNegotiator.decide(AudioRequest(rate: 12345), cards: [Self.loopback]).choice?.rate == 12345)
    }

    @Test func rateNotOfferedIsAdjustedToTheNearestWithTheReason() throws {
        let d = AudioNegotiator.decide(AudioRequest(rate: 44100, channels: 1), cards: [Self.webcam])
        #expect(d.outcome == .adjusted)
        #expect(d.choice?.rate == 48000)
        let ch = try #require(d.changes.first)
        #expect(ch.field == "rate" && ch.requested == "44100 Hz" && ch.chosen == "48000 Hz")
        #expect(ch.reason.contains("does not take 44100 Hz") && ch.reason.contains("does not resample"), "\(ch.reason)")
    }

    @Test func rateMultiplesThenDivisorsThenClosest() {
        // 24000 on 16k/32k/48k/96k: 48000 is a multiple (2×), preferred over the closer 16000 and 32000.
        let m = AudioNegotiator.decide(AudioRequest(rate: 24000), cards: [Self.discrete])
        #expect(m.choice?.rate == 48000 && m.changes.first?.reason.contains("exact multiple") == true)
        // 192000: nothing is a multiple; 96000 divides it.
        let v = AudioNegotiator.decide(AudioRequest(rate: 192000), cards: [Self.discrete])
        #expect(v.choice?.rate == 96000 && v.changes.first?.reason.contains("exact divisor") == true)
        // 44100: neither; 48000 is closest.
        #expect(AudioNegotiator.decide(AudioRequest(rate: 44100), cards: [Self.discrete]).choice?.rate == 48000)
        // Above a continuous range: its maximum.
        #expect(AudioNegotiator.decide(AudioRequest(rate: 250_000), cards: [Self.loopback]).choice?.rate == 192000)
    }

    @Test func channelsOutOfRangeAreClampedAndSaid() throws {
        let up = AudioNegotiator.decide(AudioRequest(rate: 48000, channels: 2), cards: [Self.webcam])
        #expect(up.outcome == .adjusted && up.choice?.channels == 1)
        let ch = try #require(up.changes.first { $0.field == "channels" })
        #expect(ch.requested == "2" && ch.chosen == "1" && ch.reason.contains("does not upmix"))
        let down = AudioNegotiator.decide(AudioRequest(rate: 48000, channels: 1), cards: [Self.discrete])
        #expect(down.choice?.channels == 2 && down.changes.map(\.field) == ["channels"])
        let many = AudioNegotiator.decide(AudioRequest(channels: 64), cards: [Self.loopback])
        #expect(many.choice?.channels == 32)
    }

    @Test func sampleFormatFallsBackBySameWidthThenWider() throws {
        // S16_LE on a S24_3LE/S32_LE card: wider, same signedness; the narrower 24-bit packing first.
        let wider = AudioNegotiator.decide(AudioRequest(rate: 48000, channels: 2, sampleFormat: "S16_LE"), cards: [Self.discrete])
        #expect(wider.choice?.sampleFormat == "S24_3LE")
        let ch = try #require(wider.changes.first)
        #expect(ch.field == "sampleFormat" && ch.reason.contains("wider"))
        // S16_BE asked where S16_LE exists: same width and signedness first.
        let card = AudioCaptureCard(
            card: 4, cardID: "X", name: "X", longName: "X", driver: "x", controlPath: "/dev/snd/controlC4",
            pcms: [
                AudioCapturePCM(
                    device: 0, alsaName: "hw:CARD=X,DEV=0", name: "X", subdevices: 1, formats: ["S32_LE", "S16_LE", "U8"], minChannels: 1,
                    maxChannels: 2, minRate: 8000, maxRate: 48000, rates: [8000, 16000, 48000])
            ])
        #expect(AudioNegotiator.decide(AudioRequest(sampleFormat: "S16_BE"), cards: [card]).choice?.sampleFormat == "S16_LE")
        // FLOAT_LE asked: wider of the same kind is absent; the same width of another kind (S32_LE) over narrower ones.
        #expect(AudioNegotiator.decide(AudioRequest(sampleFormat: "FLOAT_LE"), cards: [card]).choice?.sampleFormat == "S32_LE")
        // U8 asked: 8-bit unsigned is there.
        #expect(AudioNegotiator.decide(AudioRequest(sampleFormat: "U8"), cards: [card]).isValid)
        // Nothing asked: the preference list (S16_LE first), not a change.
        let any = AudioNegotiator.decide(AudioRequest(), cards: [card])
        #expect(any.outcome == .valid && any.choice?.sampleFormat == "S16_LE" && any.choice?.rate == 48000)
    }

    @Test func nothingUsableIsUnsupportedWithTheReason() {
        let none = AudioNegotiator.decide(AudioRequest(rate: 48000), cards: [], deviceName: "Cam")
        #expect(none.outcome == .unsupported && none.reasons == ["Cam has no microphone (no ALSA capture card)"])
        var busy = Self.webcam
        busy.pcms[0].formats = []
        busy.pcms[0].minChannels = nil
        busy.pcms[0].maxChannels = nil
        busy.pcms[0].problems = [Problem(kind: "busy", call: "snd_pcm_open", message: "Device or resource busy")]
        let b = AudioNegotiator.decide(AudioRequest(rate: 48000), cards: [busy])
        #expect(b.outcome == .unsupported && b.choice == nil)
        #expect(b.reasons.contains { $0.contains("no sample format") && $0.contains("busy") }, "\(b.reasons)")
        var noPCM = Self.webcam
        noPCM.pcms = []
        #expect(AudioNegotiator.decide(AudioRequest(rate: 48000), cards: [noPCM]).reasons.first?.contains("no capture PCM") == true)
        let wrong = AudioNegotiator.decide(AudioRequest(rate: 48000), cards: [Self.loopback], pcm: "hw:Loopback,0")
        #expect(wrong.outcome == .unsupported && wrong.reasons.first?.contains("hw:CARD=Loopback,DEV=1") == true)
    }

    @Test func pcmSelectorAcceptsCardIdOrIndexForms() {
        let card = Self.loopback
        let pcm = card.pcms[0]
        for t in ["hw:CARD=Loopback,DEV=1", "hw:Loopback,1", "hw:2,1", "hw:Loopback,1,0", "1", "plughw:2,1"] {
            #expect(AudioNegotiator.matches(t, card: card, pcm: pcm), "\(t)")
        }
        for t in ["hw:2,0", "hw:C525,1", "0"] { #expect(!AudioNegotiator.matches(t, card: card, pcm: pcm), "\(t)") }
    }

    @Test func adjustedIsWhatStrictRejects() {
        // --strict turns exactly the ADJUSTED outcome into a failure (the CLI); VALID stays VALID.
        let adjusted = AudioNegotiator.decide(AudioRequest(rate: 44100, channels: 2), cards: [Self.webcam])
        #expect(adjusted.outcome == .adjusted && Set(adjusted.changes.map(\.field)) == ["rate", "channels"])
        #expect(adjusted.description.hasPrefix("ADJUSTED hw:CARD=C525,DEV=0 48000 Hz, 1 channel, S16_LE (rate 44100 Hz → 48000 Hz"))
        #expect(AudioNegotiator.decide(AudioRequest(rate: 48000, channels: 1), cards: [Self.webcam]).outcome == .valid)
    }
}
