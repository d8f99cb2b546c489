import CamProbe
import CamProbeCLI
import CaptureModel
import Testing

/// `InputSpelling`: the ways people write presets, sizes and formats.
@Suite("Input spelling")
struct InputSpellingTests {
    @Test(arguments: [
        ("high", SessionPreset.high), ("HIGH", .high), ("Medium", .medium), ("input-priority", .inputPriority),
        ("input_priority", .inputPriority), ("iframe1280x720", .iFrame1280x720), ("1280X720", .p1280x720), ("1920*1080", .p1920x1080),
    ])
    func presetsInAnyCase(_ text: String, _ preset: SessionPreset) {
        #expect(InputSpelling.preset(text) == preset)
    }

    @Test func unknownPresetsAreNilWithAHint() {
        #expect(InputSpelling.preset("hgh") == nil)
        #expect(InputSpelling.presetHint("hgh") == " (did you mean 'high'?)")
        #expect(InputSpelling.presetHint("zzzzzz") == "")
    }

    @Test func sizesAndTheirGuesses() {
        for text in ["1280x720", "1280X720", "1280*720", "1280 x 720", " 1280×720 "] {
            #expect(InputSpelling.size(text) == Dimensions(width: 1280, height: 720), "\(text)")
        }
        #expect(InputSpelling.size("1280by720") == nil)
        #expect(InputSpelling.sizeGuess("1280by720") == "1280x720")
        #expect(InputSpelling.sizeGuess("1280, 720, 3") == nil)
        #expect(InputSpelling.sizeGuess("0x720") == nil)
    }

    @Test func formatNamesAndCodes() {
        #expect(InputSpelling.fourCC("mjpeg") == FourCC("MJPG"))
        #expect(InputSpelling.fourCC("Yuyv422") == FourCC("YUYV"))
        #expect(InputSpelling.fourCC("JPEG") == FourCC("JPEG"))
        #expect(InputSpelling.fourCC("jpeg") == FourCC("MJPG"))
        #expect(InputSpelling.fourCC("y16") == FourCC("Y16 "))
        #expect(InputSpelling.fourCC("mjpegx") == nil)
        #expect(InputSpelling.formatHint("mjpegx").contains("'mjpeg'"))
    }
}
