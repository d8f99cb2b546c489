import CaptureModel
import DeviceFixtures
import FoundationEssentials
import ProfileFormat
import Testing
import TextImport

/// The ALSA text reader against arecord -l (English, German, French), arecord -L, /proc/asound/cards and a real
/// user's cut-short paste (Tests/Fixtures/alsa).
@Suite("Importing ALSA listings")
struct ALSATextImportTests {
    static let dir = Fixtures.path("alsa")

    static func text(_ file: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/" + file)), as: UTF8.self)
    }

    static func load(_ file: String, partial: Bool = false) throws -> TextImportResult {
        try ALSATextImporter.importText(name: file, text: try text(file), partial: partial)
    }

    static func card(_ r: TextImportResult, _ id: String) -> (device: ImportedDevice, card: AudioCaptureCard)? {
        guard let d = r.devices.first(where: { $0.device.audio.first?.cardID == id }), let c = d.device.audio.first else { return nil }
        return (d, c)
    }

    /// The same machine's arecord -l in any language reads to the same cards.
    @Test(arguments: ["arecord-l.txt", "arecord-l-de.txt", "arecord-l-fr.txt"])
    func deviceListInAnyLanguage(_ file: String) throws {
        let r = try Self.load(file)
        #expect(r.kind == .arecord)
        #expect(PasteKind.detect(try Self.text(file)) == .arecord)
        #expect(r.devices.map(\.device.id.rawValue) == ["imported-alsa-PCH", "imported-alsa-C525"])
        let pch = try #require(Self.card(r, "PCH"))
        #expect(pch.card.card == 0)
        #expect(pch.card.name == "HDA Intel PCH")
        #expect(pch.card.controlPath == "/dev/snd/controlC0")
        #expect(pch.card.driver == "" && pch.card.longName == "")
        #expect(pch.card.pcms.map(\.device) == [0, 2])
        #expect(pch.card.pcms.map(\.name) == ["ALC3234 Analog", "ALC3234 Alt Analog"])
        #expect(pch.card.pcms.map(\.alsaName) == ["hw:CARD=PCH,DEV=0", "hw:CARD=PCH,DEV=2"])
        #expect(pch.card.pcms.map(\.subdevices) == [1, 1])
        #expect(pch.device.provenance["audio"] == 2)
        #expect(pch.device.provenance["audio.pcms"] == 2)
        #expect(pch.device.provenance["name"] == 2)

        let c525 = try #require(Self.card(r, "C525"))
        #expect(c525.card.card == 1)
        #expect(c525.card.name == "HD Webcam C525")
        #expect(c525.device.device.name == "HD Webcam C525")
        #expect(c525.card.pcms.count == 1)
        #expect(c525.card.pcms.first?.name == "USB Audio")
        // `Subdevices: 0/1`: none free, one in all.
        #expect(c525.card.pcms.first?.subdevices == 1)
        #expect(c525.device.device.nodes == [DeviceNode(role: .audio, path: "/dev/snd/controlC1")])
        #expect(c525.device.device.captures.isEmpty)
        #expect(c525.device.device.mediaType == .audio)
        #expect(c525.device.device.identity.busInfo == "")
        #expect(c525.device.provenance["audio"] == 8)

        // Nothing is invented: arecord -l says nothing of formats, rates or channels.
        for d in r.devices {
            for p in d.device.audio.flatMap(\.pcms) {
                #expect(p.formats.isEmpty && p.rates.isEmpty && p.minRate == nil && p.maxChannels == nil)
            }
        }
        #expect(r.notes.filter { $0.contains("arecord -l gives no formats, rates or channels") }.count == 1)
        #expect(!r.notes.contains { $0.contains("cut short") })
    }

    @Test func pcmList() throws {
        let r = try Self.load("arecord-L.txt")
        #expect(r.kind == .arecord)
        #expect(PasteKind.detect(try Self.text("arecord-L.txt")) == .arecord)
        #expect(r.devices.map(\.device.id.rawValue) == ["imported-alsa-PCH", "imported-alsa-C525"])
        let pch = try #require(Self.card(r, "PCH"))
        #expect(pch.card.name == "HDA Intel PCH")
        #expect(pch.card.pcms.map(\.device) == [0, 2])
        #expect(pch.card.pcms.map(\.name) == ["ALC3234 Analog", "ALC3234 Alt Analog"])
        #expect(pch.device.provenance["audio.pcms"] == 7)
        #expect(pch.device.provenance["name"] == 8)
        let c525 = try #require(Self.card(r, "C525"))
        #expect(c525.card.name == "HD Webcam C525")
        #expect(c525.card.pcms.map(\.alsaName) == ["hw:CARD=C525,DEV=0"])
        #expect(c525.card.pcms.first?.name == "USB Audio")
        // arecord -L gives no card number: said, not guessed.
        #expect(c525.card.card == -1)
        #expect(c525.card.controlPath == "")
        #expect(c525.device.device.nodes.isEmpty)
        #expect(r.notes.contains { $0.contains("arecord -L gives no card numbers") })
        #expect(r.notes.contains { $0.contains("no subdevice count in the text (arecord -L gives none)") })
    }

