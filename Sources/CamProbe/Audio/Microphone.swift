import ALSA
import CaptureModel
import Synchronization

/// An open handle on one device's microphone, as a recorder holds it beside the camera's `CaptureDevice`:
/// its buffers as they arrive, their levels, and `close()`.
///
/// The microphone is the device's first capture PCM of its first ALSA card, the one `camprobe levels DEVICE`
/// meters. Each `buffers(maxQueued:)` loop reads the PCM on a thread of its own (never the cooperative pool);
/// `close()` stops every loop within one wait (200 ms at most) and closes the PCM. Every failure is a
/// `MicrophoneError`, whose kinds are `CaptureDeviceError`'s.
public final class Microphone: Sendable {
    /// The device the microphone belongs to.
    public let id: DeviceID
    /// The device's name.
    public let name: String
    /// The capture PCM read (`hw:CARD=ID,DEV=N`).
    public var pcm: String { source.pcm }
    let source: AudioBufferStream
    private let state = Mutex(State())

    private struct State {
        var closed = false
        /// The loops started: `close()` stops those still alive (a queue lives while its loop or read thread holds it).
        var queues: [WeakQueue] = []
        /// The levels of the buffers delivered since `levels` was last read.
        var meter: AudioLevelAccumulator?
    }

    /// A handle reading `source` (a seam for tests: a fake port, holder lookup or thread spawner).
    package init(source: AudioBufferStream, id: DeviceID, name: String) {
        var source = source
        source.device = id
        self.source = source
        self.id = id
        self.name = name
    }

    /// The microphone of `device`, read through `system`'s libasound.
    package static func open(
        _ device: Device, request: PCMCaptureRequest = PCMCaptureRequest(), system: any DeviceSystem
    ) throws(MicrophoneError) -> Microphone {
        guard let pcm = device.audio.first?.pcms.first else {
            throw MicrophoneError(
                kind: .failed, id: device.id, pcm: "",
                message: "\(device.name) (\(device.id)) has no microphone: no ALSA capture PCM belongs to it")
        }
        return Microphone(source: pcm.bufferStream(request: request, port: system.alsa), id: device.id, name: device.name)
    }

    /// The microphone of `device` (the first capture PCM of its first ALSA card), read through libasound with
    /// `request`. Nothing is read until `buffers(maxQueued:)`: a busy or missing PCM is said by the loop's first
    /// `next()`. Throws `failed` when no capture card belongs to the device.
    public static func open(_ device: Device, request: PCMCaptureRequest = PCMCaptureRequest()) throws(MicrophoneError) -> Microphone {
        try open(device, request: request, system: SystemDeviceSystem())
    }

    /// The buffers, in capture order, until the loop is left, the PCM fails or the handle is closed. At most
    /// `maxQueued` buffers wait for a slow consumer: then the oldest is dropped and the buffer delivered next
    /// has `discontinuity` set and the dropped frames in `framesLost`. The read thread starts now.
    /// Throws `closed` after `close()`. The corresponding C calls are `snd_pcm_open` (`SND_PCM_NONBLOCK`),
    /// `snd_pcm_wait`, `snd_pcm_readi` and `snd_pcm_close`.
    public func buffers(maxQueued: Int = 16) throws(MicrophoneError) -> AudioBuffers {
        let queue: AudioBufferQueue? = state.withLock { s in
            guard !s.closed else { return nil }
            let queue = source.startReading(maxQueued: maxQueued)
            s.queues.removeAll { $0.queue == nil }
            s.queues.append(WeakQueue(queue: queue))
            return queue
        }
        guard let queue else {
            throw MicrophoneError(kind: .closed, id: id, pcm: pcm, message: "the handle on \(name)'s microphone (\(pcm)) was closed")
        }
        return AudioBuffers(queue: queue, microphone: self)
    }

    /// Each channel's level (average power and peak hold, in dBFS, as `AVCaptureAudioChannel`) over the
    /// buffers the loops received since `levels` was last read; empty when none came since.
    public var levels: [AudioChannelLevel] {
        state.withLock { s in
            guard let meter = s.meter, meter.frames > 0 else { return [] }
            defer { s.meter = nil }
            var taken = meter
            return taken.take()
        }
    }

    /// Stops every loop now (each ends without an error, its thread within one wait, the PCM closed);
    /// later `buffers(maxQueued:)` calls throw `closed`.
    public func close() {
        let queues = state.withLock { s in
            s.closed = true
            defer { s.queues = [] }
            return s.queues
        }
        for q in queues { q.queue?.cancel() }
    }

    /// A loop's queue, not kept alive by the handle.
    private struct WeakQueue {
        weak var queue: AudioBufferQueue?
    }

    /// Adds a delivered buffer to the levels.
    func measure(_ buffer: AudioBuffer) {
        let channels = buffer.format.channels
        guard channels > 0 else { return }
        state.withLock { s in
            if s.meter?.channels != channels { s.meter = AudioLevelAccumulator(channels: channels) }
            buffer.bytes.withUnsafeBytes { s.meter?.add($0, format: buffer.format.format, frames: buffer.frameCount) }
        }
    }
}
