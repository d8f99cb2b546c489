/// One ALSA sound card that can capture: a camera's microphone (linked to the
/// camera by their common USB parent) or a microphone of its own.
///
/// Read with `snd_ctl_card_info` and, per PCM device, `snd_ctl_pcm_info` plus
/// `snd_pcm_hw_params_any` / `snd_pcm_hw_params_get_*` on `hw:CARD,DEVICE`.
public struct AudioCaptureCard: Sendable, Hashable, Codable {
    /// ALSA card index (`hw:N`); not stable across reboots, like `/dev/videoN`.
    public var card: Int32
    /// The card's ALSA id, e.g. `Loopback`, `C525` (`snd_ctl_card_info_get_id`).
    public var cardID: String
    /// `snd_ctl_card_info_get_name`.
    public var name: String
    /// `snd_ctl_card_info_get_longname`.
    public var longName: String
    /// `snd_ctl_card_info_get_driver`.
    public var driver: String
    /// The card's control node, `/dev/snd/controlCN`.
    public var controlPath: String
    /// Capture PCM devices of the card.
    public var pcms: [AudioCapturePCM]
    /// What could not be read (a PCM busy in another program, …).
    public var problems: [Problem]

    public init(
        card: Int32, cardID: String, name: String, longName: String, driver: String, controlPath: String,
        pcms: [AudioCapturePCM] = [], problems: [Problem] = []
    ) {
        self.card = card
        self.cardID = cardID
        self.name = name
        self.longName = longName
        self.driver = driver
        self.controlPath = controlPath
        self.pcms = pcms
        self.problems = problems
    }
}

/// One capture PCM device of a card (`hw:CARD,DEVICE`) and its hardware ranges.
public struct AudioCapturePCM: Sendable, Hashable, Codable {
    /// PCM device number on the card.
    public var device: Int32
    /// `hw:CARD,DEVICE` by card id, e.g. `hw:CARD=Loopback,DEV=0`.
    public var alsaName: String
    /// `snd_pcm_info_get_name`.
    public var name: String
    /// Number of capture subdevices (`snd_pcm_info_get_subdevices_count`).
    public var subdevices: UInt32
    /// Sample formats the hardware accepts, ALSA names (`S16_LE`, `U8`, …);
    /// empty when the PCM could not be opened (see `problems`).
    public var formats: [String]
    public var minChannels: UInt32?
    public var maxChannels: UInt32?
    /// Sample rates in Hz (`snd_pcm_hw_params_get_rate_min/max`).
    public var minRate: UInt32?
    public var maxRate: UInt32?
    /// Common rates inside [minRate, maxRate] that the hardware accepts
    /// (`snd_pcm_hw_params_test_rate`).
    public var rates: [UInt32]
    public var problems: [Problem]

    public init(
        device: Int32, alsaName: String, name: String, subdevices: UInt32, formats: [String] = [],
        minChannels: UInt32? = nil, maxChannels: UInt32? = nil, minRate: UInt32? = nil, maxRate: UInt32? = nil,
        rates: [UInt32] = [], problems: [Problem] = []
    ) {
        self.device = device
        self.alsaName = alsaName
        self.name = name
        self.subdevices = subdevices
        self.formats = formats
        self.minChannels = minChannels
        self.maxChannels = maxChannels
        self.minRate = minRate
        self.maxRate = maxRate
        self.rates = rates
        self.problems = problems
    }
}
