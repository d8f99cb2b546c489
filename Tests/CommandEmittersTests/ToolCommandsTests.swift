import CaptureModel
import CommandEmitters
import Negotiation
import Testing

/// Each tool's command for a choice, word for word (moved from NegotiationTests' RequestTests and
/// AudioNegotiatorTests when the tools left Negotiation), and commands for choices no camera should offer.
@Suite("Each --emit tool's command")
struct ToolCommandsTests {
    /// The C525's MJPG 1920x1080 at 30 fps.
    static func c525Choice() throws -> Choice {
        let d = try EmitFixtures.c525()
        let node = try #require(d.captures.first)
        let request = CaptureRequest(size: .exact(Dimensions(width: 1920, height: 1080)), rate: .exact(Rational(30, 1)))
        return try #require(Negotiator.decide(request, for: node, transport: d.transport, controls: node.controls).choice)
    }

    @Test func aCamerasCommands() throws {
        let c = try Self.c525Choice()
        #expect(
            try FFmpegCommandEmitter().command(c).get()
                == "ffmpeg -f v4l2 -input_format mjpeg -video_size 1920x1080 -framerate 30/1 -i /dev/video0 -c copy out.mkv")
        #expect(try GstCapsCommandEmitter().caps(c).get() == "image/jpeg,width=1920,height=1080,framerate=30/1")
        #expect(
            try GstLaunchCommandEmitter().command(c).get()
                == "gst-launch-1.0 v4l2src device=/dev/video0 ! image/jpeg,width=1920,height=1080,framerate=30/1 ! jpegdec ! videoconvert ! autovideosink"
        )
        #expect(
            V4L2CtlCommandEmitter().command(c)
                == "v4l2-ctl -d /dev/video0 --set-fmt-video=width=1920,height=1080,pixelformat=MJPG --set-parm=30")
        var odd = c
        odd.fourcc = FourCC("Y41P")
        #expect(throws: EmitRefusal("ffmpeg has no v4l2 input format for Y41P")) { try FFmpegCommandEmitter().command(odd).get() }
    }

    @Test func aMicrophonesCommandsNameTheCardById() throws {
        let c = try #require(AudioNegotiator.decide(AudioRequest(rate: 48000, channels: 2), cards: [EmitFixtures.loopback]).choice)
        #expect(
            try FFmpegCommandEmitter().command(c).get()
                == "ffmpeg -f alsa -c:a pcm_s16le -sample_rate 48000 -channels 2 -i hw:CARD=Loopback,DEV=1 -c:a copy out.wav")
        #expect(
            try GstLaunchCommandEmitter().command(c).get()
                == "gst-launch-1.0 alsasrc device=hw:CARD=Loopback,DEV=1 ! audio/x-raw,format=S16LE,rate=48000,channels=2,layout=interleaved "
                + "! audioconvert ! wavenc ! filesink location=out.wav")
        var s24 = c
        s24.sampleFormat = "S24_LE"
        #expect(throws: EmitRefusal.self) { try FFmpegCommandEmitter().command(s24).get() }
        #expect(try GstCapsCommandEmitter().caps(s24).get().contains("format=S24_32LE"))
        #expect(FFmpegCommandEmitter().pcmNote(c)?.contains("across reboots") == true)
    }

    /// libcamerasrc's line (`SensorPipelineSetup.gstreamer`, set by the command line) names the camera by libcamera's
    /// id, on the caps `--emit gst-caps` prints; a format GStreamer has no caps for gets none.
    @Test func libcamerasrcOnTheChoicesCaps() throws {
        var c = try Self.c525Choice()
        #expect(
            GstLibcameraCommandEmitter().command(c, cameraID: "platform/vimc.0 Sensor A")
                == "gst-launch-1.0 libcamerasrc camera-name='platform/vimc.0 Sensor A' ! image/jpeg,width=1920,height=1080,framerate=30/1 "
                + "! videoconvert ! autovideosink")
        c.fourcc = FourCC("RGGB")
        #expect(GstLibcameraCommandEmitter().command(c, cameraID: "platform/vimc.0 Sensor A") == nil)
    }

    /// A node path a shell would split is quoted as one word, a quote in it closed and escaped.
    @Test func aNodeIsOneShellWord() throws {
        let c = try Self.c525Choice()
        #expect(V4L2CtlCommandEmitter().command(c, device: "/dev/it's here").hasPrefix(#"v4l2-ctl -d '/dev/it'\''s here' "#))
        #expect(V4L2CtlCommandEmitter().command(c, device: "/dev/v4l/by-id/usb-X_Y-video-index0").hasPrefix("v4l2-ctl -d /dev/v4l/by-id/"))
    }

    /// Choices no driver should give (rates of 0/0, 1/UINT32_MAX and UINT32_MAX/1 s, the largest size, a padded or
    /// unknown code, a multi-planar node) get a command or a refusal from every tool, never a trap, and a command is
    /// one line. (NegotiationTests' hostile decisions ran the emitters before they left Negotiation.)
    @Test func hostileChoicesGetACommandOrARefusal() throws {
        let base = try Self.c525Choice()
        var choices: [Choice] = []
        for interval in [Rational(0, 0), Rational(1, UInt32.max), Rational(UInt32.max, 1), Rational(1, 1)] {
            for fourcc in [FourCC("MJPG"), FourCC("Y16 "), FourCC("????"), FourCC("H264")] {
                var c = base
                c.frameInterval = FrameDuration(interval)
                c.fourcc = fourcc
                choices.append(c)
                c.size = Dimensions(width: UInt32.max, height: UInt32.max)
                c.bufferType = .videoCaptureMultiplanar
                choices.append(c)
            }
        }
        var commands = 0
        for c in choices {
            for tool in EmitterRegistry.all {
                let camera = EmitterRegistry.camera(tool, CameraEmitInput(choice: c, cameraName: "hostile"), pipeline: nil)
                let together = EmitterRegistry.together(tool, c, index: Int.max)
                for line in [try? camera.get().line, try? together.get()].compactMap({ $0 }) {
                    #expect(!line.isEmpty && !line.contains("\n"), "\(tool.name): \(line)")
                    commands += 1
                }
            }
        }
        #expect(commands > choices.count, "the tools answered with commands, not only refusals")
    }
}
