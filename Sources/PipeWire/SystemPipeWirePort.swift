internal import CPipeWire

/// The real daemon, through libpipewire-0.3 loaded on first use (`cpw_read` in the `CPipeWire` shim).
package struct SystemPipeWirePort: PipeWirePort {
    package init() {}

    /// The corresponding C call is `cpw_read` (which connects with `pw_context_connect`, follows the registry and
    /// calls `pw_node_enum_params` for `SPA_PARAM_EnumFormat` on every Video/Source node).
    /// Without formats, the registry is read over the native protocol directly (`NativeRegistryRead`): no library
    /// to load.
    package func read(_ options: PipeWireReadOptions) -> Result<PipeWireSnapshot, PipeWireReadError> {
        if !options.enumFormats { return NativeRegistryRead.read(options) }
        var snapshot: OpaquePointer?
        let (status, error) = Self.call(options) { o, buf, len in cpw_read(&o, &snapshot, buf, len) }
        guard status == Int32(CPW_OK), let s = snapshot else { return .failure(Self.failure(status, error)) }
        defer { cpw_free(s) }
        return .success(Self.copy(s))
    }

    /// Calls the shim with `options` as C options and an error buffer; returns its status and that buffer. The socket
    /// is resolved here, as the native read resolves it: a named remote is the one named (libpipewire would let
    /// $PIPEWIRE_REMOTE win over it), and every path of camprobe reads the same daemon.
    static func call(
        _ options: PipeWireReadOptions, _ body: (inout cpw_options, UnsafeMutablePointer<CChar>?, Int) -> Int32
    ) -> (Int32, [CChar]) {
        var error = [CChar](repeating: 0, count: 512)
        let remote = NativeRegistryRead.socketPath(options.remote) ?? options.remote
        let status: Int32 = (remote ?? "").withCString { remotePointer in
            var o = cOptions(options)
            o.remote = remote == nil ? nil : remotePointer
            return error.withUnsafeMutableBufferPointer { buf in body(&o, buf.baseAddress, buf.count) }
        }
        return (status, error)
    }

    /// The bounds as the shim takes them (the remote is set by the caller, for as long as its C string lives).
    static func cOptions(_ options: PipeWireReadOptions) -> cpw_options {
        var o = cpw_options()
        o.timeout_ms = Int32(clamping: options.timeoutMilliseconds)
        o.max_objects = UInt32(clamping: options.maxObjects)
        o.max_props = UInt32(clamping: options.maxProps)
        o.max_string = UInt32(clamping: options.maxString)
        o.max_params = UInt32(clamping: options.maxParams)
        o.max_pod = UInt32(clamping: options.maxPod)
        o.enum_formats = options.enumFormats ? 1 : 0
        return o
    }

    /// A `CPW_` status other than `CPW_OK`, with the shim's line.
    static func failure(_ status: Int32, _ error: [CChar]) -> PipeWireReadError {
        let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let kind: PipeWireReadError.Kind =
            switch status {
            case Int32(CPW_NO_LIBRARY): .noLibrary
            case Int32(CPW_NO_DAEMON): .noDaemon
            case Int32(CPW_TIMEOUT): .timedOut
            default: .failed
            }
        return PipeWireReadError(kind, message.isEmpty ? "the PipeWire shim failed (\(status))" : message)
    }

    /// The C snapshot as Swift values (copied: the C one is freed right after).
    static func copy(_ s: OpaquePointer) -> PipeWireSnapshot {
        func str(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }
        var objects: [PipeWireObject] = []
        let count = cpw_object_count(s)
        objects.reserveCapacity(Int(count))
        for i in 0..<count {
            var props: [(key: String, value: String)] = []
            for k in 0..<cpw_object_prop_count(s, i) {
                let key = str(cpw_object_prop_key(s, i, k))
                if !props.contains(where: { $0.key == key }) { props.append((key, str(cpw_object_prop_value(s, i, k)))) }
            }
            var params: [[UInt8]] = []
            for p in 0..<cpw_object_param_count(s, i) {
                var size: UInt32 = 0
                guard let raw = cpw_object_param(s, i, p, &size) else { continue }
                params.append(Array(UnsafeRawBufferPointer(start: raw, count: Int(size))))
            }
            objects.append(
                PipeWireObject(
                    id: cpw_object_id(s, i), type: str(cpw_object_type(s, i)), version: cpw_object_version(s, i), props: props,
                    params: params, paramResult: cpw_object_param_result(s, i)))
        }
        return PipeWireSnapshot(
            coreName: str(cpw_core_name(s)), coreVersion: str(cpw_core_version(s)), libraryVersion: str(cpw_library_version()),
            objects: objects, droppedObjects: Int(cpw_dropped_objects(s)), truncated: Int(cpw_truncated(s)))
    }
}
