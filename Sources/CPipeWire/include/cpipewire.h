#ifndef CPIPEWIRE_H
#define CPIPEWIRE_H
/* A one-shot reader of a PipeWire daemon's registry, for camprobe's PipeWire view.

   libpipewire-0.3 is loaded with dlopen(3) on the first call (never linked): camprobe runs unchanged where
   PipeWire is absent. Swift sees only this header; the implementation includes libpipewire-0.3-dev's headers
   (through the forwarders in pw/, scripts/dev/pipewire-forwarders.sh).

   cpw_read connects to a remote, collects every global of the registry (id, type, version, properties), and, when
   asked, every EnumFormat param of every node whose media.class is "Video/Source" (raw SPA POD bytes, parsed in
   Swift). Everything is bounded by the options: a daemon that never answers costs at most timeout_ms; huge
   property values, param lists and PODs are cut and counted, never trusted. */
#include <stddef.h>
#include <stdint.h>

typedef struct cpw_snapshot cpw_snapshot;

enum {
    CPW_OK = 0,
    CPW_NO_LIBRARY = 1, /* libpipewire-0.3.so.0 (or a symbol, or pw_init's plugins) could not be loaded */
    CPW_NO_DAEMON = 2,  /* nothing listens on the remote's socket (connect failed) */
    CPW_TIMEOUT = 3,    /* connected, but the registry did not settle within timeout_ms */
    CPW_FAILED = 4,     /* anything else (the error text says what) */
};

typedef struct {
    const char *remote;     /* NULL: libpipewire's default ($PIPEWIRE_REMOTE, else "pipewire-0" in $XDG_RUNTIME_DIR).
                               An absolute socket path is connected as given; any other name is libpipewire's to
                               resolve (in $PIPEWIRE_RUNTIME_DIR, else $XDG_RUNTIME_DIR), and there a set
                               $PIPEWIRE_REMOTE wins over it. */
    int timeout_ms;         /* the whole read, connect included */
    uint32_t max_objects;   /* globals kept; more are counted in cpw_dropped_objects */
    uint32_t max_props;     /* properties kept per global */
    uint32_t max_string;    /* bytes kept of each property key or value (longer ones are cut) */
    uint32_t max_params;    /* EnumFormat params kept per node */
    uint32_t max_pod;       /* bytes of one param POD; a larger one is dropped (counted as truncated) */
    int enum_formats;       /* 1: read EnumFormat of every Video/Source node */
} cpw_options;

/* Reads one snapshot. Returns a CPW_ status; on CPW_OK *out is set (free it with cpw_free). On any other status
   *out is NULL and error holds one line saying why (NUL-terminated, cut to error_len). Safe to call from any
   thread, one call at a time per thread; it blocks the calling thread for at most opts->timeout_ms (plus the
   first dlopen, and the short local setup and teardown of concurrent calls, which libpipewire needs serialized). */
int cpw_read(const cpw_options *opts, cpw_snapshot **out, char *error, size_t error_len);
void cpw_free(cpw_snapshot *s);

/* libpipewire's version (pw_get_library_version), "" before a successful load. */
const char *cpw_library_version(void);

/* The daemon: its core info (name "pipewire-0", version, cookie) as seen at connect time. */
const char *cpw_core_name(const cpw_snapshot *s);
const char *cpw_core_version(const cpw_snapshot *s);

/* Globals, in the order the registry announced them. Indices are 0..count-1; out of range gives 0 / NULL. */
uint32_t cpw_object_count(const cpw_snapshot *s);
uint32_t cpw_object_id(const cpw_snapshot *s, uint32_t i);
const char *cpw_object_type(const cpw_snapshot *s, uint32_t i); /* e.g. "PipeWire:Interface:Node" */
uint32_t cpw_object_version(const cpw_snapshot *s, uint32_t i);
uint32_t cpw_object_prop_count(const cpw_snapshot *s, uint32_t i);
const char *cpw_object_prop_key(const cpw_snapshot *s, uint32_t i, uint32_t k);
const char *cpw_object_prop_value(const cpw_snapshot *s, uint32_t i, uint32_t k);

/* EnumFormat params of a Video/Source node (0 for other globals). Each is the whole SPA POD (its 8-byte header
   included) as the daemon sent it; *size is its length in bytes. */
uint32_t cpw_object_param_count(const cpw_snapshot *s, uint32_t i);
const void *cpw_object_param(const cpw_snapshot *s, uint32_t i, uint32_t p, uint32_t *size);
/* 0 when the node's params were read to the end; else a negative errno the daemon answered for that node (e.g.
   -ENOENT when it vanished mid-read, or when the node has no EnumFormat of its own, only on its ports) or
   -ETIMEDOUT when timeout_ms ran out first (the read itself is then still CPW_OK). */
int cpw_object_param_result(const cpw_snapshot *s, uint32_t i);

/* What the bounds left out: globals beyond max_objects, and cut strings + dropped props/params/PODs. */
uint32_t cpw_dropped_objects(const cpw_snapshot *s);
uint32_t cpw_truncated(const cpw_snapshot *s);

/* ---- the watch: camera nodes coming and going, on a long-lived connection ------------------------------------ */

typedef struct cpw_watch cpw_watch;

enum {
    CPW_WATCH_NONE = 0,    /* timeout_ms passed with nothing new */
    CPW_WATCH_ADDED = 1,   /* a Video/Source node: *object is a snapshot of that one global (free it with cpw_free) */
    CPW_WATCH_REMOVED = 2, /* the Video/Source node *id went away */
    CPW_WATCH_SETTLED = 3, /* every node present at open has been announced (once, after the first sync) */
    CPW_WATCH_LOST = 4,    /* the daemon closed the connection (error says why); nothing follows: close the watch */
    CPW_WATCH_DROPPED = 5, /* *id events were dropped: the queue (opts->max_objects) was full */
};

/* Connects to the remote and follows its registry. Only Video/Source nodes are reported; opts->max_props and
   max_string bound each node's properties, max_objects the events queued and the nodes remembered; enum_formats
   and the param bounds are not used. Returns CPW_OK with *out set, or another CPW_ status with error set (CPW_FAILED
   also when another watch of this process is open: one at a time). The connect waits at most opts->timeout_ms for
   a concurrent cpw_read. */
int cpw_watch_open(const cpw_options *opts, cpw_watch **out, char *error, size_t error_len);
/* The next event, waiting at most timeout_ms for it (events already queued come at once). Call from one thread at a
   time. *id is set for ADDED, REMOVED and DROPPED; *object for ADDED only (else NULL). LOST is returned again on
   every later call. */
int cpw_watch_next(cpw_watch *w, int timeout_ms, uint32_t *id, cpw_snapshot **object, char *error, size_t error_len);
/* Disconnects and frees everything (the process's watch context stays, for the next watch). NULL is allowed. */
void cpw_watch_close(cpw_watch *w);

#endif
