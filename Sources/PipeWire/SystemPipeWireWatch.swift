internal import CPipeWire

/// A watch of the real daemon (`cpw_watch_open` in the `CPipeWire` shim): one long-lived connection, its registry
/// followed on a loop the calling thread drives in `next`. Disconnected (`cpw_watch_close`) when released.
final class SystemPipeWireWatch: PipeWireWatch {
    private let watch: OpaquePointer

    init(_ watch: OpaquePointer) { self.watch = watch }

    deinit { cpw_watch_close(watch) }

    /// The corresponding C call is `cpw_watch_next`, which runs `pw_loop_iterate` until the registry's `global` or
    /// `global_remove` event for a camera node, the first `pw_core_sync`'s `done`, or a core error.
    func next(timeoutMilliseconds: Int) -> PipeWireWatchEvent? {
        var id: UInt32 = 0
        var object: OpaquePointer?
        var error = [CChar](repeating: 0, count: 512)
        let kind = error.withUnsafeMutableBufferPointer { buf in
            cpw_watch_next(watch, Int32(clamping: timeoutMilliseconds), &id, &object, buf.baseAddress, buf.count)
        }
        switch kind {
        case Int32(CPW_WATCH_ADDED):
            guard let object else { return nil }
            defer { cpw_free(object) }
            return SystemPipeWirePort.copy(object).objects.first.map { .added($0) }
        case Int32(CPW_WATCH_REMOVED): return .removed(id)
        case Int32(CPW_WATCH_SETTLED): return .settled
        case Int32(CPW_WATCH_DROPPED): return .dropped(Int(id))
        case Int32(CPW_WATCH_LOST):
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .lost(message.isEmpty ? "the PipeWire connection was lost" : message)
        default: return nil
        }
    }
}

extension SystemPipeWirePort {
    /// The corresponding C call is `cpw_watch_open` (`pw_context_connect`, then `pw_core_get_registry` and one
    /// `pw_core_sync`).
    package func watch(_ options: PipeWireReadOptions) -> Result<any PipeWireWatch, PipeWireReadError> {
        var watch: OpaquePointer?
        let (status, error) = Self.call(options) { o, buf, len in cpw_watch_open(&o, &watch, buf, len) }
        guard status == Int32(CPW_OK), let watch else {
            return .failure(Self.failure(status, error))
        }
        return .success(SystemPipeWireWatch(watch))
    }
}
