#if canImport(Glibc)
    import Glibc
#endif

/// Real waiting, for the few fake operations that must block (a stuck
/// driver's delay; waiting for a control event another thread causes).
package enum FakeClock {
    /// `nanosleep(2)` for the whole time, resumed after `EINTR`.
    package static func sleep(milliseconds: Int) {
        var want = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var left = timespec()
        for _ in 0..<1000 {
            guard nanosleep(&want, &left) != 0 && errno == EINTR else { return }
            want = left
        }
    }
}
