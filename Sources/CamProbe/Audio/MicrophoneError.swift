import ALSA
import CaptureModel

/// Why a `Microphone` call, or its buffers, failed.
///
/// Its `kind` is `CaptureDeviceError`'s, so a recorder handles a camera and its microphone alike:
/// `disconnected` when the device went away, `busy` (with `holders`) when another program captures
/// from the PCM, `stalled` when no audio came for 5 s, `closed` after
/// `Microphone.close()`, `failed` otherwise. The libasound call that failed is `underlying`.
public struct MicrophoneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure (a microphone's are never `released` or `interrupted`).
    public var kind: CaptureDeviceError.Kind
    /// The device the microphone belongs to.
    public var id: DeviceID
    /// The capture PCM (`hw:CARD=ID,DEV=N`).
    public var pcm: String
    /// What happened, in a sentence that names the PCM.
    public var message: String
    /// The processes that hold the PCM (from `/proc/asound`), when the kind is `busy` and they can be seen.
    public var holders: [NodeHolder]
    /// The libasound call that failed (`snd_pcm_open`, `snd_pcm_readi`, …, with its errno), when one did.
    public var underlying: ALSAError?
    /// The message.
    public var description: String { message }

    /// An error of `kind` for the microphone `pcm` of device `id`, saying `message` (for a recorder that
    /// reports its own failures in the same type, and for tests).
    public init(
        kind: CaptureDeviceError.Kind, id: DeviceID, pcm: String, message: String, holders: [NodeHolder] = [],
        underlying: ALSAError? = nil
    ) {
        self.kind = kind
        self.id = id
        self.pcm = pcm
        self.message = message
        self.holders = holders
        self.underlying = underlying
    }

    /// The one mapping of a libasound read failure onto the recorder's kinds.
    init(_ error: AudioLevelMeterError, device: DeviceID) {
        let kind: CaptureDeviceError.Kind =
            switch error.kind {
            case .busy: .busy
            case .deviceGone: .disconnected
            case .noData: .stalled
            case .xruns, .failed, .noThread: .failed
            }
        self.init(
            kind: kind, id: device, pcm: error.pcm, message: error.message,
            holders: error.holders.map { NodeHolder(pid: $0.pid, commandLine: $0.command) }, underlying: error.underlying)
    }
}
