/// One sound card as libasound would describe it.
package struct FakeAudioSpec: Codable, Sendable {
    package var id: String
    package var name: String
    package var longName: String?
    package var driver: String?
    /// errno name `snd_ctl_open` fails with, e.g. "EACCES".
    package var openError: String?
    package var pcms: [FakePCMSpec]

    package struct FakePCMSpec: Codable, Sendable {
        package var device: Int32
        package var name: String
        /// "capture" (default) or "playback".
        package var stream: String?
        package var subdevices: UInt32?
        package var formats: [String]?
        /// "1-2"
        package var channels: String?
        /// "5500-48000"
        package var rates: String?
        /// errno name `snd_pcm_open` fails with, e.g. "EBUSY".
        package var openError: String?
        /// What capturing delivers (`camprobe levels`): per channel the peak of a
        /// 1 kHz sine in dBFS (0 = full scale), null for silence. Absent: stereo silence.
        package var levels: [Double?]?
        /// Capturing reports `-ENODEV` (unplugged) after this many frames.
        package var goneAfterFrames: Int?
        /// Every this many frames a read reports one overrun (`-EPIPE`).
        package var xrunEveryFrames: Int?
        /// Deliver frames at the sample rate (as hardware does) instead of as fast as they are read.
        package var realTime: Bool?
    }
}
