/// One buffer of PCM samples from a capture PCM, as it arrived: what one
/// `snd_pcm_readi` returned, like a `CMSampleBuffer` from
/// `AVCaptureAudioDataOutput`.
public struct AudioBuffer: Sendable, Hashable {
    /// The frames, interleaved (`SND_PCM_ACCESS_RW_INTERLEAVED`), in `format.format`
    /// (little-endian): `frameCount * format.channels * format.format.bytesPerSample` bytes.
    public var bytes: [UInt8]
    /// Sample format, channels and rate the hardware agreed to (`snd_pcm_hw_params_get_*`).
    public var format: PCMStreamFormat
    /// Frames in `bytes` (the frames `snd_pcm_readi` returned).
    public var frameCount: Int
    /// When the first frame was captured, `CLOCK_MONOTONIC` nanoseconds: the
    /// `clock_gettime(CLOCK_MONOTONIC)` taken with `snd_pcm_delay` right after the read,
    /// minus (the frames still pending + `frameCount`) at `format.rate`. Without
    /// `snd_pcm_delay`, the time the read returned minus `frameCount` at the rate.
    public var timestampNanoseconds: UInt64
    /// 0, 1, 2, … in capture order; a gap means buffers were dropped (see `discontinuity`).
    public var sequence: UInt64
    /// Frames are missing between the previous buffer delivered and this one: an
    /// overrun (`snd_pcm_readi` returned `-EPIPE`, recovered with `snd_pcm_recover`) or
    /// a consumer too slow for the queue (the oldest buffers were dropped).
    public var discontinuity: Bool
    /// How many frames are missing before this buffer, when `discontinuity`: exact for
    /// buffers dropped from the queue; for an overrun estimated from the timestamps (the
    /// gap between where the previous buffer ended and this one starts, so within the
    /// scheduling jitter of `clock_gettime`). nil when not known or no discontinuity.
    public var framesLost: Int?

    public init(
        bytes: [UInt8], format: PCMStreamFormat, frameCount: Int, timestampNanoseconds: UInt64, sequence: UInt64,
        discontinuity: Bool = false, framesLost: Int? = nil
    ) {
        self.bytes = bytes
        self.format = format
        self.frameCount = frameCount
        self.timestampNanoseconds = timestampNanoseconds
        self.sequence = sequence
        self.discontinuity = discontinuity
        self.framesLost = framesLost
    }

    /// `frameCount` at `format.rate`, in nanoseconds.
    public var durationNanoseconds: UInt64 {
        format.rate == 0 ? 0 : UInt64(frameCount) * 1_000_000_000 / UInt64(format.rate)
    }

    /// Sample `frame` of `channel` as a fraction of full scale, in [−1, 1]
    /// (`AudioSampleFormat.sample`).
    public func sample(frame: Int, channel: Int) -> Double {
        precondition(frame >= 0 && frame < frameCount && channel >= 0 && channel < format.channels)
        let index = frame * format.channels + channel
        return bytes.withUnsafeBytes { format.format.sample($0, at: index) }
    }
}
