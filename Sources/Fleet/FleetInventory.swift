import CamProbe
import CaptureModel

/// What `monitor --textfile` knows about the devices it has seen since it
/// started: presence, connects and disconnects, problems, capability
/// fingerprints and the last streaming check, and the USB bandwidth domains of
/// the cameras present (`buses`, read by `FleetBusProbe`). Pure state, fed the
/// registry's events; `FleetMetrics` writes it out.
///
/// A device that goes away stays, with `present` false, so a fleet sees it
/// missing rather than never there. The number of devices kept is bounded
/// (`maximumDevices`): past it, the device gone longest is forgotten first, and
/// the count of forgotten devices is itself exported.
package struct FleetInventory: Sendable {
    /// One device seen since the monitor started.
    package struct Entry: Sendable, Hashable {
        package var id: DeviceID
        package var name: String
        /// `vid:pid` in lower case, "" when not USB.
        package var vidpid: String
        package var serial: String
        /// `usb`, `pci`, `platform`, … (`TransportKind`).
        package var bus: String
        package var driver: String
        /// What fleet-wide comparisons group by: `vid:pid name`, or `driver name` when not USB.
        package var model: String
        package var hasCamera: Bool
        /// The microphone's card name (`AudioCaptureCard.name`), nil when the device has none.
        package var microphone: String?
        package var cameraFingerprint: CapabilityFingerprint?
        package var microphoneFingerprint: CapabilityFingerprint?
        package var present: Bool
        package var connects: Int
        package var disconnects: Int
        /// Problems of the device as last read, by kind; a kind once seen stays (at 0 when it cleared).
        package var problems: [String: Int]
        package var verification: Verification?
        /// The USB device's sysfs directory (`identity.physicalPath`), nil when not USB or not known.
        package var usbSysfs: String?
        /// The mode its camera is set to now, as the wish `FleetBusState` costs (`FleetWish`); nil when not read.
        package var wish: ModeReservation?
        /// Order of the last change of presence, for forgetting the device gone longest.
        var lastChange: Int
    }

    /// The last streaming checks of one camera (`monitor --verify-every`).
    package struct Verification: Sendable, Hashable {
        /// Delivered frames per second in the last successful check.
        package var deliveredFPS: Double?
        /// The rate the camera was set to then (`VIDIOC_G_PARM`).
        package var negotiatedFPS: Double?
        /// Frames the driver dropped in the last successful check.
        package var droppedFrames: Int?
        /// Seconds since the epoch of the last successful check.
        package var lastSuccess: Double?
        /// Failed checks by reason: `busy`, `gone`, `no-frames`, `failed`.
        package var failures: [VerificationFailure.Reason: Int] = [:]
    }

    /// Problem kinds exported by name; any other kind is counted as `other`, so the `kind` label stays bounded.
    package static let problemKinds: Set<String> = Set(ProblemKind.allCases.map(\.rawValue))
    /// Reasons a streaming check may fail with.
    package static let verifyFailureReasons = VerificationFailure.Reason.allCases

    package private(set) var entries: [DeviceID: Entry] = [:]
    /// Devices forgotten to keep within `maximumDevices`.
    package private(set) var forgotten = 0
    /// The USB bandwidth domains of the present cameras, as last read (`FleetBusProbe`); empty until read.
    package var buses = FleetBusState()
    /// The most devices kept (present ones are never forgotten).
    package var maximumDevices: Int
    private var clock = 0

    package init(maximumDevices: Int = 256) { self.maximumDevices = max(1, maximumDevices) }

    /// The devices present when the monitor started: present, with no connect counted.
    package mutating func seed(_ devices: [Device]) {
        for d in devices { update(d, present: true, connected: false) }
    }

    /// Applies one registry event; true when something exported changed.
    @discardableResult
    package mutating func apply(_ event: DeviceEvent) -> Bool {
        switch event {
        case .connected(let d) where d.awaitsCapabilities:
            return false  // a camera whose capabilities are still being read: it is counted when they are in
        case .connected(let d), .capabilitiesRead(let d):
            update(d, present: true, connected: true)
            return true
        case .changed(let d):
            let before = entries[d.id]
            update(d, present: true, connected: false)
            return entries[d.id] != before
        case .disconnected(let id, _):
            guard var e = entries[id], e.present else { return false }
            e.present = false
            e.disconnects += 1
            clock += 1
            e.lastChange = clock
            entries[id] = e
            return true
        case .overflow:
            return false
        }
    }

    /// Takes `present` as the devices connected now, after events were lost: the ones not in it are
    /// counted as gone, new ones as connected, the others re-read.
    package mutating func resync(present: [Device]) {
        let ids = Set(present.map(\.id))
        for e in entries.values where e.present && !ids.contains(e.id) { apply(.disconnected(e.id, name: e.name)) }
        for d in present { update(d, present: true, connected: true) }
    }

    /// Records the outcome of one streaming check of a camera still known.
    package mutating func record(_ id: DeviceID, verified result: Result<Verification, VerificationFailure>) {
        guard var e = entries[id] else { return }
        var v = e.verification ?? Verification()
        switch result {
        case .success(let ok):
            v.deliveredFPS = ok.deliveredFPS
            v.negotiatedFPS = ok.negotiatedFPS
            v.droppedFrames = ok.droppedFrames
            v.lastSuccess = ok.lastSuccess
        case .failure(let f):
            v.failures[f.reason, default: 0] += 1
        }
        e.verification = v
        entries[id] = e
    }

    /// Why a streaming check failed, and what happened.
    package struct VerificationFailure: Error, Sendable, Hashable {
        /// The `reason` label of `camprobe_camera_verify_failures_total` (its raw value), in the order the metric lists them.
        package enum Reason: String, Sendable, Hashable, CaseIterable {
            /// Another program holds the camera.
            case busy
            /// The camera went away.
            case gone
            /// Streaming started and no frame came.
            case noFrames = "no-frames"
            /// Anything else.
            case failed
        }
        package var reason: Reason
        package var message: String
        package init(reason: Reason, message: String) {
            self.reason = reason
            self.message = message
        }
    }

    /// Entries in a stable order (by ID).
    package var sorted: [Entry] { entries.values.sorted { $0.id < $1.id } }

    mutating func update(_ d: Device, present: Bool, connected: Bool) {
        clock += 1
        var counts: [String: Int] = [:]
        for k in (entries[d.id]?.problems ?? [:]).keys { counts[k] = 0 }
        for p in d.allProblems {
            let k = FleetInventory.problemKinds.contains(p.kind.rawValue) ? p.kind.rawValue : "other"
            counts[k, default: 0] += 1
        }
        let mic = d.audio.first
        let old = entries[d.id]
        let wasPresent = old?.present ?? false
        var micOnly = d
        micOnly.captures = []
        micOnly.sensor = nil
        micOnly.nodes = d.nodes.filter { $0.role == .audio }
        micOnly.problems = []
        let driver = d.captures.first?.identity.driver ?? mic?.driver ?? d.identity.driver
        let e = Entry(
            id: d.id, name: d.name, vidpid: d.modelID?.lowercased() ?? "", serial: d.identity.serial ?? "",
            bus: d.transport.kind.rawValue, driver: driver,
            model: d.modelID.map { "\($0.lowercased()) \(d.name)" } ?? "\(driver) \(d.name)",
            hasCamera: !d.captures.isEmpty, microphone: mic?.name,
            cameraFingerprint: d.captures.isEmpty ? nil : CapabilityFingerprint(of: d),
            microphoneFingerprint: mic == nil ? nil : CapabilityFingerprint(of: micOnly),
            present: present, connects: (old?.connects ?? 0) + (connected && !wasPresent ? 1 : 0), disconnects: old?.disconnects ?? 0,
            problems: counts, verification: old?.verification,
            usbSysfs: d.transport.kind == .usb ? d.identity.physicalPath : nil, wish: d.captures.first.flatMap(FleetWish.of),
            lastChange: wasPresent == present ? (old?.lastChange ?? clock) : clock)
        entries[d.id] = e
        trim()
    }

    /// Forgets the devices gone longest until at most `maximumDevices` remain.
    mutating func trim() {
        while entries.count > maximumDevices {
            guard let oldest = entries.values.filter({ !$0.present }).min(by: { $0.lastChange < $1.lastChange }) else { return }
            entries[oldest.id] = nil
            forgotten += 1
        }
    }
}
