import CamProbe
import CaptureModel

/// `FleetInventory` as Prometheus metrics, for node_exporter's textfile collector.
///
/// Every family is written, even with no samples, so a dashboard's queries
/// never depend on whether a camera was ever seen. Series per device: about 6
/// for a camera, 5 for a microphone, plus one per problem kind seen and 4–7
/// once it has been checked by streaming. Labels are bounded: `id`, `name`,
/// `vidpid`, `serial`, `bus`, `driver`, `card`, `model` (one value per device),
/// `fingerprint`, `complete`, `kind` (the problem kinds camprobe writes, or
/// `other`) and `reason` (four values). The USB bandwidth domains add about 6
/// series per domain and 2 per USB camera (`domain`, `family`, `unit`).
package enum FleetMetrics {
    /// The exposition document for `inventory`, written at `now` (seconds since the epoch).
    package static func render(_ inventory: FleetInventory, now: Double, startedAt: Double, version: String) -> String {
        var x = PrometheusExposition()
        let all = inventory.sorted
        let cameras = all.filter(\.hasCamera)
        let mics = all.filter { $0.microphone != nil }

        x.family("camprobe_camera_present", .gauge, help: "1 while the camera is connected, 0 once it has gone (it is kept, not dropped).")
        for e in cameras {
            x.sample(
                "camprobe_camera_present", ["id": e.id.rawValue, "name": e.name, "vidpid": e.vidpid, "serial": e.serial, "bus": e.bus],
                e.present ? 1 : 0)
        }
        x.family(
            "camprobe_camera_info", .gauge,
            help:
                "Always 1: the camera's model (vid:pid and name, or driver and name), driver and capability fingerprint (complete=false when part of it could not be read)."
        )
        for e in cameras {
            guard let f = e.cameraFingerprint else { continue }
            x.sample(
                "camprobe_camera_info",
                [
                    "id": e.id.rawValue, "model": e.model, "vidpid": e.vidpid, "driver": e.driver, "fingerprint": f.value,
                    "complete": f.isComplete ? "true" : "false",
                ],
                1)
        }
        counters(&x, "camera", cameras)
        problems(&x, "camera", cameras)
        verification(&x, cameras)

        x.family("camprobe_microphone_present", .gauge, help: "1 while the microphone is connected, 0 once it has gone.")
        for e in mics {
            x.sample(
                "camprobe_microphone_present",
                ["id": e.id.rawValue, "name": e.name, "card": e.microphone ?? "", "vidpid": e.vidpid, "serial": e.serial, "bus": e.bus],
                e.present ? 1 : 0)
        }
        x.family("camprobe_microphone_info", .gauge, help: "Always 1: the microphone's card, driver and capability fingerprint.")
        for e in mics {
            guard let f = e.microphoneFingerprint else { continue }
            x.sample(
                "camprobe_microphone_info",
                [
                    "id": e.id.rawValue, "model": e.model, "vidpid": e.vidpid, "card": e.microphone ?? "", "fingerprint": f.value,
                    "complete": f.isComplete ? "true" : "false",
                ],
                1)
        }
        counters(&x, "microphone", mics)
        problems(&x, "microphone", mics.filter { !$0.hasCamera })
        buses(&x, inventory.buses)

        x.family("camprobe_tracked_devices", .gauge, help: "Devices in this file: present ones and those gone since the monitor started.")
        x.sample("camprobe_tracked_devices", [:], Double(all.count))
        x.family("camprobe_forgotten_devices_total", .counter, help: "Devices gone longest that were dropped to keep the file bounded.")
        x.sample("camprobe_forgotten_devices_total", [:], Double(inventory.forgotten))
        x.family(
            "camprobe_textfile_timestamp_seconds", .gauge, help: "When camprobe wrote this file (it rewrites it at least once a minute).")
        x.sample("camprobe_textfile_timestamp_seconds", [:], now.rounded(.down))
        x.family("camprobe_monitor_start_time_seconds", .gauge, help: "When the camprobe monitor writing this file started.")
        x.sample("camprobe_monitor_start_time_seconds", [:], startedAt.rounded(.down))
        x.family("camprobe_build_info", .gauge, help: "Always 1: the camprobe version writing this file.")
        x.sample("camprobe_build_info", ["version": version], 1)
        return x.document
    }

    static func counters(_ x: inout PrometheusExposition, _ what: String, _ entries: [FleetInventory.Entry]) {
        x.family("camprobe_\(what)_connects_total", .counter, help: "Times the \(what) connected since the monitor started.")
        for e in entries { x.sample("camprobe_\(what)_connects_total", ["id": e.id.rawValue], Double(e.connects)) }
        x.family("camprobe_\(what)_disconnects_total", .counter, help: "Times the \(what) went away since the monitor started.")
        for e in entries { x.sample("camprobe_\(what)_disconnects_total", ["id": e.id.rawValue], Double(e.disconnects)) }
    }

    static func problems(_ x: inout PrometheusExposition, _ what: String, _ entries: [FleetInventory.Entry]) {
        x.family(
            "camprobe_\(what)_problems", .gauge,
            help:
                "Problems camprobe found when it last read the \(what), by kind (ioctl-failed, access, busy, …; other for kinds it does not name)."
        )
        for e in entries {
            for (k, n) in e.problems.sorted(by: { $0.key < $1.key }) {
                x.sample("camprobe_\(what)_problems", ["id": e.id.rawValue, "kind": k], Double(n))
            }
        }
    }

    static func verification(_ x: inout PrometheusExposition, _ cameras: [FleetInventory.Entry]) {
        let checked = cameras.compactMap { e in e.verification.map { (e.id, $0) } }
        x.family(
            "camprobe_camera_verified_fps", .gauge,
            help: "Frames per second the camera delivered in the last streaming check (--verify-every).")
        for (id, v) in checked { if let f = v.deliveredFPS { x.sample("camprobe_camera_verified_fps", ["id": id.rawValue], f) } }
        x.family("camprobe_camera_negotiated_fps", .gauge, help: "Frames per second the camera was set to during the last streaming check.")
        for (id, v) in checked { if let f = v.negotiatedFPS { x.sample("camprobe_camera_negotiated_fps", ["id": id.rawValue], f) } }
        x.family("camprobe_camera_verified_dropped_frames", .gauge, help: "Frames the driver dropped during the last streaming check.")
        for (id, v) in checked {
            if let n = v.droppedFrames { x.sample("camprobe_camera_verified_dropped_frames", ["id": id.rawValue], Double(n)) }
        }
        x.family(
            "camprobe_camera_verify_last_success_timestamp_seconds", .gauge, help: "When the last streaming check of the camera succeeded.")
        for (id, v) in checked {
            if let t = v.lastSuccess {
                x.sample("camprobe_camera_verify_last_success_timestamp_seconds", ["id": id.rawValue], t.rounded(.down))
            }
        }
        x.family(
            "camprobe_camera_verify_failures_total", .counter,
            help: "Streaming checks that failed, by reason: busy (another program holds the camera), gone, no-frames, failed.")
        for (id, v) in checked {
            for r in FleetInventory.verifyFailureReasons {
                x.sample("camprobe_camera_verify_failures_total", ["id": id.rawValue, "reason": r.rawValue], Double(v.failures[r] ?? 0))
            }
        }
    }
}
