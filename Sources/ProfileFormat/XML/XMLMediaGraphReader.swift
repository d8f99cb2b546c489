import CaptureModel

/// Reads `<graph>` and `<controller>` back, the inverse of `XMLMediaGraphWriter`.
/// A pad's direction and a link's flags and kind are taken as written, not
/// recomputed from the kernel's flag words.
extension XMLProfileReader {
    static func mediaGraph(_ e: XMLNode) throws(Failure) -> MediaGraph {
        var entities: [MediaEntity] = []
        for x in e.listItems("entities", "entity") {
            entities.append(
                MediaEntity(
                    id: try x.integer("id"), name: try x.required("name"), function: try x.entityFunction("function"),
                    flags: try x.flags(try x.required("flags"), MediaEntityFlags.self)))
        }
        var interfaces: [MediaInterface] = []
        for x in e.listItems("interfaces", "interface") {
            interfaces.append(
                MediaInterface(
                    id: try x.integer("id"), type: try x.interfaceType("type"), flags: try x.integer("flags"),
                    devnode: MediaDevnode(major: try x.integer("major"), minor: try x.integer("minor")), path: x.attribute("path")))
        }
        var pads: [MediaPad] = []
        for x in e.listItems("pads", "pad") {
            var pad = MediaPad(
                id: try x.integer("id"), entityID: try x.integer("entityID"), index: try x.integer("index"),
                flags: try x.flags(try x.required("flags"), MediaPadFlags.self))
            pad.direction = try x.padDirection("direction")
            pads.append(pad)
        }
        var links: [MediaLink] = []
        for x in e.listItems("links", "link") {
            var link = MediaLink(id: try x.integer("id"), source: try x.integer("source"), sink: try x.integer("sink"), rawFlags: 0)
            link.flags = try x.flags(try x.required("flags"), MediaLinkFlags.self)
            link.kind = try x.linkKind("kind")
            links.append(link)
        }
        return MediaGraph(
            controller: try controllerInfo(try e.child("controller")), path: try e.required("path"),
            topologyVersion: try e.integer("topologyVersion"), entities: entities, interfaces: interfaces, pads: pads, links: links,
            problems: try problems(e))
    }

    static func controllerInfo(_ e: XMLNode) throws(Failure) -> MediaControllerInfo {
        MediaControllerInfo(
            driver: try e.required("driver"), model: try e.required("model"), serial: try e.required("serial"),
            busInfo: try e.required("busInfo"), mediaVersion: try e.integer("mediaVersion"),
            hardwareRevision: try e.integer("hardwareRevision"), driverVersion: try e.integer("driverVersion"))
    }
}
