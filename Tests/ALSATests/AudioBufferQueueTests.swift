import CaptureModel
import Testing

@testable import ALSA

/// The queue between `AudioBufferStream`'s read thread and its consumer: order, the bound,
/// the loss written on the buffer after a dropped one, and how the stream ends.
@Suite struct AudioBufferQueueTests {
    static let format = PCMStreamFormat(format: .s16LE, channels: 2, rate: 48000, periodFrames: 480, bufferFrames: 1920)

    static func buffer(_ sequence: UInt64, frames: Int = 480, discontinuity: Bool = false, lost: Int? = nil) -> AudioBuffer {
        AudioBuffer(
            bytes: [UInt8](repeating: UInt8(truncatingIfNeeded: sequence), count: frames * 4), format: format,
            frameCount: frames, timestampNanoseconds: sequence * 10_000_000, sequence: sequence,
            discontinuity: discontinuity, framesLost: lost)
    }

    static func drain(_ q: AudioBufferQueue) async throws(AudioLevelMeterError) -> [AudioBuffer] {
        var out: [AudioBuffer] = []
        while let b = try await q.next() { out.append(b) }
        return out
    }

    @Test func buffersComeInOrderThenTheEnd() async throws {
        let q = AudioBufferQueue(limit: 4)
        for i in 0..<3 { q.push(Self.buffer(UInt64(i))) }
        q.finish(throwing: nil)
        let got = try await Self.drain(q)
        #expect(got.map(\.sequence) == [0, 1, 2])
        #expect(got.allSatisfy { !$0.discontinuity && $0.framesLost == nil })
    }

    @Test func aFullQueueDropsTheOldestAndCountsItsFramesOnTheNext() async throws {
        let q = AudioBufferQueue(limit: 2)
        q.push(Self.buffer(0, frames: 100))
        q.push(Self.buffer(1, frames: 200))
        q.push(Self.buffer(2, frames: 300))  // drops 0
        q.push(Self.buffer(3, frames: 400))  // drops 1, which already carried 0's loss
        q.finish(throwing: nil)
        let got = try await Self.drain(q)
        #expect(got.map(\.sequence) == [2, 3])
        // 2 comes after 0 (100 frames) and 1 (200 frames) were dropped, nothing lost before them;
        // 3 follows 2 on.
        #expect(got[0].discontinuity && got[0].framesLost == 300)
        #expect(!got[1].discontinuity && got[1].framesLost == nil)
        #expect(got[0].frameCount == 300 && got[0].bytes.count == 1200)
    }

    @Test func droppedFramesAddToAnOverrunsKnownLoss() async throws {
        let q = AudioBufferQueue(limit: 1)
        q.push(Self.buffer(0, frames: 100, discontinuity: true, lost: 50))  // after an overrun that lost 50 frames
        q.push(Self.buffer(1, frames: 100, discontinuity: true, lost: 7))  // drops 0
        q.finish(throwing: nil)
        let got = try await Self.drain(q)
        #expect(got.map(\.sequence) == [1])
        #expect(got[0].framesLost == 50 + 100 + 7)
    }

    @Test func anUnknownLossStaysUnknown() async throws {
        let q = AudioBufferQueue(limit: 1)
        q.push(Self.buffer(0, frames: 100, discontinuity: true, lost: nil))  // overrun, loss not known
        q.push(Self.buffer(1, frames: 100))
        q.finish(throwing: nil)
        let got = try await Self.drain(q)
        #expect(got.map(\.sequence) == [1])
        #expect(got[0].discontinuity)
        #expect(got[0].framesLost == nil)
    }

    @Test func theFailureComesAfterTheBuffersAndOnlyOnce() async throws {
        let q = AudioBufferQueue(limit: 4)
        q.push(Self.buffer(0))
        q.push(Self.buffer(1))
        q.finish(throwing: AudioLevelMeterError(kind: .deviceGone, pcm: "hw:1,0", message: "gone"))
        q.push(Self.buffer(2))  // after the end: ignored
        #expect(try await q.next()?.sequence == 0)
        #expect(try await q.next()?.sequence == 1)
        do {
            _ = try await q.next()
            Issue.record("the failure was not thrown")
        } catch {
            #expect(error.kind == .deviceGone)
        }
        #expect(try await q.next() == nil)
    }

    @Test func aWaitingConsumerGetsTheBufferOnce() async throws {
        let q = AudioBufferQueue(limit: 4)
        let consumer = Task { try await Self.drain(q) }
        try await Task.sleep(for: .milliseconds(100))  // the consumer is (very likely) waiting in next()
        q.push(Self.buffer(7))
        q.finish(throwing: nil)
        let got = try await consumer.value
        #expect(got.map(\.sequence) == [7])
    }

    @Test func cancellingDropsWhatIsQueuedAndStopsTheReader() async throws {
        let q = AudioBufferQueue(limit: 4)
        q.push(Self.buffer(0))
        q.finish(throwing: AudioLevelMeterError(kind: .failed, pcm: "hw:1,0", message: "x"))
        #expect(!q.isStopped)
        q.cancel()
        #expect(q.isStopped)
        #expect(try await q.next() == nil)
    }
}
