import HostSystem

/// What a level meter asks of a capture PCM; the hardware may answer with the nearest it can do.
public struct PCMCaptureRequest: Sendable, Hashable {
    /// `snd_pcm_hw_params_set_channels_near`.
    public var channels: UInt32
    /// Hz, `snd_pcm_hw_params_set_rate_near`.
    public var rate: UInt32
    /// The period, `snd_pcm_hw_params_set_period_time_near` (µs). 50 ms means
    /// about 20 wake-ups a second: low CPU, and still two periods per reading.
    public var periodMicroseconds: UInt32
    /// The ring buffer in periods (`snd_pcm_hw_params_set_buffer_size_near`): 4 periods ≈ 200 ms
    /// of slack before an overrun.
    public var periods: UInt32

    public init(channels: UInt32 = 2, rate: UInt32 = 48000, periodMicroseconds: UInt32 = 50_000, periods: UInt32 = 4) {
        self.channels = channels
        self.rate = rate
        self.periodMicroseconds = periodMicroseconds
        self.periods = periods
    }
}

/// What the hardware agreed to (`snd_pcm_hw_params_get_*` after `snd_pcm_hw_params`).
public struct PCMStreamFormat: Sendable, Hashable {
    public var format: AudioSampleFormat
    public var channels: Int
    public var rate: UInt32
    /// Frames per period (`snd_pcm_hw_params_get_period_size`).
    public var periodFrames: Int
    /// Frames in the ring buffer (`snd_pcm_hw_params_get_buffer_size`).
    public var bufferFrames: Int

    public init(format: AudioSampleFormat, channels: Int, rate: UInt32, periodFrames: Int, bufferFrames: Int) {
        self.format = format
        self.channels = channels
        self.rate = rate
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
    }
}

/// An open, running capture PCM, owned by one thread (not Sendable: libasound
/// handles are not thread-safe). Closing happens in the owner's `deinit`
/// (`snd_pcm_close`).
package protocol PCMCaptureSource: AnyObject {
    var format: PCMStreamFormat { get }
    /// Waits up to `timeoutMilliseconds` for data (`snd_pcm_wait`), then reads
    /// up to `frames` interleaved frames (`snd_pcm_readi`). Returns the frames
    /// read, 0 when none came in time, or a negative errno (`-EPIPE` overrun,
    /// `-ESTRPIPE` suspended, `-ENODEV` / `-EBADFD` device gone).
    func read(into buffer: UnsafeMutableRawPointer, frames: Int, timeoutMilliseconds: Int32) -> Int
    /// Recovers from an overrun or suspend and restarts capture (`snd_pcm_recover`,
    /// `snd_pcm_start`); 0 or a negative errno.
    func recover(_ code: Int32) -> Int32
    /// Frames captured but not yet read, and when that was measured: `snd_pcm_delay`
    /// then `clock_gettime(CLOCK_MONOTONIC)`. Asked right after a read to date its
    /// frames; nil when the source cannot tell (the reader then assumes none pending).
    func delay() -> PCMDelay?
}

/// What `snd_pcm_delay` said, and when (`CLOCK_MONOTONIC`).
package struct PCMDelay: Sendable, Hashable {
    /// Frames the hardware has captured that no read has returned yet (the last read
    /// frame was captured about `frames / rate` before `monotonicNanoseconds`).
    package var frames: Int
    /// `clock_gettime(CLOCK_MONOTONIC)` right after `snd_pcm_delay`, in nanoseconds.
    package var monotonicNanoseconds: UInt64

    package init(frames: Int, monotonicNanoseconds: UInt64) {
        self.frames = frames
        self.monotonicNanoseconds = monotonicNanoseconds
    }
}

extension PCMCaptureSource {
    /// Sources written before timestamps: unknown.
    package func delay() -> PCMDelay? { nil }
}

extension ALSAPort {
    /// A port that cannot capture (kept for ports written before metering).
    package func openCapture(_ pcm: String, _ request: PCMCaptureRequest) throws(ALSAError) -> any PCMCaptureSource {
        throw ALSAError(call: "snd_pcm_open", target: pcm, errno: 19, message: "capture is not available here")
    }
}
