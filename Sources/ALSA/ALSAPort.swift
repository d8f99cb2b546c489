/// What `snd_ctl_card_info` says about one card.
package struct ALSACardInfo: Sendable, Hashable {
    package var id: String
    package var name: String
    package var longName: String
    package var driver: String
    package init(id: String, name: String, longName: String, driver: String) {
        self.id = id
        self.name = name
        self.longName = longName
        self.driver = driver
    }
}

/// One capture PCM device of a card (`snd_ctl_pcm_next_device` + `snd_ctl_pcm_info`).
package struct ALSAPCMInfo: Sendable, Hashable {
    package var device: Int32
    package var name: String
    package var subdevices: UInt32
    package init(device: Int32, name: String, subdevices: UInt32) {
        self.device = device
        self.name = name
        self.subdevices = subdevices
    }
}

/// What the hardware accepts on one capture PCM (`snd_pcm_hw_params_any` and the
/// `snd_pcm_hw_params_get_*` / `_test_*` calls). Opening the PCM this way sets
/// nothing: no hw_params are installed.
package struct ALSAHardwareRanges: Sendable, Hashable {
    package var formats: [String]
    package var minChannels: UInt32
    package var maxChannels: UInt32
    package var minRate: UInt32
    package var maxRate: UInt32
    package var rates: [UInt32]
    package init(formats: [String], minChannels: UInt32, maxChannels: UInt32, minRate: UInt32, maxRate: UInt32, rates: [UInt32]) {
        self.formats = formats
        self.minChannels = minChannels
        self.maxChannels = maxChannels
        self.minRate = minRate
        self.maxRate = maxRate
        self.rates = rates
    }
}

/// The seam between camprobe and libasound: the real one calls ALSA, tests use a fake.
package protocol ALSAPort: Sendable {
    /// The corresponding C calls are `snd_ctl_open("hw:N")` and `snd_ctl_card_info`.
    func cardInfo(_ card: Int32) throws(ALSAError) -> ALSACardInfo
    /// Capture PCM devices of a card. The corresponding C calls are
    /// `snd_ctl_pcm_next_device` and `snd_ctl_pcm_info` with `SND_PCM_STREAM_CAPTURE`.
    func capturePCMs(_ card: Int32) throws(ALSAError) -> [ALSAPCMInfo]
    /// Hardware ranges of `hw:CARD,DEVICE`. The corresponding C calls are
    /// `snd_pcm_open(…, SND_PCM_NONBLOCK)` and `snd_pcm_hw_params_any`.
    func hardwareRanges(card: Int32, device: Int32) throws(ALSAError) -> ALSAHardwareRanges
    /// Opens `pcm` (`hw:1,0`, `plughw:Loopback,1,0`, …) for capture, installs
    /// hw params close to `request` and starts it. The corresponding C calls are
    /// `snd_pcm_open(…, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK)`, `snd_pcm_hw_params_set_*`,
    /// `snd_pcm_hw_params` and `snd_pcm_start`.
    func openCapture(_ pcm: String, _ request: PCMCaptureRequest) throws(ALSAError) -> any PCMCaptureSource
}
