import CaptureModel
import Testing
import V4L2

@Suite("Measuring what streaming delivered")
struct StreamReportTests {
    func frames(_ seqs: [UInt32], every ns: UInt64, start: UInt64 = 1_000_000_000) -> [FrameRecord] {
        seqs.map { s in
            FrameRecord(
                sequence: s, timestampNanoseconds: start + UInt64(s) * ns, dequeuedAt: start + UInt64(s) * ns + 1_000_000,
                bytesUsed: 100, hasError: false)
        }
    }

    @Test func steadyThirtyFPS() {
        let r = StreamReport(frames: frames(Array(0..<60), every: 33_333_333), startedAt: 900_000_000, expectedFPS: 30)
        #expect(r.framesReceived == 60)
        #expect(r.framesDropped == 0)
        #expect(abs((r.deliveredFPS ?? 0) - 30) < 0.01)
        #expect((r.jitterMilliseconds ?? 1) < 0.001)
        #expect(abs((r.timeToFirstFrameMilliseconds ?? 0) - 101) < 0.01)
        #expect(abs(r.rateError ?? 1) < 0.001)
    }

    @Test func sequenceGapsAreDroppedFrames() {
        // Every fifth frame missing: 20 % dropped, and the delivered rate falls to 24 fps.
        let seqs = (0..<100).filter { $0 % 5 != 4 }.map(UInt32.init)
        let r = StreamReport(frames: frames(seqs, every: 33_333_333), startedAt: 0, expectedFPS: 30)
        #expect(r.framesReceived == 80)
        #expect(r.framesDropped == 19)  // the last gap (frame 99) is after the final frame received
        #expect(abs(r.dropRatio - 19.0 / 99.0) < 1e-9)
        #expect(abs((r.deliveredFPS ?? 0) - 79.0 / (98.0 / 30.0)) < 0.01)
        #expect((r.rateError ?? 0) < -0.15)
    }

    @Test func sequenceWrapIsNotADrop() {
        let r = StreamReport(
            frames: frames([UInt32.max - 1, UInt32.max], every: 10) + [
                FrameRecord(
                    sequence: 0, timestampNanoseconds: 10_000_000_000,
                    dequeuedAt: 10_000_000_001, bytesUsed: 1, hasError: true)
            ], startedAt: 0, expectedFPS: nil)
        #expect(r.framesDropped == 0)
        #expect(r.framesWithErrors == 1)
        #expect(r.rateError == nil)
    }

    @Test func nothingReceived() {
        let r = StreamReport(frames: [], startedAt: 0, expectedFPS: 30)
        #expect(r.deliveredFPS == nil && r.framesReceived == 0 && r.dropRatio == 0)
    }
}
