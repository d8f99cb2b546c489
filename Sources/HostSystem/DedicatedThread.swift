#if canImport(Glibc)
    import Glibc
#endif

/// Starts work on a thread of its own, outside Swift's cooperative pool, for
/// what blocks: device I/O, `poll(2)` loops, udev reads.
package enum DedicatedThread {
    /// Starts `body` on a new thread; returns 0 or the error code
    /// `pthread_create` returned (it does not set errno).
    package typealias Spawner = @Sendable (_ body: @escaping @Sendable () -> Void) -> Int32

    /// A detached pthread. The corresponding C calls are `pthread_create` and `pthread_detach`.
    package static let spawn: Spawner = { body in
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
                return nil
            }, box)
        guard rc == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return rc
        }
        pthread_detach(thread)
        return 0
    }

    /// The closure, boxed to cross into C.
    final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