    @Test func procAsoundCards() throws {
        let r = try Self.load("asound-cards.txt")
        #expect(r.kind == .asoundCards)
        #expect(PasteKind.detect(try Self.text("asound-cards.txt")) == .asoundCards)
        #expect(r.devices.map(\.device.id.rawValue) == ["imported-alsa-PCH", "imported-alsa-C525", "imported-alsa-Loopback"])
        let c525 = try #require(Self.card(r, "C525"))
        #expect(c525.card.card == 1)
        #expect(c525.card.driver == "USB-Audio")
        #expect(c525.card.name == "HD Webcam C525")
        #expect(c525.card.longName == "Logitech, Inc. HD Webcam C525 at usb-0000:00:14.0-2, high speed")
        #expect(c525.card.pcms.isEmpty)
        let d = c525.device.device
        #expect(d.identity.busInfo == "usb-0000:00:14.0-2")
        #expect(d.identity.driver == "USB-Audio")
        #expect(d.transport.kind == .usb)
        #expect(d.transport.speedMbps == 480)
        #expect(c525.device.provenance["identity.busInfo"] == 4)
        #expect(c525.device.provenance["audio.longName"] == 4)
        #expect(c525.device.provenance["transport"] == 4)
        #expect(c525.device.provenance["identity.driver"] == 3)
        #expect(c525.device.provenance["name"] == 3)

        let pch = try #require(Self.card(r, "PCH"))
        #expect(pch.card.card == 0 && pch.card.driver == "HDA-Intel" && pch.card.longName == "HDA Intel PCH at 0xf7f10000 irq 32")
        #expect(pch.device.device.identity.busInfo == "")
        #expect(pch.device.device.transport.kind == .unknown)
        let loop = try #require(Self.card(r, "Loopback"))
        #expect(loop.card.card == 2 && loop.card.driver == "Loopback" && loop.card.longName == "Loopback 1")
        #expect(loop.card.controlPath == "/dev/snd/controlC2")
        #expect(r.notes.contains { $0.contains("lists every card") })
    }

    @Test(arguments: [("low speed", 1.5), ("full speed", 12), ("high speed", 480), ("super speed", 5000)])
    func usbSpeeds(_ word: String, _ mbps: Double) throws {
        let text = " 3 [Mic            ]: USB-Audio - USB Mic\n                      Acme USB Mic at usb-0000:00:14.0-1.2, \(word)\n"
        let r = try ALSATextImporter.importText(name: "cards", text: text, partial: false)
        #expect(r.devices.first?.device.transport == Transport(kind: .usb, speedMbps: mbps))
        #expect(r.devices.first?.device.identity.busInfo == "usb-0000:00:14.0-1.2")
    }

    /// The kernel cuts long names at 79 bytes: a path without its `, speed` may be cut too, so it is not used.
    @Test func cutLongNameGivesNoBus() throws {
        let text =
            " 1 [C525           ]: USB-Audio - HD Webcam C525\n                      Logitech, Inc. HD Webcam C525 at usb-0000:00:14.0-1\n"
        let r = try ALSATextImporter.importText(name: "cards", text: text, partial: false)
        let d = try #require(r.devices.first?.device)
        #expect(d.identity.busInfo == "")
        #expect(d.transport == Transport(kind: .usb))
        #expect(r.notes.contains { $0.contains("complete USB path") })
    }

