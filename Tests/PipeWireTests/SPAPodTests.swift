import CaptureModel
import PipeWireTesting
import Testing

@testable import PipeWire

@Suite("SPA PODs and EnumFormat entries")
struct SPAPodTests {
    static let yuy2: UInt32 = 4

    @Test func aV4L2SourceEntryIsOneFormatOneSizeAndItsRates() throws {
        let pod = try #require(SPAPod.parse(PodBuilder.raw(Self.yuy2, 640, 480, rates: [(30, 1), (30, 1), (15, 1), (30000, 1001)])))
        let f = PipeWireFormat.from(pod)
        #expect(f.count == 1)
        #expect(f.first?.fourcc == "YUYV" && f.first?.spaFormat == "YUY2")
        #expect(f.first?.width == 640 && f.first?.height == 480)
        // The default (first) is among the alternatives; listed once, fastest first, exact.
        #expect(f.first?.frameRates == [Rational(30, 1), Rational(30000, 1001), Rational(15, 1)])
    }

    @Test func compressedEntriesWithRangesKeepTheirBounds() throws {
        let bytes = PodBuilder.compressed(SPAVideoFormat.subtypeMJPG, min: (160, 120), max: (1920, 1080), rates: ((1, 1), (60, 1)))
        let f = PipeWireFormat.from(try #require(SPAPod.parse(bytes)))
        #expect(f.first?.fourcc == "MJPG" && f.first?.width == nil)
        #expect(f.first?.sizeRange == .init(minWidth: 160, minHeight: 120, maxWidth: 1920, maxHeight: 1080))
        #expect(f.first?.frameRateRange == .init(min: Rational(1, 1), max: Rational(60, 1)) && f.first?.frameRates == [])
    }

    @Test func aFormatNumberSPAHasNoNameForIsKeptAsANumber() throws {
        let f = PipeWireFormat.from(try #require(SPAPod.parse(PodBuilder.raw(9999, 8, 8, rates: [(1, 1)]))))
        #expect(f.first?.fourcc == "format 9999")
    }

    @Test func notVideoOrNotAFormatObjectGivesNothing() throws {
        let audio = PodBuilder.object([(SPAVideoFormat.keyMediaType, PodBuilder.id(1)), (SPAVideoFormat.keyMediaSubtype, PodBuilder.id(1))])
        #expect(PipeWireFormat.from(try #require(SPAPod.parse(audio))).isEmpty)
        #expect(PipeWireFormat.from(try #require(SPAPod.parse(PodBuilder.object(type: 0x40002, [])))).isEmpty)
        #expect(PipeWireFormat.from(try #require(SPAPod.parse(PodBuilder.id(3)))).isEmpty)
    }

    /// Every prefix of a real entry, and every single-byte corruption of it: parsed or refused, never a crash or a
    /// read past the end (the bytes are copied into exactly-sized arrays, so the address sanitizer would see one).
    @Test func cutAndCorruptedPodsNeverCrash() {
        let good = PodBuilder.raw(Self.yuy2, 1280, 720, rates: [(30, 1), (30, 1), (25, 1)])
        for n in 0..<good.count { _ = SPAPod.parse(Array(good.prefix(n))).map(PipeWireFormat.from) }
        for i in 0..<good.count {
            for v: UInt8 in [0, 1, 0x7f, 0xff] {
                var bad = good
                bad[i] = v
                _ = SPAPod.parse(bad).map(PipeWireFormat.from)
            }
        }
        #expect(SPAPod.parse(Array(good.prefix(good.count - 8))) == nil)
    }

    @Test func hugeChoicesAndDeepNestingAreBounded() throws {
        let many = PodBuilder.choice(.enum, type: SPAType.fraction, (0..<20_000).map { PodBuilder.u32($0 + 1) + PodBuilder.u32(1) })
        guard case .choice(_, let v)? = SPAPod.parse(many) else {
            Issue.record("not a choice")
            return
        }
        #expect(v.count == SPAPod.maxItems)
        var nested = PodBuilder.id(1)
        for _ in 0..<50 { nested = PodBuilder.object([(1, nested)]) }
        #expect(SPAPod.parse(nested) == nil)
        // A size field far beyond the bytes.
        #expect(SPAPod.parse(PodBuilder.u32(0xffff_fff0) + PodBuilder.u32(SPAType.object)) == nil)
    }
}

@Suite("EnumFormat entries PipeWire 0.3's v4l2 source makes for what SPA cannot name")
struct SPAUnnamedFormatTests {
    /// vivid's Bayer formats arrive as video/bayer with no format key (the order is lost); its V4L2 formats without
    /// an SPA name as raw format 0 (`pw-dump` prints "id-00000000"). Seen in the guest with pipewire 0.3.65.
    @Test func bayerWithoutAnOrderAndRawFormatZero() throws {
        let bayer = PodBuilder.object([
            (SPAVideoFormat.keyMediaType, PodBuilder.id(SPAVideoFormat.mediaTypeVideo)),
            (SPAVideoFormat.keyMediaSubtype, PodBuilder.id(SPAVideoFormat.subtypeH264 + 12)),
            (SPAVideoFormat.keySize, PodBuilder.rect(320, 180)),
        ])
        let b = PipeWireFormat.from(try #require(SPAPod.parse(bayer)))
        #expect(b.first?.spaFormat == "bayer" && b.first?.fourcc == "bayer" && b.first?.width == 320)
        let zero = PipeWireFormat.from(try #require(SPAPod.parse(PodBuilder.raw(0, 640, 360, rates: [(30, 1), (30, 1)]))))
        #expect(zero.first?.spaFormat == "UNKNOWN")
    }
}
