import CamProbe

#if canImport(Glibc)
    import Glibc
#endif

/// What one take's frame loop saw: frames written, frames the driver lost,
/// the first and last driver timestamps, and the error that ended it, if any.
struct TakeResult {
    var count = 0
    var lost = 0
    var first: UInt64?
    var last: UInt64 = 0
    var error: (any Error)?
}

/// When a take ends on its own: `wanted` frames, or `seconds` of the camera's time when the
/// rate is unknown (--max-duration), or a file that would pass `maxBytes` (--max-size).
struct TakeLimits: Sendable {
    var wanted: Int
    var seconds: Double
    var maxBytes: UInt64?
    /// Print a `Progress:` line at the first frame and every second after (--progress).
    var progress: Bool
}

/// The video file handed to the frame loop and back.
///
/// `@unchecked Sendable` is true because one task uses the file at a time: the
/// recorder hands it to `writeFrames` and touches it again (to close it) only
/// after that call has returned, when the loop has ended.
final class HandedFile: @unchecked Sendable {
    let file: any VideoFile
    init(_ file: any VideoFile) { self.file = file }
}

/// CLOCK_MONOTONIC in seconds: the clock the guest checks compare `Progress:` lines with.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Writes each frame to `file` in place until a limit in `limits` is reached (which becomes
/// `control`'s reason) or `control` has a reason to stop from elsewhere (a signal, the audio, free space).
///
/// Not on the main actor on purpose: `VideoFrames.forEach` called from a nonisolated
/// function runs the loop on the stream's own thread, where a frame costs no heap
/// allocation (a `for try await` loop costs two per frame for the wake-up).
nonisolated func writeFrames(
    _ frames: VideoFrames, to handed: HandedFile, limits: TakeLimits, control: StopControl, path: String
) async -> TakeResult {
    var take = TakeResult()
    let file = handed.file
    let timed = frames.mode.frameRate == nil
    var lastProgress: Double?
    do {
        try await frames.forEach { frame in
            if control.reason != nil {
                await frames.stop()  // a signal, the audio's limit or free space: this frame is not written
                return
            }
            if let maxBytes = limits.maxBytes, file.fileBytes + file.bytesToAppend(frame.bytesUsed) > maxBytes {
                control.stop(.maxSize(maxBytes))
                await frames.stop()
                return
            }
            // The driver's buffer, in place; a frame already given back throws (kind `released`), never empty bytes.
            try frame.withUnsafeBytes { try file.append($0) }
            take.count += 1
            take.lost += frame.framesLostBefore
            take.first = take.first ?? frame.timestampNanoseconds
            take.last = frame.timestampNanoseconds
            if limits.progress, lastProgress.map({ monotonicSeconds() - $0 >= 1 }) ?? true {
                let now = monotonicSeconds()
                lastProgress = now
                say("Progress: \(take.count) frames, \(file.fileBytes) bytes to \(path) at monotonic \(now) s")
            }
            let done = take.count >= limits.wanted || (timed && Double(take.last - take.first!) >= limits.seconds * 1e9)
            if done {
                control.stop(.maxDuration(limits.seconds))
                await frames.stop()  // the sequence ends after this frame
            }
        }
    } catch {
        take.error = error
    }
    return take
}
