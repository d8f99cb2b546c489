import CaptureModel
import HostSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// PCM buffers of a capture PCM as they arrive, with capture timestamps, like
/// `AVCaptureAudioDataOutput`; configured like `AudioLevelMeter` and usable beside it.
///
/// The PCM is opened non-blocking (`snd_pcm_open`, `SND_PCM_NONBLOCK`) and read on a
/// dedicated thread (never the cooperative pool): `snd_pcm_wait` (200 ms at most), then
/// `snd_pcm_readi` of up to one period; each read is one `AudioBuffer`, dated with
/// `snd_pcm_delay` and `clock_gettime(CLOCK_MONOTONIC)`. Overruns (`-EPIPE`) are
/// recovered with `snd_pcm_recover` and mark the next buffer `discontinuity`. A device
/// that goes away (`-ENODEV`, `-EBADFD`) ends the stream with `AudioLevelMeterError`
/// `.deviceGone`; a busy PCM with `.busy`, naming its holders. Leaving the loop, cancelling
/// the consuming task, or dropping the sequence stops the thread within one wait and closes the PCM
/// (`snd_pcm_close`, when the thread lets go of its `PCMCaptureSource`).
package struct AudioBufferStream: Sendable {
    package var pcm: String
    /// The device the PCM belongs to, when known: errors name it.
    package var device: DeviceID?
    package var request: PCMCaptureRequest
    package var port: any ALSAPort
    /// Who holds a busy PCM.
    package var holderLookup: PCMHolderLookup
    /// Starts the read thread (a seam for tests).
    package var spawn: DedicatedThread.Spawner

    /// The longest wait for data before the stream ends with `.noData`.
    package static let noDataTimeout: Duration = AudioLevelMeter.noDataTimeout
    /// Overruns in a row (without a frame read between them) before giving up with `.xruns`.
    package static let maxConsecutiveXruns = AudioLevelMeter.maxConsecutiveXruns

    package init(
        pcm: String, request: PCMCaptureRequest = PCMCaptureRequest(), port: any ALSAPort = SystemALSAPort(),
        holderLookup: PCMHolderLookup = PCMHolderLookup(), spawn: @escaping DedicatedThread.Spawner = DedicatedThread.spawn
    ) {
        self.pcm = pcm
        self.request = request
        self.port = port
        self.holderLookup = holderLookup
        self.spawn = spawn
    }

    /// Starts the read thread and returns the queue it fills, in capture order, until the
    /// consumer stops (`AudioBufferQueue.cancel`) or the PCM fails (`AudioLevelMeterError`;
    /// buffers read before the failure come first). `CamProbe`'s `buffers(maxQueued:)` is the
    /// public sequence over it.
    ///
    /// At most `maxQueued` buffers wait for a slow consumer: then the oldest is dropped
    /// and the buffer delivered next has `discontinuity` set and the dropped frames in
    /// `framesLost`.
    package func startReading(maxQueued: Int = 16) -> AudioBufferQueue {
        let queue = AudioBufferQueue(limit: max(1, maxQueued))
        let source = self
        let rc = spawn { source.run(queue) }
        if rc != 0 {
            queue.finish(
                throwing: AudioLevelMeterError(
                    kind: .noThread, pcm: pcm, message: "cannot start a thread to read \(pcm) (pthread_create: \(rc))"))
        }
        return queue
    }

    /// The read thread: the PCM is closed (its source released) before the stream ends.
    func run(_ queue: AudioBufferQueue) {
        let failure = read(into: queue)
        queue.finish(throwing: failure)
    }

    /// Reads until `queue` stops or the PCM fails; returns the failure.
    func read(into queue: AudioBufferQueue) -> AudioLevelMeterError? {
        let capture: any PCMCaptureSource
        do throws(ALSAError) {
            capture = try port.openCapture(pcm, request)
        } catch {
            return AudioLevelMeter(pcm: pcm, request: request, port: port, holderLookup: holderLookup).openError(error)
        }
        let f = capture.format
        let rate = UInt64(max(1, f.rate))
        let frameBytes = f.channels * f.format.bytesPerSample
        let chunk = max(1, f.periodFrames)
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: chunk * frameBytes, alignment: 16)
        defer { scratch.deallocate() }
        var sequence: UInt64 = 0
        var previous: (start: UInt64, end: UInt64)?
        var overrun = false
        var xruns = 0
        var consecutiveXruns = 0
        var idleMilliseconds = 0
        let waitMilliseconds: Int32 = 200
        let idleLimit = Int(Self.noDataTimeout.components.seconds) * 1000
        func failure(_ kind: AudioLevelMeterError.Kind, _ code: Int32, _ what: String) -> AudioLevelMeterError {
            let e = ALSAError(call: "snd_pcm_readi", target: pcm, errno: -code, message: Errno.message(-code))
            return AudioLevelMeterError(kind: kind, pcm: pcm, message: what, underlying: e)
        }
        // Bounded by the consumer: each pass waits at most 200 ms, then checks for a stop.
        while !queue.isStopped {
            let n = min(chunk, capture.read(into: scratch, frames: chunk, timeoutMilliseconds: waitMilliseconds))
            if n > 0 {
                let delay = capture.delay()
                let now = delay?.monotonicNanoseconds ?? monotonicNanoseconds()
                let behind = UInt64(n + max(0, delay?.frames ?? 0)) * 1_000_000_000 / rate
                var start = now > behind ? now - behind : 0
                if let previous, start <= previous.start { start = previous.start + 1 }  // jitter never reorders
                var lost: Int?
                if overrun, delay != nil, let previous {
                    lost = start > previous.end ? Int(((start - previous.end) * rate + 500_000_000) / 1_000_000_000) : 0
                }
                let buffer = AudioBuffer(
                    bytes: Array(UnsafeRawBufferPointer(start: scratch, count: n * frameBytes)), format: f, frameCount: n,
                    timestampNanoseconds: start, sequence: sequence, discontinuity: overrun, framesLost: lost)
                previous = (start, start + buffer.durationNanoseconds)
                sequence += 1
                overrun = false
                consecutiveXruns = 0
                idleMilliseconds = 0
                queue.push(buffer)
                continue
            }
            let code = Int32(clamping: n)
            if n == 0 || code == -EAGAIN || code == -EINTR {
                idleMilliseconds += Int(waitMilliseconds)
                if idleMilliseconds >= idleLimit {
                    return failure(.noData, -EAGAIN, "\(pcm) delivered no audio for \(idleLimit / 1000) s (is the device running?)")
                }
                continue
            }
            switch code {
            case -EPIPE, -ESTRPIPE:
                xruns += 1
                consecutiveXruns += 1
                overrun = true
                let r = capture.recover(code)
                if r < 0 || consecutiveXruns > Self.maxConsecutiveXruns {
                    return failure(.xruns, r < 0 ? r : code, "\(pcm): \(xruns) overruns, and capture could not be restarted")
                }
            case -ENODEV, -EBADFD, -EIO, -ENXIO:
                return failure(.deviceGone, code, "\(pcm) went away while it was read (the device was unplugged or its driver removed)")
            default:
                return failure(.failed, code, "reading \(pcm) failed: \(Errno.message(-code))")
            }
        }
        return nil
    }
}

