import ALSA
import CaptureModel

extension AudioCapturePCM {
    /// Buffers from this capture PCM (`alsaName`, `hw:CARD=ID,DEV=N`) as they arrive,
    /// read through `port` (libasound by default; `DeviceSystem.alsa` for a fake machine).
    /// A recorder opens a `Microphone` instead.
    package func bufferStream(request: PCMCaptureRequest = PCMCaptureRequest(), port: any ALSAPort) -> AudioBufferStream {
        AudioBufferStream(pcm: alsaName, request: request, port: port)
    }
}
