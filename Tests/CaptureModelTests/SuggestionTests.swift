import Testing

@testable import CaptureModel

@Suite struct SuggestionTests {
    @Test func typosFindTheWord() {
        let presets = ["photo", "high", "medium", "low", "hd1280x720", "hd1920x1080", "vga640x480"]
        #expect(Suggestion.nearest("hgh", among: presets) == ["high"])
        #expect(Suggestion.nearest("HIGH", among: presets) == ["high"])
        #expect(Suggestion.nearest("meduim", among: presets) == ["medium"])
        #expect(Suggestion.nearest("1280x720", among: presets) == ["hd1280x720"])
    }

    @Test func separatorsAndCaseDoNotCount() {
        let controls = ["white_balance_automatic", "brightness", "contrast"]
        #expect(Suggestion.nearest("brightnes", among: controls) == ["brightness"])
        #expect(Suggestion.nearest("White Balance Automatic", among: controls) == ["white_balance_automatic"])
    }

    @Test func farWordsGetNothing() {
        #expect(Suggestion.nearest("zoom", among: ["brightness", "contrast"]).isEmpty)
        #expect(Suggestion.hint("zoom", among: ["brightness"]) == "")
        #expect(Suggestion.nearest("", among: ["a"]).isEmpty)
    }

    @Test func hintListsNearestFirst() {
        #expect(
            Suggestion.hint("gain", among: ["gains", "gain_automatic", "rain"]) == " (did you mean 'gains', 'rain' or 'gain_automatic'?)")
        #expect(Suggestion.hint("hgh", among: ["high"]) == " (did you mean 'high'?)")
    }
}
