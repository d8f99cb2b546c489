import ALSA
import CaptureModel

/// A microphone's buffers as they arrive (AVCaptureAudioDataOutput), made by
/// `Microphone.buffers(maxQueued:)`. One loop reads it, once.
///
/// As with `VideoFrames`, the stream's life is the loop's: leaving the loop (`break`,
/// `return`, a `throw`, the task's cancellation) or `Microphone.close()` stops the read
/// thread within one wait (200 ms at most) and closes the PCM (`snd_pcm_close`). It throws
/// a `MicrophoneError`: `disconnected` when the device went away, `busy` (with `holders`)
/// when another program captures from the PCM, `stalled` when no audio came for 5 s,
/// `failed` otherwise; the libasound error behind it is `underlying`.
public struct AudioBuffers: AsyncSequence, Sendable {
    public typealias Element = AudioBuffer
    public typealias Failure = MicrophoneError
    let queue: AudioBufferQueue
    let microphone: Microphone

    /// Reads the buffers; dropping it (the loop was left) stops the read thread.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = AudioBuffer
        public typealias Failure = MicrophoneError
        let lifetime: AudioLoopLifetime
        let microphone: Microphone

        /// The next buffer, in capture order; nil once stopped.
        public mutating func next() async throws(MicrophoneError) -> AudioBuffer? {
            try await Self.take(lifetime, microphone)
        }

        /// The next buffer (`next()`), for a loop isolated to an actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(MicrophoneError) -> AudioBuffer? {
            try await Self.take(lifetime, microphone)
        }

        /// Both `next`s: the queue's next buffer, measured for `levels`; the libasound failure as a `MicrophoneError`.
        private static func take(_ lifetime: AudioLoopLifetime, _ microphone: Microphone) async throws(MicrophoneError)
            -> AudioBuffer?
        {
            do throws(AudioLevelMeterError) {
                let buffer = try await lifetime.queue.next()
                if let buffer { microphone.measure(buffer) }
                return buffer
            } catch {
                throw MicrophoneError(error, device: microphone.id)
            }
        }
    }

    /// The loop's iterator; the stream is read once.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(lifetime: AudioLoopLifetime(queue), microphone: microphone)
    }

    /// Stops reading now (the loop then ends without an error).
    public func stop() { queue.cancel() }
}

/// Held by a loop's iterator: when the loop is left, the read thread is told to stop.
final class AudioLoopLifetime: Sendable {
    let queue: AudioBufferQueue
    init(_ queue: AudioBufferQueue) { self.queue = queue }
    deinit { queue.cancel() }
}
