import CaptureModel

/// A capture node's candidate modes, expanded once and indexed for scoring: each mode's size, rate offer and
/// format are numbered, so a decision works out what depends on the size (logarithms of area and aspect), on the
/// rate offer (the interval picked, its cost) or on the format (preference rank) once per distinct value, not once
/// per mode. Build it once per node and pass it to `Negotiator.decide(_:using:)` for every decision on that node.
///
/// A node whose sizes include a stepwise or continuous range gets the sizes a request names added to its modes;
/// for such a request the table is expanded again (`serving(_:)`), as `decide(_:for:)` always did.
package struct ModeTable: Sendable {
    /// The node the table was built from.
    package let node: CaptureNodeCapabilities
    /// Every candidate mode, in expansion order (the order ties keep).
    package let modes: [CandidateMode]
    /// The sizes the expansion was given (requested sizes inside ranges).
    let targets: [Dimensions]
    /// Whether another requested size could add modes (some size is a range).
    let dependsOnTargets: Bool
    /// Per mode: index into `sizes`, into `offers`, bytes per pixel (nil: compressed), and the class flags.
    let sizeID: [Int32]
    let offerID: [Int32]
    let bytesPerPixel: [Double?]
    let isCompressed: [Bool]
    let isEmulated: [Bool]
    let formatIndex: [Int]
    /// The distinct sizes and rate offers, in order of first use.
    let sizes: [Dimensions]
    let offers: [RateOffer]
    /// Per offer: the fastest rate in frames per second, nil when the offer reports none.
    let fastestFPS: [Double?]
    /// Per format of the node: its FourCC (a mode's `formatIndex` indexes it).
    let fourccs: [FourCC]
    /// The largest area of any mode (1 when there are none).
    let largestArea: UInt64

    /// Expands `node` once.
    package init(node: CaptureNodeCapabilities) { self.init(node, targets: []) }

    init(_ node: CaptureNodeCapabilities, targets: [Dimensions]) {
        self.node = node
        self.targets = targets
        let modes = ModeExpansion.candidates(of: node, targets: targets)
        self.modes = modes
        dependsOnTargets = node.formats.contains { f in
            f.sizes.contains { if case .discrete = $0 { false } else { true } }
        }
        var sizeIndex: [Dimensions: Int32] = [:]
        var offerIndex: [RateOffer: Int32] = [:]
        var sizes: [Dimensions] = []
        var offers: [RateOffer] = []
        var sizeID: [Int32] = []
        var offerID: [Int32] = []
        var bpp: [Double?] = []
        sizeID.reserveCapacity(modes.count)
        offerID.reserveCapacity(modes.count)
        bpp.reserveCapacity(modes.count)
        for m in modes {
            if let s = sizeIndex[m.size] {
                sizeID.append(s)
            } else {
                sizeIndex[m.size] = Int32(sizes.count)
                sizeID.append(Int32(sizes.count))
                sizes.append(m.size)
            }
            if let o = offerIndex[m.rates] {
                offerID.append(o)
            } else {
                offerIndex[m.rates] = Int32(offers.count)
                offerID.append(Int32(offers.count))
                offers.append(m.rates)
            }
            bpp.append(Bandwidth.bytesPerPixel(m.fourcc, compressed: m.isCompressed))
        }
        self.sizeID = sizeID
        self.offerID = offerID
        self.bytesPerPixel = bpp
        self.sizes = sizes
        self.offers = offers
        isCompressed = modes.map(\.isCompressed)
        isEmulated = modes.map(\.isEmulated)
        formatIndex = modes.map(\.formatIndex)
        fastestFPS = offers.map { $0.fastest?.reciprocalValue }
        fourccs = node.formats.map(\.fourcc)
        largestArea = modes.map(\.size.area).max() ?? 1
    }

    /// The table for a request naming `targets`: this one, unless a range would add modes for them.
    func serving(_ targets: [Dimensions]) -> ModeTable {
        dependsOnTargets && targets != self.targets ? ModeTable(node, targets: targets) : self
    }

    /// Bytes per second of mode `i` at `fps` (`Bandwidth.bytesPerSecond`, with the bytes per pixel looked up once).
    func bytesPerSecond(_ i: Int, fps: Double) -> UInt64? {
        Bandwidth.bytesPerSecond(bytesPerPixel: bytesPerPixel[i], area: sizes[Int(sizeID[i])].area, fps: fps)
    }

    /// One table per capture node of `device`, in node order, for `Negotiator.decide(_:across:using:)`.
    package static func tables(for device: Device) -> [ModeTable] { device.captures.map { ModeTable(node: $0) } }
}
