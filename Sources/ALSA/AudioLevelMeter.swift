import CaptureModel
import HostSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Why metering a capture PCM stopped (or never started).
package struct AudioLevelMeterError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable {
        /// `snd_pcm_open` failed with EBUSY: another program captures from it (see `holders`).
        case busy
        /// The device went away while it was read (`-ENODEV`, `-EBADFD`).
        case deviceGone = "device-gone"
        /// No frames came for `AudioLevelMeter.noDataTimeout`.
        case noData = "no-data"
        /// Overruns could not be recovered, or came back without end.
        case xruns
        /// Any other libasound failure (the PCM does not exist, permissions, …).
        case failed
        /// No thread could be started for the reads (`pthread_create`).
        case noThread = "no-thread"
    }

    package var kind: Kind
    package var pcm: String
    package var message: String
    /// The libasound call that failed, when one did.
    package var underlying: ALSAError?
    /// Who holds the PCM, for `.busy` (empty when /proc does not say).
    package var holders: [PCMHolder]

    package init(kind: Kind, pcm: String, message: String, underlying: ALSAError? = nil, holders: [PCMHolder] = []) {
        self.kind = kind
        self.pcm = pcm
        self.message = message
        self.underlying = underlying
        self.holders = holders
    }

    package var description: String { message }
}

