import CaptureModel
import DeviceFixtures
import FoundationEssentials
import ProfileFormat
import Testing
import TextImport

/// The `lsusb -v` reader against USB Video Class and USB Audio descriptors (Tests/Fixtures/lsusb).
@Suite("Importing lsusb -v text")
struct LsusbImportTests {
    static let dir = Fixtures.path("lsusb")

    static func text(_ file: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/" + file)), as: UTF8.self)
    }

    static func load(_ file: String, partial: Bool = false) throws -> TextImportResult {
        try LsusbImporter.importText(name: file, text: try text(file), partial: partial)
    }

    static func interval(_ units: UInt32) -> FrameDuration { FrameDuration(units, 10_000_000) }

    static func discrete(_ size: FrameSize) -> (Dimensions, [FrameDuration])? {
        guard case .discrete(let d, .discrete(let list)) = size else { return nil }
        return (d, list)
    }

    @Test func c525Identity() throws {
        let r = try Self.load("c525.txt")
        #expect(r.kind == .lsusb)
        #expect(r.file == "c525.txt")
        try #require(r.devices.count == 1)
        let imported = r.devices[0]
        let d = imported.device
        #expect(d.identity.vendorID == "046d")
        #expect(d.identity.productID == "0826")
        #expect(d.identity.serial == "ABCD1234")
        #expect(d.identity.product == "HD Webcam C525")
        #expect(d.identity.manufacturer == "Logitech, Inc.")
        #expect(d.modelID == "046d:0826")
        #expect(d.name == "HD Webcam C525")
        #expect(d.id.rawValue == "usb-046d:0826-ABCD1234")
        #expect(d.transport.kind == .usb)
        #expect(d.transport.speedMbps == nil)
        #expect(r.notes.contains { $0.contains("bcdUSB 2.00") })
        #expect(r.notes.contains { $0.contains("lsusb's ID database") })
        #expect(imported.provenance["identity.vendorID"] == 11)
        #expect(imported.provenance["identity.productID"] == 12)
        #expect(imported.provenance["identity.serial"] == 16)
        #expect(imported.provenance["name"] == 15)
        #expect(imported.provenance["captures"] == 161)
        #expect(imported.provenance["controls"] == 69)
        #expect(imported.provenance["audio"] != nil)
    }

    @Test func c525Formats() throws {
        let d = try Self.load("c525.txt").devices[0].device
        try #require(d.captures.count == 1)
        let c = d.captures[0]
        #expect(c.path == "/dev/video0")
        #expect(d.nodes.map(\.path) == ["/dev/video0"])
        #expect(c.formats.map(\.fourcc) == ["YUYV", "MJPG"])
        #expect(c.formats.map(\.index) == [0, 1])
        #expect(c.formats[0].description == "YUYV 4:2:2")
        #expect(!c.formats[0].isCompressed)
        #expect(c.formats[1].isCompressed)
        let yuyv = c.formats[0].sizes.compactMap(Self.discrete)
        #expect(yuyv.map(\.0) == [Dimensions(width: 640, height: 480), Dimensions(width: 1280, height: 720)])
        #expect(yuyv[0].1 == [333333, 400000, 500000, 666666, 1_000_000, 1_333_333, 2_000_000].map(Self.interval))
        #expect(yuyv[0].1[0].interval == Rational(333333, 10_000_000))
        #expect(yuyv[1].1 == [1_333_333, 1_666_666, 2_000_000, 5_000_000].map(Self.interval))
        let mjpg = c.formats[1].sizes.compactMap(Self.discrete)
        #expect(mjpg.map(\.0) == [Dimensions(width: 640, height: 480), Dimensions(width: 1280, height: 720)])
        #expect(mjpg[1].1 == [Self.interval(333333)])
        #expect(c.controls == nil)
    }

    @Test func c525ControlsAreDeclaredNotInvented() throws {
        let r = try Self.load("c525.txt")
        let d = r.devices[0].device
        let declared = d.problems.filter { $0.kind == .imported && $0.message.hasPrefix("the descriptor declares these controls") }
        try #require(declared.count == 1)
        let m = declared[0].message
        for key in [
            "auto_exposure", "exposure_dynamic_framerate", "exposure_time_absolute", "focus_absolute", "zoom_absolute", "pan_absolute",
            "tilt_absolute", "focus_automatic_continuous", "brightness", "contrast", "saturation", "sharpness",
            "white_balance_temperature", "backlight_compensation", "gain", "power_line_frequency", "white_balance_automatic",
        ] {
            #expect(m.contains(key), "\(key)")
        }
        #expect(m.contains("exposure_time_absolute (Exposure Time (Absolute))"))
        #expect(!m.contains("NTSC"))
        #expect(!m.contains("Sampling Frequency"))
        #expect(r.notes.contains { $0.contains("camera terminal declares: Auto-Exposure Mode, Auto-Exposure Priority") })
        #expect(r.notes.contains { $0.contains("{23e49ed0-1178-4f31-ae52-d2fb8a8d3b48}") })
        #expect(d.captures[0].controls == nil)
    }

