import ALSA
import CaptureModel

extension AudioCapturePCM {
    /// Buffers from this capture PCM (`alsaName`, `hw:CARD=ID,DEV=N`) as they arrive,
    /// read through `port` (libasound by default; `DeviceSystem.alsa` for a fake machine).
    package func bufferStream(request: PCMCaptureRequest = PCMCaptureRequest(), port: any ALSAPort) -> AudioBufferStream {
        AudioBufferStream(pcm: alsaName, request: request, port: port)
    }

    /// Buffers from this capture PCM (`alsaName`, `hw:CARD=ID,DEV=N`) as they arrive, read through libasound.
    public func bufferStream(request: PCMCaptureRequest = PCMCaptureRequest()) -> AudioBufferStream {
        bufferStream(request: request, port: SystemALSAPort())
    }
}

extension Device {
    /// Buffers from the device's microphone — the first capture PCM of its first ALSA
    /// card, the one `camprobe levels DEVICE` meters — read through `system`'s libasound.
    /// nil when no capture card belongs to the device.
    package func microphoneBufferStream(request: PCMCaptureRequest = PCMCaptureRequest(), system: any DeviceSystem) -> AudioBufferStream? {
        guard let pcm = audio.first?.pcms.first else { return nil }
        var stream = pcm.bufferStream(request: request, port: system.alsa)
        stream.device = id
        return stream
    }

    /// Buffers from the device's microphone — the first capture PCM of its first ALSA
    /// card, the one `camprobe levels DEVICE` meters — read through libasound.
    /// nil when no capture card belongs to the device.
    public func microphoneBufferStream(request: PCMCaptureRequest = PCMCaptureRequest()) -> AudioBufferStream? {
        microphoneBufferStream(request: request, system: SystemDeviceSystem())
    }
}
