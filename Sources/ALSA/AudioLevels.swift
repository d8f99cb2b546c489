#if canImport(Glibc)
    import Glibc
#endif

/// The level of one channel over one reading interval, as `AVCaptureAudioChannel`
/// reports it: decibels relative to full scale, where a full-scale square wave
/// is 0 dBFS (so a full-scale sine averages −3.01 dBFS and peaks at 0).
public struct AudioChannelLevel: Sendable, Hashable, Codable {
    /// RMS power over the interval, in dBFS: `20·log10(√(Σx²/n))`; nil for
    /// silence (every sample zero), which is −∞ dB.
    public var averagePowerLevel: Double?
    /// Peak hold: the largest |sample| over the interval, in dBFS; nil for silence.
    public var peakHoldLevel: Double?

    /// A channel's levels, in dBFS (nil: silence).
    public init(averagePowerLevel: Double?, peakHoldLevel: Double?) {
        self.averagePowerLevel = averagePowerLevel
        self.peakHoldLevel = peakHoldLevel
    }
}

/// One reading of a capture PCM: every channel's level over the same interval.
package struct AudioLevels: Sendable, Hashable, Codable {
    /// Channels in ALSA's interleaved order (0 = left, 1 = right, …).
    package var channels: [AudioChannelLevel]
    /// Frames the reading covers (`rate × interval`).
    package var frames: Int
    /// Overruns (`snd_pcm_readi` returned `-EPIPE`) since metering began, each
    /// recovered with `snd_pcm_recover`; 0 when none.
    package var xruns: Int

    package init(channels: [AudioChannelLevel], frames: Int, xruns: Int = 0) {
        self.channels = channels
        self.frames = frames
        self.xruns = xruns
    }
}

/// The level arithmetic, on samples already scaled to [−1, 1].
package enum AudioLevelMath {
    /// `20·log10(amplitude)`; nil when the amplitude is 0 (silence, −∞ dB).
    package static func decibels(_ amplitude: Double) -> Double? {
        guard amplitude > 0, amplitude.isFinite else { return nil }
        return 20 * log10(amplitude)
    }

    /// The levels of interleaved samples with `channels` channels (a trailing
    /// partial frame is ignored).
    package static func levels(interleaved samples: [Double], channels: Int) -> [AudioChannelLevel] {
        var a = AudioLevelAccumulator(channels: channels)
        samples.withUnsafeBufferPointer { a.add(interleaved: $0) }
        return a.take()
    }
}

/// Sums of squares and peaks per channel, taken and reset once per reading.
package struct AudioLevelAccumulator: Sendable {
    package let channels: Int
    private var sumSquares: [Double]
    private var peaks: [Double]
    /// Frames added since the last `take()`.
    package private(set) var frames = 0

    package init(channels: Int) {
        self.channels = max(1, channels)
        sumSquares = Array(repeating: 0, count: max(1, channels))
        peaks = Array(repeating: 0, count: max(1, channels))
    }

    /// Adds whole frames of interleaved samples in [−1, 1].
    package mutating func add(interleaved samples: UnsafeBufferPointer<Double>) {
        let n = samples.count / channels
        for f in 0..<n {
            for c in 0..<channels {
                let x = samples[f * channels + c]
                sumSquares[c] += x * x
                let m = abs(x)
                if m > peaks[c] { peaks[c] = m }
            }
        }
        frames += n
    }

    /// Adds `frames` frames of raw interleaved `format` samples. The format is
    /// looked at once per buffer, not per sample (this runs ~100 000 times a second).
    package mutating func add(_ bytes: UnsafeRawBufferPointer, format: AudioSampleFormat, frames count: Int) {
        let n = min(count, bytes.count / (format.bytesPerSample * channels))
        guard n > 0, let base = bytes.baseAddress else { return }
        let channels = channels
        sumSquares.withUnsafeMutableBufferPointer { sums in
            peaks.withUnsafeMutableBufferPointer { peaks in
                func run(_ decode: (Int) -> Double) {
                    var i = 0
                    for _ in 0..<n {
                        for c in 0..<channels {
                            let x = decode(i)
                            i += 1
                            sums[c] += x * x
                            let m = abs(x)
                            if m > peaks[c] { peaks[c] = m }
                        }
                    }
                }
                switch format {
                case .s16LE:
                    run { Double(Int16(littleEndian: base.loadUnaligned(fromByteOffset: $0 &* 2, as: Int16.self))) * (1.0 / 32768) }
                case .s32LE:
                    run { Double(Int32(littleEndian: base.loadUnaligned(fromByteOffset: $0 &* 4, as: Int32.self))) * (1.0 / 2_147_483_648) }
                case .s24LE, .floatLE, .u8:
                    run { format.sample(bytes, at: $0) }
                }
            }
        }
        frames += n
    }

    /// The levels since the last take, and a fresh start.
    package mutating func take() -> [AudioChannelLevel] {
        let out = (0..<channels).map { c in
            AudioChannelLevel(
                averagePowerLevel: frames == 0 ? nil : AudioLevelMath.decibels((sumSquares[c] / Double(frames)).squareRoot()),
                peakHoldLevel: AudioLevelMath.decibels(peaks[c]))
        }
        for c in 0..<channels {
            sumSquares[c] = 0
            peaks[c] = 0
        }
        frames = 0
        return out
    }
}
