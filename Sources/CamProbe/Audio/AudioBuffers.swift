import ALSA
import CaptureModel

/// A microphone's buffers as they arrive (AVCaptureAudioDataOutput), made by
/// `AudioBufferStream.buffers(maxQueued:)`. One loop reads it, once.
///
/// As with `VideoFrames`, the stream's life is the loop's: leaving the loop (`break`,
/// `return`, a `throw`, the task's cancellation) stops the read thread within one wait
/// (200 ms at most) and closes the PCM (`snd_pcm_close`). It throws a `CaptureDeviceError`:
/// `disconnected` when the device went away, `busy` (with `holders`) when another program
/// captures from the PCM, `stalled` when no audio came for 5 s, `failed` otherwise; the
/// libasound error behind it is `pcmError`.
public struct AudioBuffers: AsyncSequence, Sendable {
    public typealias Element = AudioBuffer
    public typealias Failure = CaptureDeviceError
    let queue: AudioBufferQueue
    let device: DeviceID

    /// Reads the buffers; dropping it (the loop was left) stops the read thread.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = AudioBuffer
        public typealias Failure = CaptureDeviceError
        let lifetime: AudioLoopLifetime
        let device: DeviceID

        /// The next buffer, in capture order; nil once stopped.
        public mutating func next() async throws(CaptureDeviceError) -> AudioBuffer? {
            do throws(AudioLevelMeterError) {
                return try await lifetime.queue.next()
            } catch {
                throw CaptureDeviceError(audio: error, device: device)
            }
        }

        /// The next buffer (`next()`), for a loop isolated to an actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(CaptureDeviceError) -> AudioBuffer? {
            do throws(AudioLevelMeterError) {
                return try await lifetime.queue.next()
            } catch {
                throw CaptureDeviceError(audio: error, device: device)
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(lifetime: AudioLoopLifetime(queue), device: device)
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

extension AudioBufferStream {
    /// The buffers, in capture order, until the loop is left or the PCM fails. At most
    /// `maxQueued` buffers wait for a slow consumer: then the oldest is dropped and the buffer
    /// delivered next has `discontinuity` set and the dropped frames in `framesLost`.
    /// The read thread starts now. The corresponding C calls are `snd_pcm_open` (`SND_PCM_NONBLOCK`),
    /// `snd_pcm_wait`, `snd_pcm_readi` and `snd_pcm_close`.
    public func buffers(maxQueued: Int = 16) -> AudioBuffers {
        AudioBuffers(queue: startReading(maxQueued: maxQueued), device: device ?? DeviceID(pcm))
    }
}

extension CaptureDeviceError {
    /// A microphone's failure, in the one error type of the recorder's path.
    init(audio error: AudioLevelMeterError, device: DeviceID) {
        let kind: Kind =
            switch error.kind {
            case .busy: .busy
            case .deviceGone: .disconnected
            case .noData: .stalled
            case .xruns, .failed, .noThread: .failed
            }
        self.init(
            kind: kind, id: device, message: error.message,
            holders: error.holders.map { NodeHolder(pid: $0.pid, commandLine: $0.command) })
        pcmError = error
    }
}
