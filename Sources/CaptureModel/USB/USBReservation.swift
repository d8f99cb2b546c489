/// How sure camprobe is of what a mode reserves.
public enum ReservationEvidence: String, Sendable, Hashable, Codable {
    /// Seen: the alternate setting the camera held while streaming this mode (`bAlternateSetting`), or a trace.
    case measured
    /// Uncompressed: the payload its pixels need (uvcvideo's UVC_QUIRK_FIX_BANDWIDTH formula); the camera may ask more.
    case computedLowerBound
    /// Compressed: many cameras ask for their largest setting whatever the size; assumed so unless measured.
    case assumedMaximum
}

/// What one mode of a camera reserves when it streams: the alternate setting uvcvideo would select and its bytes.
package struct USBReservation: Sendable, Hashable, Codable {
    /// The setting (nil for a bulk camera: nothing reserved, or when no setting is large enough).
    package var alt: USBStreamingAlt?
    /// Bytes per interval reserved (0 for bulk).
    package var bytes: Int
    /// The payload the mode asks for, bytes per interval (the lower bound for uncompressed modes).
    package var payload: Int
    package var evidence: ReservationEvidence
    /// False when no alternate setting carries the payload: STREAMON fails whatever else streams.
    package var fits: Bool

    package init(alt: USBStreamingAlt?, bytes: Int, payload: Int, evidence: ReservationEvidence, fits: Bool = true) {
        self.alt = alt
        self.bytes = bytes
        self.payload = payload
        self.evidence = evidence
        self.fits = fits
    }

    /// The payload uvcvideo computes for an uncompressed mode with UVC_QUIRK_FIX_BANDWIDTH (uvc_fixup_video_ctrl in
    /// drivers/media/usb/uvc/uvc_video.c): width × height / 8 × bits per pixel per frame, × (rate + 1) / 1000 per ms,
    /// / 8 per microframe at high speed, + 12 header bytes, at least 1024. A lower bound of what cameras ask.
    package static func uncompressedPayload(width: Int, height: Int, bitsPerPixel: Int, fps: Double, highSpeed: Bool) -> Int {
        let frame = width * height / 8 * bitsPerPixel
        let perMs = Int((Double(frame) * (fps.rounded(.down) + 1)) / 1000)
        return max((highSpeed ? perMs / 8 : perMs) + 12, 1024)
    }

    /// What a mode reserves on `link`. `payload` nil means compressed with nothing measured: the largest setting.
    /// `measuredAlt`: the setting seen while this mode streamed (wins over everything).
    package static func of(payload: Int?, link: USBLink, measuredAlt: UInt8? = nil) -> USBReservation {
        let alts = link.alts
        // One pass, no allocation (a joint plan asks this for every mode of every camera): the largest isochronous
        // setting (ties: the later, as in `isochronous`' order), the measured one (the smallest with that number),
        // and whether there is any isochronous or bulk endpoint.
        var largest: USBStreamingAlt?
        var seen: USBStreamingAlt?
        var bulk = false
        for a in alts {
            if a.transfer == .bulk { bulk = true }
            guard a.transfer == .isochronous, a.endpoint != nil else { continue }
            let bytes = a.bytesPerInterval
            if bytes >= (largest?.bytesPerInterval ?? 0) { largest = a }
            if let m = measuredAlt, a.alt == m, bytes < (seen?.bytesPerInterval ?? .max) { seen = a }
        }
        if largest == nil && bulk {
            return USBReservation(
                alt: nil, bytes: 0, payload: payload ?? 0, evidence: payload == nil ? .assumedMaximum : .computedLowerBound)
        }
        if let a = seen {
            return USBReservation(alt: a, bytes: a.bytesPerInterval, payload: a.bytesPerInterval, evidence: .measured)
        }
        guard let largest else {
            // No descriptors read: the most a link of this speed carries per interval.
            let most = USBBusTime.mostBytesPerInterval(speedMbps: link.speedMbps)
            let p = payload ?? most
            return USBReservation(
                alt: nil, bytes: min(p, most), payload: p, evidence: payload == nil ? .assumedMaximum : .computedLowerBound, fits: p <= most
            )
        }
        guard let p = payload else {
            return USBReservation(
                alt: largest, bytes: largest.bytesPerInterval, payload: largest.bytesPerInterval, evidence: .assumedMaximum)
        }
        guard let a = alts.uvcChoice(forPayload: p) else {
            return USBReservation(alt: largest, bytes: largest.bytesPerInterval, payload: p, evidence: .computedLowerBound, fits: false)
        }
        return USBReservation(alt: a, bytes: a.bytesPerInterval, payload: p, evidence: .computedLowerBound)
    }

    /// The demand it puts on its domain (nil when it reserves nothing).
    package func demand(speedMbps: Double) -> USBDemand? {
        guard bytes > 0 else { return nil }
        if let a = alt { return USBDemand(a, speedMbps: speedMbps) }
        let packet = min(bytes, 1024)
        return USBDemand(bytes: bytes, packets: (bytes + packet - 1) / packet, packetSize: packet, speedMbps: speedMbps)
    }
}