/// Average power and peak hold per channel of a capture PCM, like
/// `AVCaptureAudioChannel`'s `averagePowerLevel` / `peakHoldLevel`, as an
/// `AsyncThrowingStream` of readings.
///
/// The PCM is opened non-blocking and read on a dedicated thread (never the
/// cooperative pool) with `snd_pcm_wait` (200 ms at most) + `snd_pcm_readi`,
/// with a ~50 ms period and a 4-period buffer. Each reading covers `interval`
/// of frames (100 ms: about 10 a second). Overruns (`-EPIPE`) are counted and
/// recovered with `snd_pcm_recover`; a device that goes away ends the stream
/// with `.deviceGone`. Cancelling the consuming task (or dropping the stream)
/// stops the thread within one wait and closes the PCM.
package struct AudioLevelMeter: Sendable {
    package var pcm: String
    package var interval: Duration
    package var request: PCMCaptureRequest
    package var port: any ALSAPort
    /// Who holds a busy PCM.
    package var holderLookup: PCMHolderLookup
    /// Starts the read thread (a seam for tests).
    package var spawn: DedicatedThread.Spawner

    /// The longest wait for data before the stream ends with `.noData`.
    package static let noDataTimeout: Duration = .seconds(5)
    /// Overruns in a row (without a frame read between them) before giving up.
    package static let maxConsecutiveXruns = 50

    package init(
        pcm: String, interval: Duration = .milliseconds(100), request: PCMCaptureRequest = PCMCaptureRequest(),
        port: any ALSAPort = SystemALSAPort(), holderLookup: PCMHolderLookup = PCMHolderLookup(),
        spawn: @escaping DedicatedThread.Spawner = DedicatedThread.spawn
    ) {
        self.pcm = pcm
        self.interval = interval
        self.request = request
        self.port = port
        self.holderLookup = holderLookup
        self.spawn = spawn
    }

    /// The readings, until the consumer stops or the PCM fails (`AudioLevelMeterError`).
    /// A consumer slower than the readings gets the newest 32 (older ones are dropped).
    package func readings() -> AsyncThrowingStream<AudioLevels, any Error> {
        let (stream, continuation) = AsyncThrowingStream<AudioLevels, any Error>.makeStream(bufferingPolicy: .bufferingNewest(32))
        let stop = StopFlag()
        continuation.onTermination = { _ in stop.set() }
        let meter = self
        let rc = spawn { meter.run(continuation, stop) }
        if rc != 0 {
            continuation.finish(
                throwing: AudioLevelMeterError(
                    kind: .noThread, pcm: pcm, message: "cannot start a thread to read \(pcm) (pthread_create: \(rc))"))
        }
        return stream
    }

    final class StopFlag: Sendable {
        private let flag = Atomic<Bool>(false)
        func set() { flag.store(true, ordering: .releasing) }
        var isSet: Bool { flag.load(ordering: .acquiring) }
    }

    /// The error for a failed open: EBUSY names the holder.
    func openError(_ e: ALSAError) -> AudioLevelMeterError {
        switch e.errno {
        case EBUSY:
            let holders = holderLookup.holders(of: pcm)
            let who =
                holders.isEmpty
                ? "another program holds it (its owner could not be read from /proc/asound)"
                : "held by " + holders.map(\.description).joined(separator: ", ")
            return AudioLevelMeterError(kind: .busy, pcm: pcm, message: "\(pcm) is busy: \(who)", underlying: e, holders: holders)
        case ENODEV, ENOENT, ENXIO,
            EINVAL where e.call == "snd_pcm_open":
            return AudioLevelMeterError(kind: .failed, pcm: pcm, message: "no capture PCM \(pcm): \(e.description)", underlying: e)
        default:
            return AudioLevelMeterError(kind: .failed, pcm: pcm, message: "cannot capture from \(pcm): \(e.description)", underlying: e)
        }
    }

    /// The read loop, on its own thread.
    func run(_ out: AsyncThrowingStream<AudioLevels, any Error>.Continuation, _ stop: StopFlag) {
        let capture: any PCMCaptureSource
        do throws(ALSAError) {
            capture = try port.openCapture(pcm, request)
        } catch {
            out.finish(throwing: openError(error))
            return
        }
        let f = capture.format
        let ms = Double(interval.components.seconds) * 1000 + Double(interval.components.attoseconds) / 1e15
        let perReading = max(1, Int((Double(f.rate) * ms / 1000).rounded()))
        let chunk = max(1, min(f.periodFrames, perReading))
        let frameBytes = f.channels * f.format.bytesPerSample
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk * frameBytes, alignment: 16)
        defer { buffer.deallocate() }
        var acc = AudioLevelAccumulator(channels: f.channels)
        var xruns = 0
        var consecutiveXruns = 0
        var idleMilliseconds = 0
        let waitMilliseconds: Int32 = 200
        let idleLimit = Int(Self.noDataTimeout.components.seconds) * 1000
        func fail(_ kind: AudioLevelMeterError.Kind, _ code: Int32, _ what: String) {
            let e = ALSAError(call: "snd_pcm_readi", target: pcm, errno: -code, message: Errno.message(-code))
            out.finish(throwing: AudioLevelMeterError(kind: kind, pcm: pcm, message: what, underlying: e))
        }
        // Bounded by the consumer: each pass waits at most 200 ms, then checks `stop`.
        while !stop.isSet {
            let n = capture.read(into: buffer, frames: min(chunk, perReading - acc.frames), timeoutMilliseconds: waitMilliseconds)
            if n > 0 {
                idleMilliseconds = 0
                consecutiveXruns = 0
                acc.add(UnsafeRawBufferPointer(start: buffer, count: n * frameBytes), format: f.format, frames: n)
                if acc.frames >= perReading {
                    let frames = acc.frames
                    out.yield(AudioLevels(channels: acc.take(), frames: frames, xruns: xruns))
                }
                continue
            }
            let code = Int32(n)
            if n == 0 || code == -EAGAIN || code == -EINTR {
                idleMilliseconds += Int(waitMilliseconds)
                if idleMilliseconds >= idleLimit {
                    fail(.noData, -EAGAIN, "\(pcm) delivered no audio for \(idleLimit / 1000) s (is the device running?)")
                    return
                }
                continue
            }
            switch code {
            case -EPIPE, -ESTRPIPE:
                xruns += 1
                consecutiveXruns += 1
                let r = capture.recover(code)
                if r < 0 || consecutiveXruns > Self.maxConsecutiveXruns {
                    fail(.xruns, r < 0 ? r : code, "\(pcm): \(xruns) overruns, and capture could not be restarted")
                    return
                }
            case -ENODEV, -EBADFD, -EIO, -ENXIO:
                fail(.deviceGone, code, "\(pcm) went away while it was read (the device was unplugged or its driver removed)")
                return
            default:
                fail(.failed, code, "reading \(pcm) failed: \(Errno.message(-code))")
                return
            }
        }
        out.finish()
    }
}
