/// The real daemon, over PipeWire's native protocol on its Unix socket (`NativeRegistryRead`): no library to load.
package struct SystemPipeWirePort: PipeWirePort {
    package init() {}

    /// The corresponding C calls are `socket`, `connect`, `send`, `poll` and `recv` (`NativeRegistryRead.read`):
    /// the registry, and with `enumFormats` each `Video/Source` node's EnumFormat params (`Registry::Bind`,
    /// `Node::EnumParams`).
    package func read(_ options: PipeWireReadOptions) -> Result<PipeWireSnapshot, PipeWireReadError> {
        NativeRegistryRead.read(options)
    }

    /// The corresponding C calls are `socket` and `connect`, then `send` of the handshake (`NativeWatch.open`); the
    /// watch's `next` is `poll` and `recv`.
    package func watch(_ options: PipeWireReadOptions) -> Result<any PipeWireWatch, PipeWireReadError> {
        NativeWatch.open(options).map { $0 }
    }
}
