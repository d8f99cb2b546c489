import CamProbe

/// When an audio file ends on its own, and what it may do to the rest of the recording.
struct AudioLimits: Sendable {
    /// --max-duration: the file ends after this much audio.
    var seconds: Double
    /// --max-size: the file never passes this; reaching it stops the whole recording.
    var maxBytes: UInt64?
    /// True when the audio is the whole recording (no camera): reaching `seconds`
    /// then stops the recording; beside a camera, the video's count decides.
    var leads: Bool
    /// Print a `Progress:` line at the first buffer and every second after (--progress).
    var progress: Bool = false
}

/// Writes every buffer of `microphone` to `path` as WAV (its header rewritten after each buffer,
/// see WAVWriter) until `limits` or `control` ends it, or the task is cancelled; then closes the microphone.
func recordAudio(_ microphone: Microphone, to path: String, limits: AudioLimits, control: StopControl) async -> String {
    control.begin()
    defer {
        microphone.close()
        control.end()
    }
    var wav: WAVWriter?
    var frames = 0
    var rate: UInt32 = 0
    var lastProgress: Double?
    do {
        for try await buffer in try microphone.buffers() {
            if control.reason != nil { break }
            if wav == nil {
                rate = buffer.format.rate
                wav = try WAVWriter(
                    path: path, format: buffer.format.format.rawValue, channels: buffer.format.channels, sampleRate: buffer.format.rate)
            }
            guard let file = wav else { break }
            let wanted = Int(limits.seconds * Double(rate))
            let take = min(buffer.frameCount, wanted - frames)
            let bytes = take * buffer.bytes.count / max(buffer.frameCount, 1)
            if let maxBytes = limits.maxBytes, file.fileBytes + file.bytesToAppend(bytes) > maxBytes {
                control.stop(.maxSize(maxBytes))
                break
            }
            try buffer.bytes.withUnsafeBytes { all in
                try file.append(UnsafeRawBufferPointer(rebasing: all[0..<bytes]))
            }
            frames += take
            if limits.progress, lastProgress.map({ monotonicSeconds() - $0 >= 1 }) ?? true {
                let now = monotonicSeconds()
                lastProgress = now
                say("Progress: \(frames) audio frames, \(file.fileBytes) bytes to \(path) at monotonic \(now) s")
            }
            if frames >= wanted {
                if limits.leads { control.stop(.maxDuration(limits.seconds)) }
                break
            }
        }
    } catch {
        say("Audio stopped: \(error)")
    }
    _ = try? wav?.close()
    return wav == nil
        ? "Recorded audio: nothing (the microphone delivered no buffer)" : "Recorded audio: \(frames) frames at \(rate) Hz to \(path)"
}
