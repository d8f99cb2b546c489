#if canImport(Glibc)
    import Glibc
#endif

/// The one errno table: numbers, symbolic names and the C library's messages,
/// for every errno that V4L2 ioctls, ALSA, udev and file calls return here
/// (Linux numbering; the constants come from Glibc, so they match the host).
///
/// `name(_:)` gives `ENODEV` for 19 and `errno 123` for a number not in the
/// table; `message(_:)` gives the C library's text (`strerror`).
package enum Errno {
    package static let EPERM: Int32 = Glibc.EPERM
    package static let ENOENT: Int32 = Glibc.ENOENT
    package static let EINTR: Int32 = Glibc.EINTR
    package static let EIO: Int32 = Glibc.EIO
    package static let ENXIO: Int32 = Glibc.ENXIO
    package static let EAGAIN: Int32 = Glibc.EAGAIN
    package static let ENOMEM: Int32 = Glibc.ENOMEM
    package static let EACCES: Int32 = Glibc.EACCES
    package static let EFAULT: Int32 = Glibc.EFAULT
    package static let EBUSY: Int32 = Glibc.EBUSY
    package static let ENODEV: Int32 = Glibc.ENODEV
    package static let EINVAL: Int32 = Glibc.EINVAL
    package static let ENOSPC: Int32 = Glibc.ENOSPC
    package static let ENOTTY: Int32 = Glibc.ENOTTY
    package static let ERANGE: Int32 = Glibc.ERANGE
    package static let ENODATA: Int32 = Glibc.ENODATA
    package static let EPROTO: Int32 = Glibc.EPROTO
    package static let EOVERFLOW: Int32 = Glibc.EOVERFLOW
    package static let ENOMSG: Int32 = Glibc.ENOMSG
    package static let EPIPE: Int32 = Glibc.EPIPE
    package static let ETIMEDOUT: Int32 = Glibc.ETIMEDOUT

    /// Every errno named in messages: V4L2 (ioctls, mmap, poll), ALSA (snd_pcm_*,
    /// snd_ctl_*, which return negative errnos), udev and sysfs reads, and files.
    static let table: [(Int32, String)] = [
        (Glibc.EPERM, "EPERM"), (Glibc.ENOENT, "ENOENT"), (Glibc.ESRCH, "ESRCH"), (Glibc.EINTR, "EINTR"),
        (Glibc.EIO, "EIO"), (Glibc.ENXIO, "ENXIO"), (Glibc.E2BIG, "E2BIG"), (Glibc.EBADF, "EBADF"),
        (Glibc.EAGAIN, "EAGAIN"), (Glibc.ENOMEM, "ENOMEM"), (Glibc.EACCES, "EACCES"), (Glibc.EFAULT, "EFAULT"),
        (Glibc.EBUSY, "EBUSY"), (Glibc.EEXIST, "EEXIST"), (Glibc.EXDEV, "EXDEV"), (Glibc.ENODEV, "ENODEV"),
        (Glibc.ENOTDIR, "ENOTDIR"), (Glibc.EISDIR, "EISDIR"), (Glibc.EINVAL, "EINVAL"), (Glibc.ENFILE, "ENFILE"),
        (Glibc.EMFILE, "EMFILE"), (Glibc.ENOTTY, "ENOTTY"), (Glibc.EFBIG, "EFBIG"), (Glibc.ENOSPC, "ENOSPC"),
        (Glibc.ESPIPE, "ESPIPE"), (Glibc.EROFS, "EROFS"), (Glibc.EPIPE, "EPIPE"), (Glibc.ERANGE, "ERANGE"),
        (Glibc.EDEADLK, "EDEADLK"), (Glibc.ENAMETOOLONG, "ENAMETOOLONG"), (Glibc.ENOSYS, "ENOSYS"),
        (Glibc.ELOOP, "ELOOP"), (Glibc.ENOMSG, "ENOMSG"), (Glibc.ENODATA, "ENODATA"), (Glibc.ETIME, "ETIME"),
        (Glibc.EPROTO, "EPROTO"), (Glibc.EOVERFLOW, "EOVERFLOW"), (Glibc.EBADFD, "EBADFD"), (Glibc.ELIBACC, "ELIBACC"),
        (Glibc.ESTRPIPE, "ESTRPIPE"), (Glibc.EOPNOTSUPP, "EOPNOTSUPP"), (Glibc.ENOBUFS, "ENOBUFS"),
        (Glibc.ETIMEDOUT, "ETIMEDOUT"), (Glibc.ECONNREFUSED, "ECONNREFUSED"), (Glibc.EHOSTDOWN, "EHOSTDOWN"),
        (Glibc.ENOMEDIUM, "ENOMEDIUM"), (Glibc.ECANCELED, "ECANCELED"), (Glibc.ENOTRECOVERABLE, "ENOTRECOVERABLE"),
    ]

    /// `ENODEV` for 19; `errno 123` for numbers not in the table (a negative ALSA return is read as its errno).
    package static func name(_ e: Int32) -> String {
        let n = e < 0 ? -e : e
        return table.first { $0.0 == n }?.1 ?? "errno \(e)"
    }

    /// The C library's text for the number (`strerror`), e.g. "No such device".
    package static func message(_ e: Int32) -> String {
        guard let text = strerror(e < 0 ? -e : e) else { return "unknown error" }
        return String(cString: text)
    }

    /// "ENODEV (No such device)": the name and the text, as messages show them.
    package static func describe(_ e: Int32) -> String { "\(name(e)) (\(message(e)))" }

    /// 19 for `ENODEV`.
    package static func number(named n: String) -> Int32? { table.first { $0.1 == n }?.0 }
}
