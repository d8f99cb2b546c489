/// The regexes `MediaCtlTopologyParser` reads lines with, built once per parser (not `Sendable`,
/// so not kept in a `static`).
struct MediaCtlLinePatterns {
    /// `0/0 -> 1/0 [ACTIVE]` in a `routes:` block.
    let route = /^\d+\/\d+ -> \d+\/\d+/
    /// `pad0: Source` with its flags.
    let pad = /pad(\d+): ?(.*)/
    /// `- entity 1: Sensor A (1 pad, 1 link, 0 routes)`.
    let entity = /- entity (\d+): (.+) \((\d+) pads?, (\d+) links?(?:, \d+ routes?)?\)/
    /// `type V4L2 subdev subtype Sensor flags 0`.
    let type = /type (.+?) subtype (\S+)(?: flags ([0-9a-fx]+))?/
    /// `-> "Debayer A":0 [ENABLED]`.
    let link = /(->|<-) "(.*)":(\d+) \[([A-Za-z,]*)\]/
}
