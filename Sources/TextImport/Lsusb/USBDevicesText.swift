import CaptureModel

/// Reads the kernel's USB device list as text: `/sys/kernel/debug/usb/devices` (formerly `/proc/bus/usb/devices`)
/// and usbutils' `usb-devices`, which prints the same lines from sysfs. The format is the kernel's
/// (Documentation/driver-api/usb/usb.rst, "/sys/kernel/debug/usb/devices output format"; drivers/usb/core/devices.c):
///
///     T:  Bus=01 Lev=01 Prnt=01 Port=02 Cnt=01 Dev#=  4 Spd=480  MxCh= 0
///     D:  Ver= 2.00 Cls=ef(misc ) Sub=02 Prot=01 MxPS=64 #Cfgs=  1
///     P:  Vendor=046d ProdID=0826 Rev=00.10
///     S:  SerialNumber=8E4B3C60
///     I:* If#= 1 Alt= 0 #EPs= 0 Cls=0e(video) Sub=02 Prot=00 Driver=uvcvideo
///     E:  Ad=81(I) Atr=05(Isoc) MxPS=3072 Ivl=125us
///
/// `Port` counts from 0 (devpath's last number is Port + 1); `Lev` 00 is the root hub; `Prnt` is the parent's `Dev#`.
/// debugfs lists every alternate setting (`I:*` marks the one held now); `usb-devices` only the one held now (it
/// reads sysfs interfaces), so its streaming settings are not all known. At high speed debugfs's `MxPS` is the packet
/// size times the transactions per microframe (bytes per microframe); SuperSpeed bursts are not shown.
package enum USBDevicesText {
    /// One USB device of the text.
    package struct Device: Sendable, Hashable {
        package var bus = 0
        package var level = 0
        package var parent = 0
        /// `Port=`: from 0.
        package var port = 0
        package var device = 0
        package var speedMbps = 480.0
        package var deviceClass: UInt8 = 0
        package var deviceProtocol: UInt8 = 0
        package var vendorID: UInt16 = 0
        package var productID: UInt16 = 0
        /// `Rev=` as printed (`00.10`).
        package var revision: String?
        package var manufacturer: String?
        package var product: String?
        package var serial: String?
        /// Class 0e subclass 02 interfaces' settings, in text order.
        package var alts: [USBStreamingAlt] = []
        /// Whether it has a video interface (class 0e).
        package var isVideo = false
        /// 1-based line of its `T:` line.
        package var line = 0
    }

    /// What the text holds: its devices, whether it is debugfs's (every setting) or usb-devices' (current only), and
    /// a note per line that could not be read (`file:line: why`).
    package struct Listing: Sendable {
        package var devices: [Device] = []
        package var allSettings = false
        package var notes: [String] = []
    }

    /// Whether `lines` look like this format: a `T:  Bus=` line and a `D:  Ver=` or `P:  Vendor=` line.
    package static func detect(_ lines: [Substring]) -> Bool {
        lines.contains { $0.hasPrefix("T:") && $0.contains("Bus=") && $0.contains("Lev=") }
            && lines.contains { ($0.hasPrefix("P:") && $0.contains("Vendor=")) || ($0.hasPrefix("D:") && $0.contains("Ver=")) }
    }

    /// Reads `text` (already normalised); `file` names it in notes.
    package static func read(_ text: String, file: String) -> Listing {
        var out = Listing()
        var current: Device?
        var interface: (number: UInt8, alt: UInt8, streaming: Bool)?
        func finish() {
            if let d = current { out.devices.append(d) }
            current = nil
            interface = nil
        }
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            guard line.count >= 2, line.dropFirst().first == ":", let tag = line.first, "TDPSCIE".contains(tag) else { continue }
            let body = line.dropFirst(2)
            let f = fields(body)
            func bad(_ why: String) { out.notes.append("\(file):\(i + 1): \(why); line skipped: \(line.prefix(80))") }
            switch tag {
            case "T":
                finish()
                guard let bus = f["Bus"].flatMap({ Int($0) }), let dev = f["Dev#"].flatMap({ Int($0) }),
                    let lev = f["Lev"].flatMap({ Int($0) })
                else {
                    bad("a T: line without Bus=, Lev= and Dev#=")
                    continue
                }
                // USB has at most 7 tiers and a hub at most 255 ports (bNbrPorts is one byte): larger is not this text.
                let port = f["Port"].flatMap { Int($0) } ?? 0
                guard (0...7).contains(lev), (0..<255).contains(port), bus >= 0, dev >= 0 else {
                    bad("Lev=\(lev) or Port=\(port) is out of range")
                    continue
                }
                var d = Device(bus: bus, level: lev, device: dev, line: i + 1)
                d.parent = f["Prnt"].flatMap { Int($0) } ?? 0
                d.port = port
                if let s = f["Spd"] {
                    guard let v = Double(s) else {
                        bad("Spd=\(s) is not a speed in Mbit/s")
                        current = d
                        continue
                    }
                    d.speedMbps = v
                }
                current = d
            case "D":
                current?.deviceClass = f["Cls"].flatMap { UInt8($0.prefix(2), radix: 16) } ?? 0
                current?.deviceProtocol = f["Prot"].flatMap { UInt8($0, radix: 16) } ?? 0
            case "P":
                guard let v = f["Vendor"].flatMap({ UInt16($0, radix: 16) }), let p = f["ProdID"].flatMap({ UInt16($0, radix: 16) }) else {
                    bad("a P: line without hexadecimal Vendor= and ProdID=")
                    continue
                }
                current?.vendorID = v
                current?.productID = p
                current?.revision = f["Rev"]
            case "S":
                let t = body.drop { $0 == " " }
                guard let eq = t.firstIndex(of: "=") else { continue }
                let value = String(t[t.index(after: eq)...])
                switch t[..<eq] {
                case "Manufacturer": current?.manufacturer = value
                case "Product": current?.product = value
                case "SerialNumber": current?.serial = value
                default: break
                }
            case "C":
                interface = nil
            case "I":
                if body.first == "*" { out.allSettings = true }
                let number = f["If#"].flatMap(integer).map { UInt8(truncatingIfNeeded: $0) }
                guard let n = number, let alt = f["Alt"].flatMap(integer).map({ UInt8(truncatingIfNeeded: $0) }) else {
                    bad("an I: line without If#= and Alt=")
                    interface = nil
                    continue
                }
                let cls = f["Cls"].map { String($0.prefix(2)) }
                if cls == "0e" { current?.isVideo = true }
                let streaming = cls == "0e" && f["Sub"] == "02"
                interface = (n, alt, streaming)
                if streaming, f["#EPs"].flatMap(integer) == 0 {
                    current?.alts.append(USBStreamingAlt(interface: n, alt: alt, endpoint: nil, transfer: .isochronous, wMaxPacketSize: 0))
                }
            case "E":
                guard let intf = interface, intf.streaming, let speed = current?.speedMbps else { continue }
                guard let ad = f["Ad"].flatMap({ UInt8($0.prefix(2), radix: 16) }),
                    let atr = f["Atr"].flatMap({ UInt8($0.prefix(2), radix: 16) }),
                    let mxps = f["MxPS"].flatMap({ Int($0) })
                else {
                    bad("an E: line without Ad=, Atr= and MxPS=")
                    continue
                }
                guard ad & 0x80 != 0 else { continue }  // video data comes in
                let transfer: USBTransferType = atr & 3 == 1 ? .isochronous : atr & 3 == 2 ? .bulk : .other
                current?.alts.append(
                    USBStreamingAlt(
                        interface: intf.number, alt: intf.alt, endpoint: ad, transfer: transfer,
                        wMaxPacketSize: rawMaxPacket(mxps, highSpeed: speed > 13 && speed < 481),
                        bInterval: bInterval(f["Ivl"], speedMbps: speed, transfer: transfer)))
            default:
                break
            }
        }
        finish()
        return out
    }

    /// `Key=value` pairs of a line; a value may follow its `=` after spaces (`Dev#=  4`, `Alt= 0`).
    static func fields(_ body: Substring) -> [String: String] {
        var out: [String: String] = [:]
        let words = body.split(separator: " ", omittingEmptySubsequences: true)
        var i = 0
        while i < words.count {
            let w = words[i]
            if let eq = w.firstIndex(of: "=") {
                let key = String(w[..<eq].drop { $0 == "*" })
                var value = String(w[w.index(after: eq)...])
                if value.isEmpty, i + 1 < words.count, !words[i + 1].contains("=") {
                    value = String(words[i + 1])
                    i += 1
                }
                out[key] = value
            }
            i += 1
        }
        return out
    }

    /// `12`, or usb-devices' newer hexadecimal `0x1`.
    static func integer(_ s: String) -> Int? { s.hasPrefix("0x") ? Int(s.dropFirst(2), radix: 16) : Int(s) }

    /// The raw `wMaxPacketSize` for debugfs's `MxPS` (packet × transactions at high speed): the fewest transactions
    /// (1–3) whose packet is at most 1024 bytes, so bytes per microframe are kept exactly.
    static func rawMaxPacket(_ mxps: Int, highSpeed: Bool) -> UInt16 {
        let bytes = max(0, min(mxps, 3 * 1024))
        guard highSpeed, bytes > 1024 else { return UInt16(min(bytes, 0x7ff)) }
        for m in 2...3 where bytes % m == 0 && bytes / m <= 1024 { return UInt16(bytes / m) | UInt16(m - 1) << 11 }
        let m = (bytes + 1023) / 1024
        return UInt16((bytes + m - 1) / m) | UInt16(m - 1) << 11
    }

    /// `bInterval` from `Ivl=125us` / `Ivl=1ms`: periodic endpoints serve every 2^(bInterval−1) (micro)frames at
    /// high speed and faster, and every 2^(bInterval−1) ms for full-speed isochronous ones; bulk has none (0).
    static func bInterval(_ ivl: String?, speedMbps: Double, transfer: USBTransferType) -> UInt8 {
        guard transfer == .isochronous, let ivl else { return transfer == .bulk ? 0 : 1 }
        let digits = ivl.prefix { $0.isNumber }
        guard let n = Double(digits), n > 0 else { return 1 }
        let micro = ivl.hasSuffix("ms") ? n * 1000 : n
        let unit = speedMbps > 13 ? 125.0 : 1000.0
        var b: UInt8 = 1
        var span = unit
        while span < micro && b < 16 {
            span *= 2
            b += 1
        }
        return b
    }
}