    @Test func c525Microphone() throws {
        let d = try Self.load("c525.txt").devices[0].device
        try #require(d.audio.count == 1)
        let card = d.audio[0]
        #expect(card.card == -1)
        #expect(card.cardID == "")
        try #require(card.pcms.count == 1)
        let pcm = card.pcms[0]
        #expect(pcm.formats == ["S16_LE"])
        #expect(pcm.minChannels == 1)
        #expect(pcm.maxChannels == 1)
        #expect(pcm.rates == [16000])
        #expect(pcm.minRate == 16000)
        #expect(pcm.maxRate == 16000)
    }

    @Test func detectedAsLsusb() throws {
        for f in ["c525.txt", "continuous.txt", "h264.txt", "c525-nonroot.txt", "two-devices.txt", "c525-forum-quoted.txt"] {
            #expect(PasteKind.detect(try Self.text(f)) == .lsusb, "\(f)")
        }
    }

    @Test func continuousIntervals() throws {
        let r = try Self.load("continuous.txt")
        let d = try #require(r.devices.first).device
        #expect(d.identity.serial == nil)
        #expect(d.identity.manufacturer == "Generic")
        #expect(d.name == "Integrated Webcam")
        #expect(d.id.rawValue == "usb-1bcf:2b8a@bus002-dev003")
        #expect(r.notes.contains { $0.contains("no serial number") })
        let f = try #require(d.captures.first?.formats.first)
        #expect(f.fourcc == "YUYV")
        guard case .discrete(let size, let iv) = try #require(f.sizes.first) else {
            Issue.record("not a discrete size")
            return
        }
        #expect(size == Dimensions(width: 640, height: 480))
        #expect(iv == .stepwise(min: Self.interval(333333), max: Self.interval(2_000_000), step: Self.interval(333333)))
        #expect(d.audio.isEmpty)
        let declared = try #require(d.problems.first { $0.kind == .imported })
        #expect(declared.message.contains("hue (Hue)"))
    }

    @Test func h264FrameBased() throws {
        let d = try #require(try Self.load("h264.txt").devices.first).device
        let formats = try #require(d.captures.first?.formats)
        #expect(formats.map(\.fourcc) == ["MJPG", "H264"])
        #expect(formats[1].description == "H.264")
        #expect(formats[1].isCompressed)
        #expect(formats[1].sizes.count == 2)
        let first = try #require(formats[1].sizes.compactMap(Self.discrete).first)
        #expect(first.0 == Dimensions(width: 1920, height: 1080))
        #expect(first.1 == [Self.interval(333333), Self.interval(666666)])
        guard case .discrete(let size, let iv) = formats[1].sizes[1] else {
            Issue.record("not a discrete size")
            return
        }
        #expect(size == Dimensions(width: 1280, height: 720))
        #expect(iv == .stepwise(min: Self.interval(333333), max: Self.interval(1_000_000), step: Self.interval(333333)))
        #expect(d.identity.serial == "SN0001")
        #expect(d.identity.manufacturer == "HD USB Camera")
        #expect(d.name == "USB Camera")
    }

    @Test func nonRootPaste() throws {
        let r = try Self.load("c525-nonroot.txt")
        let imported = try #require(r.devices.first)
        let d = imported.device
        #expect(d.identity.serial == nil)
        #expect(imported.provenance["identity.serial"] == nil)
        #expect(d.name == "Logitech, Inc. HD Webcam C525")
        #expect(imported.provenance["name"] == 2)
        #expect(d.id.rawValue == "usb-046d:0826@bus001-dev004")
        #expect(r.notes.contains { $0.contains("could not open the device") })
        #expect(r.notes.contains { $0.contains("iSerial 1") })
        #expect(d.captures.first?.formats.map(\.fourcc) == ["YUYV", "MJPG"])
    }

    @Test func hubAndCamera() throws {
        let r = try Self.load("two-devices.txt")
        #expect(r.devices.map(\.device.modelID) == ["1bcf:2b8a"])
        #expect(r.notes.contains { $0.contains("Bus 002 Device 001 (1d6b:0002)") && $0.contains("not imported") })
        let camera = r.devices[0]
        let hubLines = try Self.text("hub.txt").split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(camera.provenance["identity.vendorID"] == hubLines + 10)
    }

    @Test func forumQuotedPasteReadsTheSame() throws {
        let plain = try Self.load("c525.txt").devices.map(\.device)
        let quoted = try Self.load("c525-forum-quoted.txt").devices.map(\.device)
        #expect(quoted.count == 1)
        #expect(quoted.first?.captures == plain.first?.captures)
        #expect(quoted.first?.audio == plain.first?.audio)
        #expect(quoted.first?.identity == plain.first?.identity)
    }

    @Test func uniformIndentationDoesNotMatter() throws {
        let text = try Self.text("h264.txt").split(separator: "\n", omittingEmptySubsequences: false).map { "\t" + $0 }.joined(
            separator: "\n")
        let flat = try Self.text("h264.txt").split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.drop { $0 == " " }
        }.joined(separator: "\n")
        let a = try LsusbImporter.importText(name: "tabbed", text: text, partial: false).devices.map(\.device.captures)
        let b = try LsusbImporter.importText(name: "flat", text: flat, partial: false).devices.map(\.device.captures)
        let c = try Self.load("h264.txt").devices.map(\.device.captures)
        #expect(a == c)
        #expect(b == c)
    }

    @Test func malformedWithoutPartialNamesTheLine() throws {
        let e = #expect(throws: TextImportError.self) { try Self.load("malformed.txt") }
        #expect(e?.file == "malformed.txt")
        #expect(e?.line == 15)
        #expect(e?.message.contains("before any format") == true)
        var lines = try Self.text("c525.txt").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[189] = "        dwFrameInterval( 1)            4OOOOO"
        let bad = #expect(throws: TextImportError.self) {
            try LsusbImporter.importText(name: "bad.txt", text: lines.joined(separator: "\n"), partial: false)
        }
        #expect(bad?.file == "bad.txt")
        #expect(bad?.line == 190)
        #expect(bad?.description.hasPrefix("bad.txt:190: ") == true)
    }

    @Test func malformedWithPartialSkipsLines() throws {
        let r = try Self.load("malformed.txt", partial: true)
        let d = try #require(r.devices.first).device
        let partial = d.problems.filter { $0.kind == .skipped }.map(\.message)
        #expect(partial.count == 3)
        #expect(partial.contains { $0.hasPrefix("line 15: ") && $0.hasSuffix("skipped") })
        #expect(partial.contains { $0.hasPrefix("line 26: ") && $0.contains("wWidth") })
        #expect(partial.contains { $0.hasPrefix("line 38: ") && $0.contains("fast") })
        let f = try #require(d.captures.first?.formats.first)
        let sizes = f.sizes.compactMap(Self.discrete)
        #expect(sizes.map(\.0) == [Dimensions(width: 160, height: 120), Dimensions(width: 320, height: 240)])
        #expect(sizes[0].1 == [Self.interval(333333)])
        #expect(d.identity.serial == "200901010001")
        #expect(d.name == "Logitech, Inc. Webcam C270")
    }

    @Test func noDeviceIsAnErrorEvenPartial() {
        for partial in [false, true] {
            #expect(throws: TextImportError.self) {
                try LsusbImporter.importText(name: "empty.txt", text: "hello\nworld\n", partial: partial)
            }
        }
    }

    @Test func unknownGUIDIsKeptAndReported() throws {
        var text = try Self.text("continuous.txt")
        text = text.replacing("{32595559-0000-0010-8000-00aa00389b71}", with: "{3231564e-1234-0010-8000-00aa00389b71}")
        let d = try #require(try LsusbImporter.importText(name: "odd.txt", text: text, partial: false).devices.first).device
        let f = try #require(d.captures.first?.formats.first)
        #expect(f.description.contains("{3231564e-1234-0010-8000-00aa00389b71}"))
        #expect(f.sizes.count == 1)
        #expect(d.captures[0].problems.contains { $0.kind == .imported && $0.message.contains("{3231564e-1234") })
    }

    @Test func continuousAudioRatesAndDeviceWithoutBusLine() throws {
        let text = """
            Device Descriptor:
              idVendor           0x0d8c USB Audio
              idProduct          0x0014 Audio Adapter
              iProduct                2 USB Audio Device
              iSerial                 0
                Interface Descriptor:
                  bInterfaceNumber        1
                  bAlternateSetting       1
                  bInterfaceClass         1 Audio
                  bInterfaceSubClass      2 Streaming
                  AudioStreaming Interface Descriptor:
                    bDescriptorSubtype      1 (AS_GENERAL)
                    wFormatTag         0x0001 PCM
                  AudioStreaming Interface Descriptor:
                    bDescriptorSubtype      2 (FORMAT_TYPE)
                    bNrChannels             2
                    bSubframeSize           2
                    bBitResolution         16
                    bSamFreqType            0 Continuous
                    tLowerSamFreq        8000
                    tUpperSamFreq       48000
                  Endpoint Descriptor:
                    bEndpointAddress     0x82  EP 2 IN
                Interface Descriptor:
                  bInterfaceNumber        2
                  bAlternateSetting       1
                  bInterfaceClass         1 Audio
                  bInterfaceSubClass      2 Streaming
                  AudioStreaming Interface Descriptor:
                    bDescriptorSubtype      2 (FORMAT_TYPE)
                    bNrChannels             6
                    bSubframeSize           3
                    bBitResolution         24
                    bSamFreqType            1 Discrete
                    tSamFreq[ 0]        96000
                  Endpoint Descriptor:
                    bEndpointAddress     0x01  EP 1 OUT
            """
        let r = try LsusbImporter.importText(name: "mic.txt", text: text, partial: false)
        let d = try #require(r.devices.first).device
        #expect(d.id.rawValue == "usb-0d8c:0014")
        #expect(d.mediaType == .audio)
        let pcm = try #require(d.audio.first?.pcms.first)
        #expect(pcm.formats == ["S16_LE"])
        #expect(pcm.minChannels == 2 && pcm.maxChannels == 2)
        #expect(pcm.minRate == 8000 && pcm.maxRate == 48000)
    }
}