    /// arecord -L, arecord -l and /proc/asound/cards pasted one after another: each card gathers what each tells,
    /// the first line to tell a fact giving it.
    @Test func allThreeTogether() throws {
        let parts = try ["arecord-L.txt", "arecord-l.txt", "asound-cards.txt"].map { try Self.text($0) }
        let text = parts.joined(separator: "\n")
        let r = try ALSATextImporter.importText(name: "all", text: text, partial: false)
        #expect(r.kind == .arecord)
        #expect(r.devices.map(\.device.id.rawValue) == ["imported-alsa-PCH", "imported-alsa-C525", "imported-alsa-Loopback"])
        let c525 = try #require(Self.card(r, "C525"))
        #expect(c525.card.card == 1)
        #expect(c525.card.controlPath == "/dev/snd/controlC1")
        #expect(c525.card.pcms.map(\.device) == [0])
        #expect(c525.card.pcms.first?.subdevices == 1)
        #expect(c525.card.driver == "USB-Audio")
        #expect(c525.device.device.identity.busInfo == "usb-0000:00:14.0-2")
        #expect(c525.device.device.transport == Transport(kind: .usb, speedMbps: 480))
        let lLines = parts[0].split(separator: "\n", omittingEmptySubsequences: false).count
        let listLines = parts[1].split(separator: "\n", omittingEmptySubsequences: false).count
        // hw:CARD=C525,DEV=0 is line 28 of arecord -L; the long name line 4 of /proc/asound/cards (61 here).
        #expect(c525.device.provenance["audio.pcms"] == 28)
        #expect(c525.device.provenance["identity.busInfo"] == lLines + listLines + 4)
        #expect(c525.device.provenance["identity.busInfo"] == 61)
        #expect(!r.notes.contains { $0.contains("no card numbers") || $0.contains("no subdevice count") })
        #expect(r.notes.filter { $0.contains("arecord -l gives no formats") }.count == 1)
    }

    /// German aplay -l pasted with arecord -l: the PLAYBACK header is told by its untranslated stream name.
    @Test func germanPlaybackSkipped() throws {
        let text = """
            **** Liste der Hardware-Geräte (PLAYBACK) ****
            Karte 0: PCH [HDA Intel PCH], Gerät 3: HDMI 0 [HDMI 0]
              Sub-Geräte: 1/1
              Sub-Gerät #0: subdevice #0
            **** Liste der Hardware-Geräte (CAPTURE) ****
            Karte 1: C525 [HD Webcam C525], Gerät 0: USB Audio [USB Audio]
              Sub-Geräte: 1/1
              Sub-Gerät #0: subdevice #0
            """
        let r = try ALSATextImporter.importText(name: "t", text: text, partial: false)
        #expect(r.devices.map(\.device.id.rawValue) == ["imported-alsa-C525"])
        #expect(r.devices.first?.provenance["audio"] == 6)
    }

    /// A real user's paste, cut after card 1's `Subdevices: 1/1`.
    @Test func realC922CutShort() throws {
        let r = try Self.load("c922-arecord-cut.txt")
        #expect(r.devices.count == 2)
        let cam = try #require(Self.card(r, "Webcam"))
        #expect(cam.card.card == 0)
        #expect(cam.card.name == "C922 Pro Stream Webcam")
        #expect(cam.card.pcms.map(\.device) == [0])
        #expect(cam.card.pcms.first?.subdevices == 1)
        #expect(cam.card.pcms.first?.name == "USB Audio")
        let pch = try #require(Self.card(r, "PCH"))
        #expect(pch.card.card == 1 && pch.card.name == "HDA Intel PCH")
        #expect(pch.card.pcms.first?.name == "ALC3234 Analog")
        #expect(pch.card.pcms.first?.subdevices == 1)
        #expect(pch.device.device.problems.isEmpty)
        #expect(r.notes.contains { $0.contains("card 1 device 0") && $0.contains("cut short") })
        #expect(!r.notes.contains { $0.contains("card 0 device 0") })
    }

    /// A forum post: prose around a fenced block holding /proc/asound/cards and arecord -l after prompts.
    @Test func forumPaste() throws {
        let r = try Self.load("forum-quoted.txt")
        #expect(r.kind == .arecord)
        #expect(r.devices.map(\.device.id.rawValue) == ["imported-alsa-PCH", "imported-alsa-C525"])
        let c525 = try #require(Self.card(r, "C525"))
        #expect(c525.card.card == 1)
        #expect(c525.card.driver == "USB-Audio")
        #expect(c525.card.pcms.map(\.alsaName) == ["hw:CARD=C525,DEV=0"])
        #expect(c525.card.pcms.first?.subdevices == 1)
        #expect(c525.device.device.identity.busInfo == "usb-0000:00:14.0-2")
        #expect(c525.device.provenance["identity.busInfo"] == 8)
        #expect(c525.device.provenance["audio"] == 7)
        #expect(c525.device.provenance["name"] == 7)
        #expect(c525.device.provenance["audio.pcms"] == 11)
        // The HDA card is in /proc/asound/cards only: no capture PCM is known for it.
        #expect(Self.card(r, "PCH")?.card.pcms.isEmpty == true)
    }

    /// Mail quoting with the tool's own indentation kept.
    @Test func mailQuotedPCMList() throws {
        let r = try Self.load("mail-quoted-L.txt")
        let c525 = try #require(Self.card(r, "C525"))
        #expect(c525.card.name == "HD Webcam C525")
        #expect(c525.card.pcms.map(\.name) == ["USB Audio"])
        #expect(c525.device.provenance["audio.pcms"] == 4)
        #expect(c525.device.provenance["name"] == 5)
    }

