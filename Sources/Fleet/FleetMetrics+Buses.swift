import CamProbe

extension FleetMetrics {
    /// The USB bandwidth families (`FleetBusState`): per domain its load, capacity, cameras and unfit wishes. Labels:
    /// `domain` (one per domain read: at most one per present USB camera), `family` and `unit` (the rule's), `id`.
    static func buses(_ x: inout PrometheusExposition, _ b: FleetBusState) {
        let d = b.domains
        x.family(
            "camprobe_usb_domain_reserved_seconds", .gauge,
            help:
                "Bus time the USB cameras in the bandwidth domain reserve now per (micro)frame, in seconds (61 µs is 6.1e-05): the settings they hold (sysfs bAlternateSetting), by the kernel's arithmetic."
        )
        for e in d {
            x.sample("camprobe_usb_domain_reserved_seconds", ["domain": e.key, "family": e.family], Double(e.microseconds) / 1e6)
        }
        x.family(
            "camprobe_usb_domain_load_ratio", .gauge,
            help:
                "What the settings held now take of the domain's periodic budget, by its controller family's rule (0..1; above 1 the last STREAMON was or will be refused with ENOSPC)."
        )
        for e in d { x.sample("camprobe_usb_domain_load_ratio", ["domain": e.key], e.ratio) }
        x.family(
            "camprobe_usb_domain_capacity", .gauge,
            help: "What the domain's controller family admits per (micro)frame, in the rule's unit (label unit).")
        for e in d { x.sample("camprobe_usb_domain_capacity", ["domain": e.key, "family": e.family, "unit": e.unit], e.capacity) }
        x.family(
            "camprobe_usb_domain_camera", .gauge,
            help:
                "Always 1: a USB camera in the domain, streaming or idle (id: the camera's device ID, or its USB sysfs name when camprobe does not track it)."
        )
        for e in d { for m in e.members { x.sample("camprobe_usb_domain_camera", ["domain": e.key, "id": m.id], 1) } }
        x.family(
            "camprobe_usb_domain_camera_reserved_seconds", .gauge,
            help: "Bus time the setting the camera holds now reserves per (micro)frame, in seconds; 0 when idle.")
        for e in d {
            for m in e.members {
                x.sample("camprobe_usb_domain_camera_reserved_seconds", ["domain": e.key, "id": m.id], Double(m.microseconds) / 1e6)
            }
        }
        x.family(
            "camprobe_usb_domain_unfit_wishes", .gauge,
            help:
                "Cameras in the domain whose wish would not fit: the wishes no setting carries plus those beyond the largest set that fits together (smallest first). A camera's wish is the mode it is set to now (camprobe keeps no mode per camera)."
        )
        for e in d { x.sample("camprobe_usb_domain_unfit_wishes", ["domain": e.key], Double(e.unfitWishes)) }
        x.family(
            "camprobe_usb_domain_unknown_wishes", .gauge,
            help:
                "Cameras in the domain whose wish is not known (not tracked by camprobe, or no active format and rate read); not counted in camprobe_usb_domain_unfit_wishes."
        )
        for e in d { x.sample("camprobe_usb_domain_unknown_wishes", ["domain": e.key], Double(e.unknownWishes)) }
        x.family(
            "camprobe_usb_cameras_unread", .gauge,
            help: "Present USB cameras whose bandwidth domain could not be read from sysfs (unknown, not idle).")
        x.sample("camprobe_usb_cameras_unread", [:], Double(b.unread))
    }
}
