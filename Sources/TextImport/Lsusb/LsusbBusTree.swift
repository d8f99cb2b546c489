import CaptureModel

/// One device line of pasted `lsusb -t`: where it sits (bus, port path), its speed, class and driver.
package struct LsusbTreeEntry: Sendable, Hashable {
    package var bus: Int
    package var device: Int
    /// Ports from the root hub down (`[1, 4]` is devpath `1.4`).
    package var ports: [Int]
    package var speedMbps: Double
    package var interfaceClass: String
    package var driver: String
    package var devpath: String { ports.map(String.init).joined(separator: ".") }
    package var sysfsName: String { "\(bus)-\(devpath)" }
}

/// Reads `lsusb -t`: "/:  Bus 01.Port 1: Dev 1, Class=root_hub, Driver=ehci-pci/2p, 480M" starts a bus (its driver is
/// the controller's), "|__ Port 5: Dev 4, If 1, Class=Video, Driver=uvcvideo, 480M" is a device interface, nested by
/// indentation (four columns a level). Both usbutils spellings (`Bus 01`, `Bus 001`) are read.
package enum LsusbBusTree {
    /// The controller driver of each bus, and every device line (one per device: interfaces folded, Video wins).
    package static func read(_ text: String) -> (controllers: [Int: String], entries: [LsusbTreeEntry]) {
        var controllers: [Int: String] = [:]
        var entries: [LsusbTreeEntry] = []
        var bus = 0
        var stack: [Int] = []
        for raw in text.split(separator: "\n") {
            let line = String(raw)
            func field(_ name: String) -> String? {
                guard let r = find(name + "=", in: line) else { return nil }
                return String(line[r.upperBound...].prefix { $0 != "," })
            }
            let speed = line.split(separator: ",").last.map { $0.trimmingCharacters }.flatMap { s -> Double? in
                s.hasSuffix("M") ? Double(s.dropLast()) : nil
            }
            if let r = find("Bus ", in: line), find("root_hub", in: line) != nil {
                bus = Int(line[r.upperBound...].prefix { $0.isNumber }) ?? 0
                controllers[bus] = field("Driver").map { String($0.prefix { $0 != "/" }) }
                stack = []
                continue
            }
            guard let bar = find("|__ Port ", in: line) else { continue }
            let depth = max(0, (line.distance(from: line.startIndex, to: bar.lowerBound) - 4) / 4)
            let port = Int(line[bar.upperBound...].prefix { $0.isNumber }) ?? 0
            stack = Array(stack.prefix(depth)) + [port]
            let dev = find("Dev ", in: line).flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) } ?? 0
            let entry = LsusbTreeEntry(
                bus: bus, device: dev, ports: stack, speedMbps: speed ?? 480, interfaceClass: field("Class") ?? "",
                driver: field("Driver") ?? "")
            if let i = entries.firstIndex(where: { $0.bus == bus && $0.device == dev }) {
                if entry.interfaceClass == "Video" { entries[i] = entry }
            } else {
                entries.append(entry)
            }
        }
        return (controllers, entries)
    }
}

/// The range of the first `needle` in `line`.
private func find(_ needle: String, in line: String) -> Range<String.Index>? {
    guard !needle.isEmpty else { return nil }
    var i = line.startIndex
    while i < line.endIndex {
        if line[i...].hasPrefix(needle) { return i..<line.index(i, offsetBy: needle.count) }
        i = line.index(after: i)
    }
    return nil
}

extension Substring {
    fileprivate var trimmingCharacters: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
