import CALSA
import CLibXML2
import CUdev
import CV4L2
import Foundation
import Testing

/// The four system-library shims build, link and answer (ALSA and libxml2 are
/// not used by a product yet; this keeps their module maps honest).
@Suite("C shims")
struct ShimTests {
    @Test func alsaLinksAndIsQuiet() {
        calsa_silence_errors()
        let v = String(cString: snd_asoundlib_version())
        #expect(v.split(separator: ".").count >= 2)
    }

    /// Every header libxml2-dev installs has its one-line forwarder in Sources/CLibXML2/include/libxml
    /// (scripts/dev/libxml-forwarders.sh writes them), so a libxml2 that gains a header is said here.
    @Test func libxmlForwardersCoverEveryInstalledHeader() throws {
        let installed = "/usr/include/libxml2/libxml"
        let forwarders = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CLibXML2/include/libxml").path
        let headers = try FileManager.default.contentsOfDirectory(atPath: installed).filter { $0.hasSuffix(".h") }
        let have = Set(try FileManager.default.contentsOfDirectory(atPath: forwarders))
        #expect(headers.count > 20)
        let missing = headers.filter { !have.contains($0) }.sorted()
        #expect(missing.isEmpty, "run scripts/dev/libxml-forwarders.sh: no forwarder for \(missing)")
        for h in have {
            let text = try String(contentsOfFile: forwarders + "/" + h, encoding: .utf8)
            #expect(text.contains("#include <libxml2/libxml/\(h)>"), "\(h)")
        }
    }

    /// libxml2 is not linked: the shim loads it with dlopen on first use and
    /// every symbol the XML code calls must resolve.
    @Test func libxml2LoadsOnDemand() {
        #expect(cxml_load() == 1, "\(String(cString: cxml_load_error()))")
        #expect(cxml_xmlCheckVersion(LIBXML_VERSION) == 1)
        #expect(LIBXML_VERSION >= 20900)
    }

    @Test func udevLinks() {
        let u = udev_new()
        #expect(u != nil)
        udev_unref(u)
    }

    @Test func ioctlNumbersAreTheKernels() {
        // asm-generic encoding: dir<<30 | size<<16 | 'V'<<8 | nr
        func ior(_ nr: UInt, _ size: Int) -> UInt { (2 << 30) | (UInt(size) << 16) | (UInt(UInt8(ascii: "V")) << 8) | nr }
        func iowr(_ nr: UInt, _ size: Int) -> UInt { (3 << 30) | (UInt(size) << 16) | (UInt(UInt8(ascii: "V")) << 8) | nr }
        #expect(CV4L2_VIDIOC_QUERYCAP == ior(0, MemoryLayout<v4l2_capability>.size))
        #expect(CV4L2_VIDIOC_ENUM_FMT == iowr(2, MemoryLayout<v4l2_fmtdesc>.size))
        #expect(CV4L2_VIDIOC_ENUM_FRAMESIZES == iowr(74, MemoryLayout<v4l2_frmsizeenum>.size))
        #expect(CV4L2_VIDIOC_ENUM_FRAMEINTERVALS == iowr(75, MemoryLayout<v4l2_frmivalenum>.size))
        #expect(CV4L2_VIDIOC_QUERY_EXT_CTRL == iowr(103, MemoryLayout<v4l2_query_ext_ctrl>.size))
        #expect(MemoryLayout<v4l2_query_ext_ctrl>.size == 232 && MemoryLayout<v4l2_querymenu>.size == 44)
    }
}
