import CamProbe
import CommandEmitters
import HostSystem
import Negotiation
import TextImport

/// `camprobe negotiate --together SEL SEL… [--priority SEL…]`: one plan for several cameras under the USB bus's
/// bandwidth (`JointPlanning`, then `Negotiator.decide(together:)`), each camera read once, its bus model from sysfs
/// (live), its profile's `usb`, pasted `lsusb` text, or assumed; cameras streaming now in their domains pinned.
enum JointNegotiation {
    struct Output: Encodable {
        var schemaVersion = CaptureModelSchema.version
        var request: String
        var plan: JointPlan
    }

    static func run(
        selectors: [String], request: VideoRequestOptions<VideoRequestOptional>, source: DeviceSourceOptions, usbFrom: [String] = [],
        priority prioritySelectors: [String] = [], emit: (any CommandEmitter)? = nil
    ) throws {
        let (devices, favoured) = try resolve(selectors, priority: prioritySelectors, source: source)
        let priority = Set(favoured.map(\.id))
        let wish: JointWish
        if let p = request.preset {
            wish = .preset(p)
        } else if let r = try request.request() {
            wish = .request(r)
        } else {
            wish = .preset(.high)
        }
        for d in devices where d.captures.isEmpty {
            throw CLIError(message: "\(d.name) (\(d.id)) has no video capture node to negotiate")
        }
        let live = source.profile.isEmpty && CLIEnvironment.current.isLive
        let plan =
            usbFrom.isEmpty
            ? JointPlanning.planNow(together: devices, wish: wish, readBus: live, priority: priority)
            : Negotiator.decide(
                together: try pasted(devices, wish: wish, files: usbFrom), priority: priority)
        if let emit {
            // One command per camera, each after a comment naming it; the plan's verdict is the exit status.
            for (i, c) in plan.cameras.enumerated() {
                guard let choice = c.choice else { continue }
                let line = try? EmitterRegistry.together(emit, choice, index: i).get()
                StandardOutput.line("# \(c.name) (\(c.id))" + (c.gave.isEmpty ? "" : ": gave " + JointRenderer.gave(c.gave)))
                StandardOutput.line(line ?? "# no \(emit.name) command for \(choice.summary)")
            }
        } else if source.json {
            try JSONOutput.print(Output(request: request.summary.isEmpty ? "preset high" : request.summary, plan: plan))
        } else {
            JointRenderer.render(plan, request: request.summary.isEmpty ? "preset high" : request.summary)
        }
        if !plan.fits { throw CLIError(message: "") }
        if !plan.wishFits { throw CLIError(message: "", status: 3) }
    }

    /// The cameras with the bus models of pasted `lsusb -v` / `lsusb -t` files, matched by USB ID in order; a
    /// camera no file names keeps none (and the plan says so).
    static func pasted(_ devices: [Device], wish: JointWish, files: [String]) throws -> [JointCamera] {
        var verbose = ""
        var tree = ""
        for f in files {
            let bytes: [UInt8]
            switch HostFiles.read(f, limit: 8 << 20) {
            case .success(let b): bytes = b
            case .failure(let e): throw CLIError(message: "--usb-from \(f): cannot read it (\(e.text))")
            }
            let text = String(decoding: bytes, as: UTF8.self)
            if text.contains("Device Descriptor:") || text.contains("Interface Descriptor:") { verbose += text + "\n" }
            if text.contains("root_hub") { tree += text + "\n" }
        }
        guard !verbose.isEmpty || !tree.isEmpty else {
            throw CLIError(
                message: "--usb-from: no `lsusb -v` (Device Descriptor:) or `lsusb -t` (root_hub) text in " + files.joined(separator: ", "))
        }
        var links = LsusbBus.cameras(verbose: verbose.isEmpty ? nil : verbose, tree: tree.isEmpty ? nil : tree)
        return devices.map { d in
            let vid = d.identity.vendorID.flatMap { UInt16($0, radix: 16) }
            let pid = d.identity.productID.flatMap { UInt16($0, radix: 16) }
            let i = links.firstIndex { $0.vendorID == vid && $0.productID == pid } ?? links.firstIndex { $0.vendorID == 0 }
            let link = i.map { links.remove(at: $0).link }
            return JointCamera(
                id: d.id, name: d.name, node: d.captures[0], wish: wish, link: link, isUSB: d.transport.kind == .usb)
        }
    }

    /// Every selector (and each of `--priority`) resolved in one discovery; the same device twice is an error, and
    /// so is a favoured camera that is not planned.
    static func resolve(_ selectors: [String], priority: [String] = [], source: DeviceSourceOptions) throws -> (
        devices: [Device], favoured: [Device]
    ) {
        var chosen: [Int] = []
        var favoured: [Int] = []
        var failure: (DeviceSelector.SelectionError, String)?
        let result = try source.discover(DiscoveryOptions(emulated: source.emulated)) { devices in
            for (text, isPriority) in selectors.map({ ($0, false) }) + priority.map({ ($0, true) }) {
                do throws(DeviceSelector.SelectionError) {
                    let i = try DeviceSelector(text).resolve(in: devices)
                    if isPriority { favoured.append(i) } else { chosen.append(i) }
                } catch {
                    if failure == nil { failure = (error, text) }
                }
            }
            return Set(chosen)
        }
        if let (e, text) = failure { throw SelectionErrors.error(e, selector: text) }
        if Set(chosen).count != chosen.count { throw CLIError(message: "a camera is named twice: name each camera once") }
        for (text, i) in zip(priority, favoured) where !chosen.contains(i) {
            throw CLIError(message: "--priority \(text): not one of the cameras of --together; favour only cameras being planned")
        }
        return (chosen.map { result.devices[$0] }, favoured.map { result.devices[$0] })
    }
}
