import ProfileFormat
import Testing

/// `SafeFileName.component`: what Windows, scp and FAT refuse is mapped, the same way every time.
@Suite("SafeFileName")
struct SafeFileNameComponentTests {
    @Test(arguments: [
        ("usb-046d:0826-8E4B3C60", "usb-046d_0826-8E4B3C60"),
        ("a\\b/c*d?e\"f<g>h|i", "a_b_c_d_e_f_g_h_i"),
        ("tab\there\u{1}", "tab_here_"),
        ("name.", "name_"),
        ("name ", "name_"),
        ("..", "device._"),
        (".hidden", "device.hidden"),
        ("", "device"),
        ("usb-0fd9:0066@pci-0000:00:14.0-usb-0:2", "usb-0fd9_0066@pci-0000_00_14.0-usb-0_2"),
    ])
    func unsafeCharactersAreMapped(_ id: String, _ name: String) {
        #expect(SafeFileName.component(id) == name)
    }

    @Test func theResultIsAlwaysSafe() {
        let forbidden = Set(":\\/*?\"<>|")
        for id in ["a:b", "CON:", "x/../y", "ü:ß", "end. ", "\u{7f}"] {
            let n = SafeFileName.component(id)
            #expect(!n.contains(where: { forbidden.contains($0) || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7f } ?? true }), "\(n)")
            #expect(!n.hasSuffix(".") && !n.hasSuffix(" ") && !n.hasPrefix(".") && !n.isEmpty, "\(n)")
        }
    }
}
