#if canImport(Glibc)
    import Glibc
#endif

/// A program holding a capture PCM open, found after `snd_pcm_open` failed with EBUSY:
/// `owner_pid` from `/proc/asound/cardN/pcmDc/subS/status`, then `/proc/PID/cmdline`.
package struct PCMHolder: Sendable, Hashable, CustomStringConvertible {
    package var pid: Int32
    /// The command line, arguments joined by spaces (clipped); empty when unreadable.
    package var command: String
    /// The status file it was read from.
    package var statusPath: String

    package init(pid: Int32, command: String, statusPath: String) {
        self.pid = pid
        self.command = command
        self.statusPath = statusPath
    }

    package var description: String { command.isEmpty ? "pid \(pid)" : "pid \(pid) (\(command))" }
}

/// The parts of an ALSA PCM name that point at a card: `hw:1,0`, `plughw:Loopback,1,0`,
/// `hw:CARD=Loopback,DEV=1,SUBDEV=0`. Other PCMs (`default`, `dsnoop`, …) have none.
package struct PCMName: Sendable, Hashable {
    /// Card index or ALSA id (`/proc/asound/<id>` links to `cardN`).
    package var card: String
    package var device: Int
    package var subdevice: Int?

    package init(card: String, device: Int, subdevice: Int?) {
        self.card = card
        self.device = device
        self.subdevice = subdevice
    }

    package init?(_ name: String) {
        let parts = name.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, ["hw", "plughw"].contains(parts[0]) else { return nil }
        var card: String?
        var device = 0
        var sub: Int?
        for (i, field) in parts[1].split(separator: ",").prefix(3).enumerated() {
            let kv = field.split(separator: "=", maxSplits: 1)
            let key = kv.count == 2 ? kv[0].uppercased() : ["CARD", "DEV", "SUBDEV"][i]
            let value = String(kv.count == 2 ? kv[1] : kv[0])
            switch key {
            case "CARD": card = value
            case "DEV":
                guard let d = Int(value), d >= 0 else { return nil }
                device = d
            case "SUBDEV":
                guard let s = Int(value), s >= 0 else { return nil }
                sub = s
            default: return nil
            }
        }
        guard let card, !card.isEmpty, !card.contains("/"), !card.contains(".") else { return nil }
        self.init(card: Int(card).map { "card\($0)" } ?? card, device: device, subdevice: sub)
    }

    /// `/proc/asound/<card>/pcm<D>c`.
    package var procDirectory: String { "/proc/asound/\(card)/pcm\(device)c" }
}

/// Finds who holds a capture PCM. `readFile` is the seam (tests give a fake /proc).
package struct PCMHolderLookup: Sendable {
    package typealias FileReader = @Sendable (String) -> String?
    package var readFile: FileReader
    /// Subdevices looked at when the name does not pick one (snd-aloop has 8).
    package static let maxSubdevices = 32

    package init(readFile: @escaping FileReader = PCMHolderLookup.readProcFile) { self.readFile = readFile }

    /// The holders of `pcm`'s capture subdevices (the named one, or every one that has an owner).
    package func holders(of pcm: String) -> [PCMHolder] {
        guard let name = PCMName(pcm) else { return [] }
        let subs = name.subdevice.map { [$0] } ?? Array(0..<Self.maxSubdevices)
        var out: [PCMHolder] = []
        for s in subs {
            let path = "\(name.procDirectory)/sub\(s)/status"
            guard let text = readFile(path) else {
                if name.subdevice == nil { break }
                continue
            }
            guard let pid = Self.ownerPID(text) else { continue }
            out.append(PCMHolder(pid: pid, command: Self.command(readFile("/proc/\(pid)/cmdline")), statusPath: path))
        }
        return out
    }

    /// `owner_pid   : 1234` from a substream status file.
    package static func ownerPID(_ status: String) -> Int32? {
        for line in status.split(separator: "\n").prefix(64) where line.hasPrefix("owner_pid") {
            guard let v = line.split(separator: ":", maxSplits: 1).last else { return nil }
            if let pid = Int32(v.trimmingCharacters(in: " \t")), pid > 0 { return pid }
        }
        return nil
    }

    /// NUL-separated `/proc/PID/cmdline` as one line, clipped to 200 characters.
    package static func command(_ cmdline: String?) -> String {
        guard let cmdline else { return "" }
        let words = cmdline.split(separator: "\0").map {
            String($0.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        }
        let s = words.joined(separator: " ")
        return s.count > 200 ? String(s.prefix(200)) + "…" : s
    }

    /// Reads at most 64 KiB of a /proc file; nil when it cannot be opened.
    package static let readProcFile: FileReader = { path in
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<16 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = self[...]
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
