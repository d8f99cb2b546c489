import CamProbe

/// What one take's frame loop saw: frames written, frames the driver lost,
/// the first and last driver timestamps, and the error that ended it, if any.
struct TakeResult {
    var count = 0
    var lost = 0
    var first: UInt64?
    var last: UInt64 = 0
    var error: (any Error)?
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

/// Writes each frame to `file` in place until `wanted` frames are written or, when
/// the rate is unknown, `seconds` of the camera's own time have passed.
///
/// Not on the main actor on purpose: `VideoFrames.forEach` called from a nonisolated
/// function runs the loop on the stream's own thread, where a frame costs no heap
/// allocation (a `for try await` loop costs two per frame for the wake-up).
nonisolated func writeFrames(_ frames: VideoFrames, to handed: HandedFile, wanted: Int, seconds: Double) async -> TakeResult {
    var take = TakeResult()
    let file = handed.file
    let timed = frames.mode.frameRate == nil
    do {
        try await frames.forEach { frame in
            try frame.withUnsafeBytes { try file.append($0) }  // the driver's buffer, in place
            take.count += 1
            take.lost += frame.framesLostBefore
            take.first = take.first ?? frame.timestampNanoseconds
            take.last = frame.timestampNanoseconds
            let done = take.count >= wanted || (timed && Double(take.last - take.first!) >= seconds * 1e9)
            if done { await frames.stop() }  // the sequence ends after this frame
        }
    } catch {
        take.error = error
    }
    return take
}
