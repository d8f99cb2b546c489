import ALSA
import CaptureModel
import Logging
import Negotiation
import SensorPipelines
import V4L2

/// Finds every capture device: one `Device` per physical camera, its
/// capture, metadata and media nodes grouped by their common parent and
/// bus_info, with a stable ID.
///
/// Listing never changes device state: it opens nodes and sends only
/// query/enumerate/get ioctls (see `CaptureEnumerator`).
///
/// `package`: the CLI, the registry and the tests list with it; a recorder uses `DiscoverySession`
/// (`following: false` for one listing).
package struct DeviceDiscovery {
    package let system: any DeviceSystem
    /// Where discovery says what it opened, read and skipped, at `debug` (and nothing above
    /// `debug`, so an application that never configured logging prints nothing).
    package var logger: Logger
    /// Where the video nodes this pass opened are kept open after it (nil: closed when it ends).
    package var keeping: OpenNodes?

    package init(system: any DeviceSystem, logger: Logger = Logger(label: "camprobe.discovery"), keeping: OpenNodes? = nil) {
        self.system = system
        self.logger = logger
        self.keeping = keeping
    }

    /// Discovery on this machine: libudev, `open(2)` and libasound.
    package init(logger: Logger = Logger(label: "camprobe.discovery")) {
        self.init(system: SystemDeviceSystem(), logger: logger)
    }

    /// The result of one discovery pass.
    package struct Result: Sendable {
        package var devices: [Device]
        /// Problems not tied to one device: nodes that vanished, missing udev.
        package var problems: [Problem]
        package var note: String?
        /// Every node udev listed for this pass, read or not (a node listed but unreadable is still there).
        package var listedNodes: Set<String>

        package init(devices: [Device], problems: [Problem], note: String?, listedNodes: Set<String> = []) {
            self.devices = devices
            self.problems = problems
            self.note = note
            self.listedNodes = listedNodes
        }
    }

    /// Discovers all devices. `choose` sees every device (identity and nodes,
    /// no capabilities yet) and returns the indexes whose capabilities are
    /// read — all by default — so `show` enumerates only the camera it prints.
    package func discover(
        _ options: DiscoveryOptions = DiscoveryOptions(),
        choose: (([Device]) -> Set<Int>)? = nil
    ) -> Result {
        let (records, note) = system.nodeRecords()
        logger.debug(
            "udev listed \(records.count) nodes",
            metadata: ["nodes": "\(records.map(\.devnode).joined(separator: " "))", "note": "\(note ?? "-")"])
        var problems: [Problem] = []
        var probed: [ProbedNode] = []
        var ports: [String: any DevicePort] = [:]
        let alsa = system.alsa
        for r in records {
            if r.subsystem == "sound" {
                // Only cards that capture; a card gone since udev listed it is skipped.
                if let card = AudioCardReader.read(controlPath: r.devnode, port: alsa) {
                    var node = ProbedNode(record: r)
                    node.audio = card
                    probed.append(node)
                }
                continue
            }
            do throws(V4L2Error) {
                let port = try system.open(r.devnode, throughLibV4L2: false)
                var node = ProbedNode(record: r)
                if r.subsystem == "media" {
                    node.mediaInfo = try? port.queryMediaInfo()
                } else {
                    node.identity = try port.queryIdentity()
                    ports[r.devnode] = port
                    keeping?.keep(port, node: r.devnode)
                }
                probed.append(node)
            } catch {
                logger.debug("cannot open \(r.devnode): \(error)")
                if error.isDeviceGone {
                    problems.append(
                        Problem(
                            kind: "device-gone", call: error.call, errno: error.errno, errnoName: error.errnoName,
                            message: "\(r.devnode) vanished while it was being listed (\(error.errnoName)); skipped"))
                } else {
                    probed.append(ProbedNode(record: r, error: error))
                }
            }
        }

        let groups = DeviceGrouping.group(probed)
        var skeletons: [(nodes: [ProbedNode], identity: DeviceIdentity, transport: Transport)] = groups.map { g in
            (g, DeviceIdentityBuilder.identity(of: g), DeviceIdentityBuilder.transport(of: g))
        }
        // Cameras first (by their first capture node), then microphones of their own.
        skeletons.sort { a, b in
            let ma = a.nodes.allSatisfy { $0.role == "audio" }
            let mb = b.nodes.allSatisfy { $0.role == "audio" }
            return ma != mb ? mb : NodeOrder.less(firstNode(a.nodes), firstNode(b.nodes))
        }
        let ids = DeviceIdentityBuilder.uniqueIDs(
            skeletons.map { (DeviceIdentityBuilder.baseID($0.identity, transport: $0.transport), $0.identity) })

        let devices: [Device] = skeletons.enumerated().map { i, s in
            Device(
                id: ids[i], name: DeviceIdentityBuilder.name(of: s.nodes, identity: s.identity),
                modelID: DeviceIdentityBuilder.modelID(s.identity), transport: s.transport, identity: s.identity,
                nodes: s.nodes.map { DeviceNode(role: $0.role, path: $0.record.devnode, deviceCaps: $0.identity?.deviceCaps) },
                captures: [], audio: s.nodes.compactMap(\.audio), problems: s.nodes.compactMap { $0.error?.problem })
        }
        // A media-controller system becomes one camera per sensor before anything is chosen,
        // so `show "Sensor A"` can name one.
        var listed: [Device] = []
        var origin: [Int] = []
        var mediaOf: [Int: String] = [:]
        var graphs: [String: MediaGraph] = [:]
        for (i, d) in devices.enumerated() {
            if let media = SensorDiscovery.mediaControllerPath(of: d) {
                let (sensors, graph, problem) = SensorDiscovery.skeletons(of: d, mediaPath: media, system: system)
                graphs[media] = graph
                for s in sensors {
                    mediaOf[listed.count] = media
                    listed.append(s)
                    origin.append(i)
                }
                if !sensors.isEmpty { continue }
                var kept = d
                if let problem { kept.problems.append(problem) }
                listed.append(kept)
            } else {
                listed.append(d)
            }
            origin.append(i)
        }
        let chosen = choose?(listed) ?? Set(listed.indices)
        var captures: [Int: [CaptureNodeCapabilities]] = [:]
        func readCaptures(_ i: Int) -> [CaptureNodeCapabilities] {
            if let done = captures[i] { return done }
            let read = skeletons[i].nodes.filter { $0.role == "capture" }.compactMap { n -> CaptureNodeCapabilities? in
                guard let identity = n.identity, let port = ports[n.record.devnode] else { return nil }
                return readCapture(port: port, identity: identity, options: options)
            }
            captures[i] = read
            return read
        }
        // Each media system is read and built once, however many of its sensors were chosen.
        var built: [String: (devices: [Device], problems: [Problem])] = [:]
        for j in listed.indices where chosen.contains(j) {
            guard let media = mediaOf[j], let graph = graphs[media] else {
                listed[j].captures = readCaptures(origin[j])
                continue
            }
            if built[media] == nil {
                var base = devices[origin[j]]
                base.captures = readCaptures(origin[j])
                let found = SensorDiscovery.facts(graph: graph, captures: base.captures, ports: ports, readControls: true, system: system)
                let made = SensorCameraBuilder.devices(found.facts, base: base)
                problems += made.unreached.map {
                    Problem(
                        kind: .mediaPipeline,
                        message: "\($0) is a capture node of \(media) that no sensor reaches over enabled links: not a camera on its own")
                }
                built[media] = (made.devices, found.problems)
            }
            if let made = built[media], let d = made.devices.first(where: { $0.name == listed[j].name }) {
                listed[j] = d
                listed[j].problems += made.problems
            }
        }
        // Each USB camera read: its bus, from sysfs only (`DeviceUSBReading`: no ioctl, no open).
        let bus = system.usbBus
        for j in listed.indices where options.usbBus && chosen.contains(j) && listed[j].usb == nil {
            listed[j].usb = DeviceUSBReading.read(listed[j], reader: bus)
        }
        return Result(devices: listed, problems: problems, note: note, listedNodes: Set(records.map(\.devnode)))
    }

    func firstNode(_ nodes: [ProbedNode]) -> String {
        (nodes.first { $0.role == "capture" } ?? nodes[0]).record.devnode
    }

    func readCapture(port: any DevicePort, identity: NodeIdentity, options: DiscoveryOptions) -> CaptureNodeCapabilities {
        let started = ContinuousClock.now
        let caps = readCaptureUnlogged(port: port, identity: identity, options: options)
        logger.debug(
            "read \(port.path)",
            metadata: [
                "formats": "\(caps.formats.count)", "controls": "\(caps.controls.map { String($0.count) } ?? "not read")",
                "problems": "\(caps.problems.count)", "took": "\(ContinuousClock.now - started)",
            ])
        return caps
    }

    private func readCaptureUnlogged(port: any DevicePort, identity: NodeIdentity, options: DiscoveryOptions) -> CaptureNodeCapabilities {
        let enumerator = CaptureEnumerator(limits: options.limits)
        if !options.formats {
            return CaptureNodeCapabilities(path: port.path, identity: identity, controls: nil)
        }
        guard options.emulated else {
            return enumerator.capabilities(of: port, identity: identity, includeControls: options.controls)
        }
        do throws(V4L2Error) {
            let wrapped = try system.open(port.path, throughLibV4L2: true)
            return enumerator.capabilities(of: wrapped, identity: identity, includeControls: options.controls)
        } catch {
            var caps = enumerator.capabilities(of: port, identity: identity, includeControls: options.controls)
            caps.problems.append(
                Problem(
                    kind: "emulation-unavailable", call: error.call, errno: error.errno, errnoName: error.errnoName,
                    message: "could not open \(port.path) through libv4l2 (\(error)); showing native formats only"))
            return caps
        }
    }
}
