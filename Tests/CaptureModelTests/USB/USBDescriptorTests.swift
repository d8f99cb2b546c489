import CaptureModel
import Testing

@Suite("USB descriptors and reservations")
struct USBDescriptorTests {
    @Test func parsesTheB990StreamingAlternateSettings() {
        let d = USBDescriptors(parsing: USBDescriptorBuilder.b990)
        #expect(d.vendorID == 0x046d && d.productID == 0x0828)
        #expect(d.streaming.count == 12)  // alt 0 (no endpoint) and alts 1–11
        #expect(d.streaming[0].endpoint == nil && d.streaming[0].bytesPerInterval == 0)
        #expect(d.streaming.map(\.bytesPerInterval) == [0, 192, 384, 512, 640, 800, 944, 1280, 1600, 1984, 2688, 3060])
        #expect(d.streaming[11].transactions == 3 && d.streaming[11].packetSize == 1020)
        #expect(d.streaming[11].summary == "alt 11: 3x 1020 = 3060 B/µframe (iso)")
        // The video control interface's interrupt endpoint is not a streaming setting.
        #expect(d.streaming.allSatisfy { $0.interface == 1 })
    }

    @Test func uvcPicksTheSmallestSettingThatCarriesThePayload() {
        let alts = USBDescriptors(parsing: USBDescriptorBuilder.b990).streaming
        #expect(alts.uvcChoice(forPayload: 1024)?.alt == 7)
        #expect(alts.uvcChoice(forPayload: 2392)?.alt == 10)
        #expect(alts.uvcChoice(forPayload: 3060)?.alt == 11)
        #expect(alts.uvcChoice(forPayload: 3061) == nil)
    }

    @Test func superSpeedCompanionGivesBytesPerInterval() {
        var b = USBDescriptorBuilder()
        b.device(vendor: 0x2bdf, product: 0x0289)
        b.configuration(interfaces: 2)
        b.interface(number: 1, alt: 0, endpoints: 0)
        b.interface(number: 1, alt: 1, endpoints: 1)
        b.endpoint(address: 0x83, attributes: 5, wMaxPacketSize: 0x0400)
        b.superSpeedCompanion(maxBurst: 15, mult: 0, bytesPerInterval: 16384)
        let d = USBDescriptors(parsing: b.finish())
        #expect(d.streaming.map(\.bytesPerInterval) == [0, 16384])
    }

    @Test func bulkCamerasReserveNothing() {
        var b = USBDescriptorBuilder()
        b.device(vendor: 0x1234, product: 0x5678)
        b.configuration(interfaces: 2)
        b.interface(number: 1, alt: 0, endpoints: 1)
        b.endpoint(address: 0x82, attributes: 2, wMaxPacketSize: 512)
        let d = USBDescriptors(parsing: b.finish())
        #expect(d.streaming.isBulk)
        let link = USBLink(sysfsName: "1-1", bus: 1, devpath: "1", speedMbps: 480, alts: d.streaming)
        #expect(USBReservation.of(payload: nil, link: link).bytes == 0)
    }

    @Test func hubProtocolTellsTheTranslator() {
        var b = USBDescriptorBuilder()
        b.device(vendor: 0x05e3, product: 0x0610, deviceClass: 9, subclass: 0, protocol: 2)
        let d = USBDescriptors(parsing: b.finish())
        #expect(d.deviceClass == 9)
        #expect(USBHub.tt(protocol: d.deviceProtocol) == .multi)
        #expect(USBHub.tt(protocol: 1) == .single)
    }

    @Test func truncatedBytesYieldWhatWasRead() {
        let full = USBDescriptorBuilder.b990
        let d = USBDescriptors(parsing: Array(full.prefix(full.count - 4)))
        // Alt 11's endpoint is cut off: the setting is kept, without an endpoint (it reserves nothing).
        #expect(d.streaming.count == 12)
        #expect(d.streaming.last?.endpoint == nil)
        #expect(d.streaming.isochronous.last?.alt == 10)
        #expect(USBDescriptors(parsing: [0, 0, 0]).streaming.isEmpty)
    }

    @Test func reservationsCarryTheirEvidence() {
        let alts = USBDescriptors(parsing: USBDescriptorBuilder.b990).streaming
        let link = USBLink(sysfsName: "1-1", bus: 1, devpath: "1", speedMbps: 480, alts: alts)
        // uvc_fixup_video_ctrl: 640 × 480 / 8 × 16 × 31 / 1000 / 8 + 12.
        let p = USBReservation.uncompressedPayload(width: 640, height: 480, bitsPerPixel: 16, fps: 30, highSpeed: true)
        #expect(p == 2392)
        let yuyv = USBReservation.of(payload: p, link: link)
        #expect(yuyv.evidence == .computedLowerBound && yuyv.alt?.alt == 10 && yuyv.bytes == 2688)
        let mjpg = USBReservation.of(payload: nil, link: link)
        #expect(mjpg.evidence == .assumedMaximum && mjpg.alt?.alt == 11)
        let seen = USBReservation.of(payload: nil, link: link, measuredAlt: 8)
        #expect(seen.evidence == .measured && seen.bytes == 1600)
        // Small modes still ask at least 1024 bytes.
        #expect(USBReservation.uncompressedPayload(width: 160, height: 120, bitsPerPixel: 16, fps: 30, highSpeed: true) == 1024)
    }
}
