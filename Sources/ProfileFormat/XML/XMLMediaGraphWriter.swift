import CaptureModel

/// Writes a `MediaGraph` (`<graph>`) and a controller's `MEDIA_IOC_DEVICE_INFO`
/// (`<controller>`): entity functions and interface types by name, link
/// kinds as words, flags as space-separated names.
extension XMLProfileWriter {
    func mediaGraph(_ g: MediaGraph) {
        w.start("graph")
        w.attribute("path", g.path)
        w.attribute("topologyVersion", g.topologyVersion)
        controllerInfo(g.controller)
        list("entities", g.entities) { e in
            w.start("entity")
            w.attribute("id", e.id)
            w.attribute("name", e.name)
            w.attribute("function", e.function.description)
            w.attribute("flags", flags(e.flags))
            w.end()
        }
        list("interfaces", g.interfaces) { i in
            w.start("interface")
            w.attribute("id", i.id)
            w.attribute("type", i.type.description)
            w.attribute("flags", i.flags)
            w.attribute("major", i.devnode.major)
            w.attribute("minor", i.devnode.minor)
            w.attribute("path", i.path)
            w.end()
        }
        list("pads", g.pads) { p in
            w.start("pad")
            w.attribute("id", p.id)
            w.attribute("entityID", p.entityID)
            w.attribute("index", p.index)
            w.attribute("direction", p.direction.rawValue)
            w.attribute("flags", flags(p.flags))
            w.end()
        }
        list("links", g.links) { l in
            w.start("link")
            w.attribute("id", l.id)
            w.attribute("source", l.source)
            w.attribute("sink", l.sink)
            w.attribute("kind", l.kind.description)
            w.attribute("flags", flags(l.flags))
            w.end()
        }
        problems(g.problems)
        w.end()
    }

    func controllerInfo(_ c: MediaControllerInfo) {
        w.start("controller")
        w.attribute("driver", c.driver)
        w.attribute("model", c.model)
        w.attribute("serial", c.serial)
        w.attribute("busInfo", c.busInfo)
        w.attribute("mediaVersion", c.mediaVersion)
        w.attribute("hardwareRevision", c.hardwareRevision)
        w.attribute("driverVersion", c.driverVersion)
        w.end()
    }
}
