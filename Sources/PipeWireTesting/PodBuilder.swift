import PipeWire

/// Builds the EnumFormat PODs a daemon sends (on `SPAPodWriter`, as libspa's builder lays them out), for the fake
/// at the seam: the parser reads exactly what a daemon sends.
package enum PodBuilder {
    package static func u32(_ v: UInt32) -> [UInt8] { SPAPodWriter.u32(v) }
    package static func pod(type: UInt32, body: [UInt8]) -> [UInt8] { SPAPodWriter.pod(type: type, body: body) }

    package static func id(_ v: UInt32) -> [UInt8] { pod(type: SPAType.id, body: u32(v)) }
    package static func rect(_ w: UInt32, _ h: UInt32) -> [UInt8] { pod(type: SPAType.rectangle, body: u32(w) + u32(h)) }
    package static func frac(_ n: UInt32, _ d: UInt32) -> [UInt8] { pod(type: SPAType.fraction, body: u32(n) + u32(d)) }

    /// A choice of `kind` over elements of `type`, each `elementBody` (the same size).
    package static func choice(_ kind: SPAChoice, type: UInt32, _ elements: [[UInt8]]) -> [UInt8] {
        let size = UInt32(elements.first?.count ?? 0)
        return pod(type: SPAType.choice, body: u32(kind.rawValue) + u32(0) + u32(size) + u32(type) + elements.flatMap { $0 })
    }

    package static func object(type: UInt32 = SPAType.objectFormat, id: UInt32 = SPAType.paramEnumFormat, _ props: [(UInt32, [UInt8])])
        -> [UInt8]
    {
        pod(type: SPAType.object, body: u32(type) + u32(id) + props.flatMap { u32($0.0) + u32(0) + $0.1 })
    }

    /// An EnumFormat entry as PipeWire's v4l2 source makes it: raw `format` (an SPA format number), one size, the
    /// rates as an enum choice (default first).
    package static func raw(_ format: UInt32, _ w: UInt32, _ h: UInt32, rates: [(UInt32, UInt32)]) -> [UInt8] {
        object([
            (SPAVideoFormat.keyMediaType, id(SPAVideoFormat.mediaTypeVideo)),
            (SPAVideoFormat.keyMediaSubtype, id(SPAVideoFormat.subtypeRaw)),
            (SPAVideoFormat.keyFormat, id(format)),
            (SPAVideoFormat.keySize, rect(w, h)),
            (SPAVideoFormat.keyFramerate, choice(.enum, type: SPAType.fraction, rates.map { u32($0.0) + u32($0.1) })),
        ])
    }

    /// A compressed entry (`subtype`: mjpg, h264) with a size range and a rate range.
    package static func compressed(
        _ subtype: UInt32, min: (UInt32, UInt32), max: (UInt32, UInt32), rates: ((UInt32, UInt32), (UInt32, UInt32))
    ) -> [UInt8] {
        object([
            (SPAVideoFormat.keyMediaType, id(SPAVideoFormat.mediaTypeVideo)),
            (SPAVideoFormat.keyMediaSubtype, id(subtype)),
            (
                SPAVideoFormat.keySize,
                choice(.range, type: SPAType.rectangle, [u32(max.0) + u32(max.1), u32(min.0) + u32(min.1), u32(max.0) + u32(max.1)])
            ),
            (
                SPAVideoFormat.keyFramerate,
                choice(
                    .range, type: SPAType.fraction,
                    [u32(rates.1.0) + u32(rates.1.1), u32(rates.0.0) + u32(rates.0.1), u32(rates.1.0) + u32(rates.1.1)])
            ),
        ])
    }
}
