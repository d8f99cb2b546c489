/// One global of a PipeWire daemon's registry as it was read: what `pw-dump` prints of it, before any meaning.
package struct PipeWireObject: Sendable, Equatable {
    package var id: UInt32
    /// "PipeWire:Interface:Node", "PipeWire:Interface:Link", "PipeWire:Interface:Client", …
    package var type: String
    package var version: UInt32
    /// Properties in the order the daemon gave them (a key given twice keeps the first).
    package var props: [(key: String, value: String)]
    /// EnumFormat params (whole SPA PODs), read for Video/Source nodes only.
    package var params: [[UInt8]]
    /// 0 when the params were read to the end; else the negative errno the daemon answered (-ENOENT: the node vanished).
    package var paramResult: Int32

    package init(
        id: UInt32, type: String, version: UInt32 = 3, props: [(key: String, value: String)], params: [[UInt8]] = [],
        paramResult: Int32 = 0
    ) {
        (self.id, self.type, self.version, self.props, self.params, self.paramResult) = (id, type, version, props, params, paramResult)
    }

    package subscript(_ key: String) -> String? { props.first { $0.key == key }?.value }

    package static func == (a: PipeWireObject, b: PipeWireObject) -> Bool {
        a.id == b.id && a.type == b.type && a.version == b.version && a.props.map(\.key) == b.props.map(\.key)
            && a.props.map(\.value) == b.props.map(\.value) && a.params == b.params && a.paramResult == b.paramResult
    }
}

/// A whole registry read: the daemon, its globals, and what the bounds left out.
package struct PipeWireSnapshot: Sendable, Equatable {
    package var coreName: String
    package var coreVersion: String
    package var libraryVersion: String
    package var objects: [PipeWireObject]
    package var droppedObjects: Int
    package var truncated: Int

    package init(
        coreName: String, coreVersion: String, libraryVersion: String, objects: [PipeWireObject], droppedObjects: Int = 0,
        truncated: Int = 0
    ) {
        (self.coreName, self.coreVersion, self.libraryVersion) = (coreName, coreVersion, libraryVersion)
        (self.objects, self.droppedObjects, self.truncated) = (objects, droppedObjects, truncated)
    }
}

/// Why no snapshot could be read.
package struct PipeWireReadError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: String, Sendable, Codable {
        /// Nothing listens on the remote's socket.
        case noDaemon
        /// The daemon did not answer within the bound.
        case timedOut
        case failed
    }
    package var kind: Kind
    package var message: String
    package init(_ kind: Kind, _ message: String) { (self.kind, self.message) = (kind, message) }
    package var description: String { message }
}

/// The limits of one read: the time it may take and how much of a daemon's answer is kept.
package struct PipeWireReadOptions: Sendable, Equatable {
    /// nil: libpipewire's default remote (`$PIPEWIRE_REMOTE`, else `pipewire-0` in `$XDG_RUNTIME_DIR`).
    package var remote: String?
    package var timeoutMilliseconds: Int = 400
    package var maxObjects: Int = 4096
    package var maxProps: Int = 128
    package var maxString: Int = 1024
    package var maxParams: Int = 2048
    package var maxPod: Int = 64 * 1024
    package var enumFormats = true
    package init(remote: String? = nil) { self.remote = remote }
}

/// The seam: where a registry snapshot comes from (the daemon's socket, or a fake in tests).
package protocol PipeWirePort: Sendable {
    /// Reads the registry once, blocking the calling thread for at most `options.timeoutMilliseconds`.
    func read(_ options: PipeWireReadOptions) -> Result<PipeWireSnapshot, PipeWireReadError>
    /// Opens a long-lived watch of the registry's camera nodes (`PipeWireWatchEvent`). The connect is bounded by
    /// `options.timeoutMilliseconds`; the properties of each node by `maxProps` and `maxString`, the queue by
    /// `maxObjects`.
    func watch(_ options: PipeWireReadOptions) -> Result<any PipeWireWatch, PipeWireReadError>
}
