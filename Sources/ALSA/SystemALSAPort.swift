internal import CALSA

/// The real libasound. Each call opens and closes its own handle, so the
/// value is stateless and safe to share.
package struct SystemALSAPort: ALSAPort {
    /// Sample formats tested on each PCM, in the order they are listed.
    static let formats: [(snd_pcm_format_t, String)] = [
        (SND_PCM_FORMAT_S8, "S8"), (SND_PCM_FORMAT_U8, "U8"), (SND_PCM_FORMAT_S16_LE, "S16_LE"), (SND_PCM_FORMAT_S16_BE, "S16_BE"),
        (SND_PCM_FORMAT_S24_LE, "S24_LE"), (SND_PCM_FORMAT_S24_3LE, "S24_3LE"), (SND_PCM_FORMAT_S32_LE, "S32_LE"),
        (SND_PCM_FORMAT_FLOAT_LE, "FLOAT_LE"), (SND_PCM_FORMAT_MU_LAW, "MU_LAW"), (SND_PCM_FORMAT_A_LAW, "A_LAW"),
    ]
    /// Rates tested inside the advertised range.
    static let commonRates: [UInt32] = [8000, 11025, 16000, 22050, 24000, 32000, 44100, 48000, 88200, 96000, 176400, 192000]

    package init() { calsa_silence_errors() }

    func fail(_ call: String, _ target: String, _ rc: Int32) -> ALSAError {
        ALSAError(call: call, target: target, errno: -rc, message: String(cString: snd_strerror(rc)))
    }

    /// Opens the card's control interface for `body` (`snd_ctl_open` / `snd_ctl_close`).
    func withControl<T>(_ card: Int32, _ body: (OpaquePointer, String) throws(ALSAError) -> T) throws(ALSAError) -> T {
        let target = "hw:\(card)"
        var ctl: OpaquePointer?
        let rc = snd_ctl_open(&ctl, target, 0)
        guard rc >= 0, let ctl else { throw fail("snd_ctl_open", target, rc) }
        defer { snd_ctl_close(ctl) }
        return try body(ctl, target)
    }

    package func cardInfo(_ card: Int32) throws(ALSAError) -> ALSACardInfo {
        try withControl(card) { (ctl, target) throws(ALSAError) in try cardInfo(ctl, target) }
    }

    func cardInfo(_ ctl: OpaquePointer, _ target: String) throws(ALSAError) -> ALSACardInfo {
        var info: OpaquePointer?
        guard snd_ctl_card_info_malloc(&info) >= 0, let info else { throw fail("snd_ctl_card_info_malloc", target, -12) }
        defer { snd_ctl_card_info_free(info) }
        let r = snd_ctl_card_info(ctl, info)
        guard r >= 0 else { throw fail("snd_ctl_card_info", target, r) }
        return ALSACardInfo(
            id: String(cString: snd_ctl_card_info_get_id(info)), name: String(cString: snd_ctl_card_info_get_name(info)),
            longName: String(cString: snd_ctl_card_info_get_longname(info)),
            driver: String(cString: snd_ctl_card_info_get_driver(info)))
    }

    package func capturePCMs(_ card: Int32) throws(ALSAError) -> [ALSAPCMInfo] {
        try withControl(card) { (ctl, target) throws(ALSAError) in try capturePCMs(ctl, target) }
    }

    func capturePCMs(_ ctl: OpaquePointer, _ target: String) throws(ALSAError) -> [ALSAPCMInfo] {
        var info: OpaquePointer?
        guard snd_pcm_info_malloc(&info) >= 0, let info else { throw fail("snd_pcm_info_malloc", target, -12) }
        defer { snd_pcm_info_free(info) }
        var out: [ALSAPCMInfo] = []
        var device: Int32 = -1
        for _ in 0..<AudioLimits.maxPCMDevices {
            let r = snd_ctl_pcm_next_device(ctl, &device)
            guard r >= 0 else { throw fail("snd_ctl_pcm_next_device", target, r) }
            if device < 0 { break }
            snd_pcm_info_set_device(info, UInt32(device))
            snd_pcm_info_set_subdevice(info, 0)
            snd_pcm_info_set_stream(info, SND_PCM_STREAM_CAPTURE)
            let q = snd_ctl_pcm_info(ctl, info)
            if q == -2 { continue }  // ENOENT: playback-only device
            guard q >= 0 else { throw fail("snd_ctl_pcm_info", "\(target),\(device)", q) }
            out.append(
                ALSAPCMInfo(
                    device: device, name: String(cString: snd_pcm_info_get_name(info)),
                    subdevices: snd_pcm_info_get_subdevices_count(info)))
        }
        return out
    }

    package func hardwareRanges(card: Int32, device: Int32) throws(ALSAError) -> ALSAHardwareRanges {
        let target = "hw:\(card),\(device)"
        var pcm: OpaquePointer?
        let rc = snd_pcm_open(&pcm, target, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK)
        guard rc >= 0, let pcm else { throw fail("snd_pcm_open", target, rc) }
        defer { snd_pcm_close(pcm) }
        var hw: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&hw) >= 0, let hw else { throw fail("snd_pcm_hw_params_malloc", target, -12) }
        defer { snd_pcm_hw_params_free(hw) }
        let r = snd_pcm_hw_params_any(pcm, hw)
        guard r >= 0 else { throw fail("snd_pcm_hw_params_any", target, r) }
        let formats = Self.formats.filter { snd_pcm_hw_params_test_format(pcm, hw, $0.0) == 0 }.map(\.1)
        var cmin: UInt32 = 0
        var cmax: UInt32 = 0
        var rmin: UInt32 = 0
        var rmax: UInt32 = 0
        var dir: Int32 = 0
        _ = snd_pcm_hw_params_get_channels_min(hw, &cmin)
        _ = snd_pcm_hw_params_get_channels_max(hw, &cmax)
        _ = snd_pcm_hw_params_get_rate_min(hw, &rmin, &dir)
        _ = snd_pcm_hw_params_get_rate_max(hw, &rmax, &dir)
        let rates = Self.commonRates.filter { $0 >= rmin && $0 <= rmax && snd_pcm_hw_params_test_rate(pcm, hw, $0, 0) == 0 }
        return ALSAHardwareRanges(formats: formats, minChannels: cmin, maxChannels: cmax, minRate: rmin, maxRate: rmax, rates: rates)
    }
}
