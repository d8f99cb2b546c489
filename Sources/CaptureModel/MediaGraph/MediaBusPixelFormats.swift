/// Which V4L2 pixel formats a capture DMA engine writes for a media-bus code,
/// as the kernel's receiver drivers map them (vimc, unicam, rkisp1, ipu3-cio2:
/// a Bayer code becomes the Bayer pixel format of the same order and depth,
/// unpacked or CSI-2 packed). Used only when the capture node itself cannot be
/// asked (`VIDIOC_ENUM_FMT` with `mbus_code`, `V4L2_CAP_IO_MC`), e.g. for an
/// imported system; the result then says it was inferred.
package enum MediaBusPixelFormats {
    static let table: [String: [FourCC]] = [
        "SBGGR8_1X8": ["BA81"], "SGBRG8_1X8": ["GBRG"], "SGRBG8_1X8": ["GRBG"], "SRGGB8_1X8": ["RGGB"],
        "SBGGR10_1X10": ["BG10", "pBAA"], "SGBRG10_1X10": ["GB10", "pGAA"], "SGRBG10_1X10": ["BA10", "pgAA"],
        "SRGGB10_1X10": ["RG10", "pRAA"],
        "SBGGR12_1X12": ["BG12", "pBCC"], "SGBRG12_1X12": ["GB12", "pGCC"], "SGRBG12_1X12": ["BA12", "pgCC"],
        "SRGGB12_1X12": ["RG12", "pRCC"],
        "SBGGR14_1X14": ["BG14", "pBEE"], "SGBRG14_1X14": ["GB14", "pGEE"], "SGRBG14_1X14": ["GR14", "pgEE"],
        "SRGGB14_1X14": ["RG14", "pREE"],
        "SBGGR16_1X16": ["BYR2"], "SGBRG16_1X16": ["GB16"], "SGRBG16_1X16": ["GR16"], "SRGGB16_1X16": ["RG16"],
        "SBGGR10_DPCM8_1X8": ["bBA8"], "SGBRG10_DPCM8_1X8": ["bGA8"], "SGRBG10_DPCM8_1X8": ["BD10"], "SRGGB10_DPCM8_1X8": ["bRA8"],
        "SBGGR10_ALAW8_1X8": ["aBA8"], "SGBRG10_ALAW8_1X8": ["aGA8"], "SGRBG10_ALAW8_1X8": ["agA8"], "SRGGB10_ALAW8_1X8": ["aRA8"],
        "RGB888_1X24": ["RGB3"], "BGR888_1X24": ["BGR3"], "ARGB8888_1X32": ["BA24"], "RGB565_1X16": ["RGBP"],
        "RGB565_2X8_LE": ["RGBP"], "YUYV8_2X8": ["YUYV"], "UYVY8_2X8": ["UYVY"], "YVYU8_2X8": ["YVYU"], "VYUY8_2X8": ["VYUY"],
        "YUYV8_1X16": ["YUYV"], "UYVY8_1X16": ["UYVY"], "YVYU8_1X16": ["YVYU"], "VYUY8_1X16": ["VYUY"],
        "Y8_1X8": ["GREY"], "Y10_1X10": ["Y10 ", "Y10P"], "Y12_1X12": ["Y12 "], "Y16_1X16": ["Y16 "],
    ]

    /// The pixel formats a receiver writes for `code`; empty when the table does not know the code.
    package static func fourccs(for code: MediaBusCode) -> [FourCC] { code.name.flatMap { table[$0] } ?? [] }
}
