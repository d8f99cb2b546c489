internal import CALSA
import CaptureModel
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

extension SystemALSAPort {
    package func openCapture(_ pcm: String, _ request: PCMCaptureRequest) throws(ALSAError) -> any PCMCaptureSource {
        try SystemPCMCapture(name: pcm, request: request)
    }
}

/// A capture PCM opened with libasound; closed (`snd_pcm_close`) in `deinit`.
final class SystemPCMCapture: PCMCaptureSource {
    private let pcm: OpaquePointer
    let format: PCMStreamFormat

    static let alsaFormats: [AudioSampleFormat: snd_pcm_format_t] = [
        .s16LE: SND_PCM_FORMAT_S16_LE, .s32LE: SND_PCM_FORMAT_S32_LE, .s24LE: SND_PCM_FORMAT_S24_LE,
        .floatLE: SND_PCM_FORMAT_FLOAT_LE, .u8: SND_PCM_FORMAT_U8,
    ]

    static func fail(_ call: String, _ target: String, _ rc: Int32) -> ALSAError {
        ALSAError(call: call, target: target, errno: -rc, message: String(cString: snd_strerror(rc)))
    }

    init(name: String, request: PCMCaptureRequest) throws(ALSAError) {
        calsa_silence_errors()
        var handle: OpaquePointer?
        let rc = snd_pcm_open(&handle, name, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK)
        guard rc >= 0, let handle else { throw Self.fail("snd_pcm_open", name, rc) }
        do throws(ALSAError) {
            format = try Self.configure(handle, name, request)
        } catch {
            snd_pcm_close(handle)
            throw error
        }
        pcm = handle
    }

    /// Installs interleaved hw params: the first format of `AudioSampleFormat.preference`
    /// the hardware takes, channels and rate near the request, a ~50 ms period and
    /// a 4-period buffer; then starts capture.
    private static func configure(_ pcm: OpaquePointer, _ name: String, _ request: PCMCaptureRequest) throws(ALSAError) -> PCMStreamFormat {
        var hwp: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&hwp) >= 0, let hw = hwp else { throw fail("snd_pcm_hw_params_malloc", name, -ENOMEM) }
        defer { snd_pcm_hw_params_free(hw) }
        var r = snd_pcm_hw_params_any(pcm, hw)
        guard r >= 0 else { throw fail("snd_pcm_hw_params_any", name, r) }
        r = snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED)
        guard r >= 0 else { throw fail("snd_pcm_hw_params_set_access", name, r) }
        guard
            let chosen = AudioSampleFormat.preference.first(where: {
                snd_pcm_hw_params_test_format(pcm, hw, alsaFormats[$0]!) == 0
            })
        else {
            throw ALSAError(
                call: "snd_pcm_hw_params_set_format", target: name, errno: EINVAL,
                message: "none of S16_LE, S32_LE, S24_LE, FLOAT_LE, U8 is accepted")
        }
        r = snd_pcm_hw_params_set_format(pcm, hw, alsaFormats[chosen]!)
        guard r >= 0 else { throw fail("snd_pcm_hw_params_set_format", name, r) }
        var channels = request.channels
        r = snd_pcm_hw_params_set_channels_near(pcm, hw, &channels)
        guard r >= 0 else { throw fail("snd_pcm_hw_params_set_channels_near", name, r) }
        var rate = request.rate
        var dir: Int32 = 0
        r = snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, &dir)
        guard r >= 0 else { throw fail("snd_pcm_hw_params_set_rate_near", name, r) }
        var periodTime = request.periodMicroseconds
        dir = 0
        r = snd_pcm_hw_params_set_period_time_near(pcm, hw, &periodTime, &dir)
        guard r >= 0 else { throw fail("snd_pcm_hw_params_set_period_time_near", name, r) }
        var period: snd_pcm_uframes_t = 0
        dir = 0
        _ = snd_pcm_hw_params_get_period_size(hw, &period, &dir)
        var buffer = snd_pcm_uframes_t(max(1, Int(period))) * snd_pcm_uframes_t(max(2, request.periods))
        r = snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer)
        guard r >= 0 else { throw fail("snd_pcm_hw_params_set_buffer_size_near", name, r) }
        r = snd_pcm_hw_params(pcm, hw)
        guard r >= 0 else { throw fail("snd_pcm_hw_params", name, r) }
        dir = 0
        _ = snd_pcm_hw_params_get_period_size(hw, &period, &dir)
        _ = snd_pcm_hw_params_get_buffer_size(hw, &buffer)
        _ = snd_pcm_hw_params_get_channels(hw, &channels)
        _ = snd_pcm_hw_params_get_rate(hw, &rate, &dir)
        r = snd_pcm_start(pcm)
        guard r >= 0 else { throw fail("snd_pcm_start", name, r) }
        return PCMStreamFormat(
            format: chosen, channels: Int(channels), rate: rate, periodFrames: max(1, Int(period)), bufferFrames: Int(buffer))
    }

    func read(into buffer: UnsafeMutableRawPointer, frames: Int, timeoutMilliseconds: Int32) -> Int {
        let w = snd_pcm_wait(pcm, timeoutMilliseconds)
        if w < 0 { return Int(w) }
        if w == 0 { return 0 }
        let n = snd_pcm_readi(pcm, buffer, snd_pcm_uframes_t(max(0, frames)))
        if n == -Int(EAGAIN) { return 0 }
        return Int(n)
    }

    func recover(_ code: Int32) -> Int32 {
        let r = snd_pcm_recover(pcm, code, 1)
        guard r >= 0 else { return r }
        let s = snd_pcm_start(pcm)
        return s == -EBADFD ? 0 : s  // already running after recover
    }

    func delay() -> PCMDelay? {
        var frames: snd_pcm_sframes_t = 0
        guard snd_pcm_delay(pcm, &frames) >= 0 else { return nil }
        return PCMDelay(frames: max(0, Int(frames)), monotonicNanoseconds: monotonicNanoseconds())
    }

    deinit { snd_pcm_close(pcm) }
}