/// The buffers between the read thread and the consumer: at most `limit`; when full the
/// oldest is dropped and its loss written on the buffer that then comes next.
package final class AudioBufferQueue: Sendable {
    private struct State {
        var buffers: [AudioBuffer] = []
        var waiter: CheckedContinuation<Result<AudioBuffer?, AudioLevelMeterError>, Never>?
        var ended = false
        /// Thrown once, after the buffers left.
        var error: AudioLevelMeterError?
    }

    let limit: Int
    private let state = Mutex(State())
    private let stopped = Atomic<Bool>(false)

    init(limit: Int) { self.limit = limit }

    /// The consumer is gone (cancelled or dropped the stream).
    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Frames missing before `b`: 0 when it follows on, nil when unknown.
    private static func loss(before b: AudioBuffer) -> Int? { b.discontinuity ? b.framesLost : 0 }

    /// From the read thread.
    func push(_ buffer: AudioBuffer) {
        let waiter: CheckedContinuation<Result<AudioBuffer?, AudioLevelMeterError>, Never>? = state.withLock { s in
            guard !s.ended else { return nil }
            if let w = s.waiter {
                s.waiter = nil
                return w
            }
            s.buffers.append(buffer)
            if s.buffers.count > limit {
                let dropped = s.buffers.removeFirst()
                let before = Self.loss(before: dropped)
                let after = Self.loss(before: s.buffers[0])
                s.buffers[0].framesLost = before.flatMap { b in after.map { b + dropped.frameCount + $0 } }
                s.buffers[0].discontinuity = true
            }
            return nil
        }
        waiter?.resume(returning: .success(buffer))
    }

    /// From the read thread, once: the stream ends after the buffers queued (then `error`).
    func finish(throwing error: AudioLevelMeterError?) {
        let waiter: CheckedContinuation<Result<AudioBuffer?, AudioLevelMeterError>, Never>? = state.withLock { s in
            guard !s.ended else { return nil }
            s.ended = true
            guard let w = s.waiter else {
                s.error = error
                return nil
            }
            s.waiter = nil
            return w
        }
        waiter?.resume(returning: error.map { .failure($0) } ?? .success(nil))
    }

    /// The consumer is gone: stop the thread, drop what is queued, end the stream without error.
    package func cancel() {
        stopped.store(true, ordering: .releasing)
        let waiter: CheckedContinuation<Result<AudioBuffer?, AudioLevelMeterError>, Never>? = state.withLock { s in
            s.ended = true
            s.error = nil
            s.buffers.removeAll()
            defer { s.waiter = nil }
            return s.waiter
        }
        waiter?.resume(returning: .success(nil))
    }

    /// The next buffer; nil at the end or when the consuming task is cancelled.
    package func next() async throws(AudioLevelMeterError) -> AudioBuffer? {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<Result<AudioBuffer?, AudioLevelMeterError>, Never>) in
                let now: Result<AudioBuffer?, AudioLevelMeterError>? = state.withLock { s in
                    if !s.buffers.isEmpty { return .success(s.buffers.removeFirst()) }
                    if s.ended {
                        defer { s.error = nil }
                        return s.error.map { .failure($0) } ?? .success(nil)
                    }
                    precondition(s.waiter == nil, "AudioBufferStream: next() awaited from two tasks at once")
                    s.waiter = c
                    return nil
                }
                if let now { c.resume(returning: now) }
            }
        } onCancel: {
            cancel()
        }
        return try result.get()
    }
}