    /// A forum's uniform indentation and CRLF are undone; the relative indentation arecord -L relies on stays.
    @Test func indentedCRLFPCMList() throws {
        let lines = try Self.text("arecord-L.txt").split(separator: "\n").map { "    " + $0 }
        let r = try ALSATextImporter.importText(name: "indented", text: lines.joined(separator: "\r\n"), partial: false)
        #expect(r.devices.map(\.device.id.rawValue) == ["imported-alsa-PCH", "imported-alsa-C525"])
        #expect(Self.card(r, "PCH")?.card.pcms.map(\.device) == [0, 2])
    }

    @Test func malformedLineFails() throws {
        let error = #expect(throws: TextImportError.self) { try Self.load("malformed.txt") }
        #expect(error?.file == "malformed.txt")
        #expect(error?.line == 4)
        #expect(error?.description.hasPrefix("malformed.txt:4: ") == true)
    }

    @Test func malformedLineSkippedWithPartial() throws {
        let r = try Self.load("malformed.txt", partial: true)
        let pch = try #require(Self.card(r, "PCH"))
        #expect(pch.card.pcms.map(\.device) == [0])
        #expect(pch.device.device.problems.map(\.kind) == [.skipped])
        #expect(pch.device.device.problems.first?.message.hasPrefix("line 4: ") == true)
        #expect(pch.device.device.problems.first?.message.hasSuffix("skipped") == true)
        let c525 = try #require(Self.card(r, "C525"))
        #expect(c525.card.card == 1 && c525.card.pcms.first?.subdevices == 1)
        #expect(c525.device.device.problems.isEmpty)
    }

    @Test func malformedLineBeforeAnyCardIsANote() throws {
        let text =
            "garbage here\ncard 1: C525 [HD Webcam C525], device 0: USB Audio [USB Audio]\n  Subdevices: 1/1\n  Subdevice #0: subdevice #0\n"
        let r = try ALSATextImporter.importText(name: "t", text: text, partial: true)
        #expect(r.devices.count == 1)
        #expect(r.notes.contains { $0.hasPrefix("line 1: ") && $0.hasSuffix("skipped") })
        #expect(throws: TextImportError.self) { try ALSATextImporter.importText(name: "t", text: text, partial: false) }
    }

    @Test func playbackSectionSkipped() throws {
        let text = """
            **** List of PLAYBACK Hardware Devices ****
            card 0: PCH [HDA Intel PCH], device 3: HDMI 0 [HDMI 0]
              Subdevices: 1/1
              Subdevice #0: subdevice #0
            **** List of CAPTURE Hardware Devices ****
            card 1: C525 [HD Webcam C525], device 0: USB Audio [USB Audio]
              Subdevices: 1/1
              Subdevice #0: subdevice #0
            """
        let r = try ALSATextImporter.importText(name: "t", text: text, partial: false)
        #expect(r.devices.map(\.device.id.rawValue) == ["imported-alsa-C525"])
        #expect(r.notes.contains { $0.contains("PLAYBACK") && $0.contains("skipped") })
    }

    @Test(arguments: [false, true])
    func noCardIsAnError(_ partial: Bool) {
        for text in [
            "**** List of CAPTURE Hardware Devices ****\n",
            "**** List of PLAYBACK Hardware Devices ****\ncard 0: PCH [HDA Intel PCH], device 0: ALC3234 Analog [ALC3234 Analog]\n",
            "null\n    Discard all samples (playback) or generate zero samples (capture)\n",
            "",
        ] {
            #expect(throws: TextImportError.self) { try ALSATextImporter.importText(name: "t", text: text, partial: partial) }
        }
    }

    /// A line no ALSA tool writes, however long, is skipped without being searched.
    @Test func overlongLineSkipped() throws {
        let long = "card 1: " + String(repeating: "x], device 0: ", count: 20_000)
        let text = "card 1: C525 [HD Webcam C525], device 0: USB Audio [USB Audio]\n\(long)\n  Subdevices: 1/1\n"
        let r = try ALSATextImporter.importText(name: "t", text: text, partial: true)
        #expect(r.devices.first?.device.problems.first?.message.hasPrefix("line 2: longer than") == true)
        #expect(PasteKind.detect(long) == .v4l2ctl)
    }

    @Test func tooLargeIsRefused() {
        let text = String(repeating: "x", count: TextImportLimits.maximumBytes + 1)
        #expect(throws: TextImportError.self) { try ALSATextImporter.importText(name: "big", text: text, partial: true) }
    }
}
