import Testing

@testable import ProfileFormat
@testable import TextImport

/// Inputs libFuzzer found that stopped a reader (Reports/fuzzing.md); each is also kept in
/// Tests/FuzzCorpus/READER/seed-regression-* and replayed by `FuzzCorpusReplayTests`.
@Suite struct FuzzRegressionTests {
    /// lsusb -v: `bInterfaceNumber` or `bAlternateSetting` past Int.max trapped converting UInt64 to Int
    /// (found 2026-11-24 after 67,002 executions). Nonsense, but read without a trap, in both modes.
    @Test(arguments: ["bInterfaceNumber", "bAlternateSetting"])
    func anInterfaceNumberPastIntMaxIsRead(field: String) {
        let text = """
            Bus 001 Device 009: ID 046d:0825 Logitech, Inc. Webcam C270
            Device Descriptor:
              idVendor           0x046d Logitech, Inc.
              idProduct          0x0825 Webcam C270
              Interface Descriptor:
                \(field)   18446744073709551615
                bInterfaceClass        14 Video
            """
        for partial in [false, true] {
            // It returns: the camera (its identity from the descriptor), or an error naming file and line.
            do {
                let result = try LsusbImporter.importText(name: "huge", text: text, partial: partial)
                #expect(result.devices.count == 1, "partial: \(partial)")
                #expect(result.devices.first.map { "\($0)".contains("046d") } == true, "partial: \(partial)")
            } catch {
                #expect(error.file == "huge" && error.line >= 1 && !error.message.isEmpty, "partial: \(partial): \(error)")
            }
        }
    }
}
