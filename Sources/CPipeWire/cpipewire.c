/* A one-shot, bounded reader of a PipeWire daemon's registry (see include/cpipewire.h).

   libpipewire-0.3.so.0 is loaded with dlopen(3) once; only its exported functions are resolved (the PW_FUNCTIONS
   list). Everything else used here (pw_core_sync, pw_core_get_registry, pw_registry_bind, pw_node_enum_params,
   the *_add_listener of interfaces, spa_hook_remove, pw_loop_iterate…) is a static inline or macro of the headers
   that calls through the objects' method tables, so it needs no symbol (PW_FUNCTIONS is in cpipewire_internal.h).
   The headers are libpipewire-0.3-dev's, reached through the forwarders in pw/ (scripts/dev/pipewire-forwarders.sh).

   Reads share one pw_loop, driven by the calling thread itself with pw_loop_iterate and a deadline; every wait is
   bounded by opts->timeout_ms counted from the start of cpw_read. The one thread started is libpipewire's own: the
   context's data loop (pw_context_new always starts it, 0.3.65), once per process. */
#define _GNU_SOURCE /* pthread_mutex_clocklock */
#include "cpipewire_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <pipewire/context.h>
#include <pipewire/impl-module.h>
#include <pipewire/core.h>
#include <pipewire/keys.h>
#include <pipewire/log.h>
#include <pipewire/loop.h>
#include <pipewire/node.h>
#include <pipewire/pipewire.h>
#include <pipewire/properties.h>
#include <pipewire/proxy.h>
#include <spa/param/param.h>
#include <spa/pod/pod.h>
#include <spa/utils/dict.h>
#include <spa/utils/hook.h>

/* ---- the library ---------------------------------------------------------------------------------------------- */

cpw_library cpw_api;
static pthread_once_t once = PTHREAD_ONCE_INIT;
/* One loop and one context for the process, made by the first read and never destroyed: pw_context_destroy
   joins the context's data-loop thread, and that join was seen to hang for ever (the data loop never woke from
   epoll_wait to stop, libpipewire 0.3.65). Reads take cpw_read_lock for their whole length (libpipewire's loop and
   context are not thread-safe, and pw_context_connect asks getpwuid(3)); a read waits for another one only
   until its own deadline, then gives up with CPW_TIMEOUT. */
pthread_mutex_t cpw_read_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pw_loop *shared_loop;
static struct pw_context *shared_context;
static const char *library_version; /* set once, read with __atomic_load_n */

static void null_logv(void *object, enum spa_log_level level, const char *file, int line, const char *func,
                      const char *fmt, va_list args) {
    (void)object, (void)level, (void)file, (void)line, (void)func, (void)fmt, (void)args;
}
static void null_log(void *object, enum spa_log_level level, const char *file, int line, const char *func,
                     const char *fmt, ...) {
    (void)object, (void)level, (void)file, (void)line, (void)func, (void)fmt;
}
static const struct spa_log_methods null_log_methods = {.version = 0, .log = null_log, .logv = null_logv};
/* Installed before pw_init: pw_init then makes no logger of its own (libspa-support's, and where
   /run/systemd/journal/socket exists libspa-journal's, one more dlopen). */
static struct spa_log quiet_log = {
    .iface = {SPA_TYPE_INTERFACE_Log, SPA_VERSION_LOG, {&null_log_methods, NULL}},
    .level = SPA_LOG_LEVEL_NONE,
};

static void load_once(void) {
    void *h = dlopen("libpipewire-0.3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        snprintf(cpw_api.error, sizeof cpw_api.error, "%s", e ? e : "libpipewire-0.3.so.0 could not be loaded");
        return;
    }
#define PW_LOAD(name) \
    cpw_api.p_##name = (__typeof__(name) *)dlsym(h, #name); \
    if (!cpw_api.p_##name) { snprintf(cpw_api.error, sizeof cpw_api.error, "libpipewire-0.3.so.0 has no %s", #name); return; }
    PW_FUNCTIONS(PW_LOAD)
#undef PW_LOAD
    /* libpipewire logs connection failures and the like to stderr at its default level; cpw_read reports them in
       its error text instead. PIPEWIRE_DEBUG, when set, keeps its meaning. */
    void (*set_log)(struct spa_log *) = (void (*)(struct spa_log *))dlsym(h, "pw_log_set");
    if (set_log && !getenv("PIPEWIRE_DEBUG")) set_log(&quiet_log);
    cpw_api.p_pw_init(NULL, NULL);
    if (!getenv("PIPEWIRE_DEBUG")) cpw_api.p_pw_log_set_level(SPA_LOG_LEVEL_NONE);
    const char *v = cpw_api.p_pw_get_library_version();
    __atomic_store_n(&library_version, v ? v : "", __ATOMIC_RELEASE);
    cpw_api.ok = 1;
}

const cpw_library *cpw_load(void) {
    pthread_once(&once, load_once);
    return &cpw_api;
}

const char *cpw_library_version(void) {
    const char *v = __atomic_load_n(&library_version, __ATOMIC_ACQUIRE);
    return v ? v : "";
}

/* A context for reading only. No client.conf: besides protocol-native it loads five modules a registry read never
   uses (client-node, client-device, adapter, metadata, session-manager), each a dlopen; config.name "null" loads no
   config file, and the one module a client needs to talk to the daemon is loaded here. Where that is refused, the
   default context. support.dbus false: the context would load libspa-dbus, and with it libdbus-1, libsystemd,
   libgcrypt and five more libraries, for a session bus a registry read never uses. Never destroyed (see above). */
struct pw_context *cpw_new_context(struct pw_loop *loop) {
    struct spa_dict_item items[] = {
        SPA_DICT_ITEM_INIT(PW_KEY_CONFIG_NAME, "null"),
        SPA_DICT_ITEM_INIT("support.dbus", "false"),
    };
    struct spa_dict dict = SPA_DICT_INIT(items, 2);
    struct pw_properties *cprops = cpw_api.p_pw_properties_new_dict(&dict);
    struct pw_context *context = cprops ? cpw_api.p_pw_context_new(loop, cprops, 0) : NULL; /* takes cprops */
    if (context && !cpw_api.p_pw_context_load_module(context, "libpipewire-module-protocol-native", NULL, NULL)) {
        context = NULL; /* left, not destroyed: pw_context_destroy may hang (above); once per process */
    }
    return context ? context : cpw_api.p_pw_context_new(loop, NULL, 0);
}

struct pw_core *cpw_connect(struct pw_context *context, const char *remote, int *status, char *error, size_t error_len) {
    *status = CPW_FAILED;
    struct pw_properties *props = NULL;
    if (remote) {
        struct spa_dict_item item = SPA_DICT_ITEM_INIT(PW_KEY_REMOTE_NAME, remote);
        struct spa_dict dict = SPA_DICT_INIT(&item, 1);
        props = cpw_api.p_pw_properties_new_dict(&dict);
        if (!props) {
            snprintf(error, error_len, "out of memory");
            return NULL;
        }
    }
    if (!remote || remote[0] != '/') {
        struct pw_core *core = cpw_api.p_pw_context_connect(context, props, 0); /* takes props, also on failure */
        if (!core) {
            int e = errno;
            snprintf(error, error_len, "cannot connect to PipeWire remote %s: %s", remote ? remote : "(default)",
                     strerror(e));
            *status = CPW_NO_DAEMON;
        }
        return core;
    }
    /* An absolute socket path is connected here: libpipewire would let $PIPEWIRE_REMOTE override it. */
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    size_t len = strlen(remote);
    if (len >= sizeof addr.sun_path) {
        if (props) cpw_api.p_pw_properties_free(props);
        snprintf(error, error_len, "PipeWire remote %s: socket path too long", remote);
        *status = CPW_NO_DAEMON;
        return NULL;
    }
    memcpy(addr.sun_path, remote, len + 1);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0 || connect(fd, (const struct sockaddr *)&addr, sizeof addr) < 0) {
        int e = errno;
        if (fd >= 0) close(fd);
        if (props) cpw_api.p_pw_properties_free(props);
        snprintf(error, error_len, "cannot connect to PipeWire remote %s: %s", remote, strerror(e));
        *status = CPW_NO_DAEMON;
        return NULL;
    }
    struct pw_core *core = cpw_api.p_pw_context_connect_fd(context, fd, props, 0); /* takes fd and props, also on failure */
    if (!core) snprintf(error, error_len, "cannot connect to PipeWire remote %s: %s", remote, strerror(errno));
    return core;
}

/* ---- the snapshot --------------------------------------------------------------------------------------------- */

/* Strings the daemon names that no bound applies to (types, core name and version) are still cut here. */

void cpw_object_free(cpw_object *o) {
    free(o->type);
    for (uint32_t k = 0; k < o->prop_count; k++) {
        free(o->keys[k]);
        free(o->values[k]);
    }
    free(o->keys);
    free(o->values);
    for (uint32_t p = 0; p < o->param_count; p++) free(o->params[p]);
    free(o->params);
    free(o->param_sizes);
}

void cpw_free(cpw_snapshot *s) {
    if (!s) return;
    for (uint32_t i = 0; i < s->count; i++) cpw_object_free(&s->objects[i]);
    free(s->objects);
    free(s->core_name);
    free(s->core_version);
    free(s);
}

static const cpw_object *object_at(const cpw_snapshot *s, uint32_t i) {
    return s && i < s->count ? &s->objects[i] : NULL;
}

const char *cpw_core_name(const cpw_snapshot *s) { return s && s->core_name ? s->core_name : ""; }
const char *cpw_core_version(const cpw_snapshot *s) { return s && s->core_version ? s->core_version : ""; }
uint32_t cpw_object_count(const cpw_snapshot *s) { return s ? s->count : 0; }
uint32_t cpw_object_id(const cpw_snapshot *s, uint32_t i) {
    const cpw_object *o = object_at(s, i);
    return o ? o->id : 0;
}
const char *cpw_object_type(const cpw_snapshot *s, uint32_t i) {
    const cpw_object *o = object_at(s, i);
    return o ? o->type : NULL;
}
uint32_t cpw_object_version(const cpw_snapshot *s, uint32_t i) {
    const cpw_object *o = object_at(s, i);
    return o ? o->version : 0;
}
uint32_t cpw_object_prop_count(const cpw_snapshot *s, uint32_t i) {
    const cpw_object *o = object_at(s, i);
    return o ? o->prop_count : 0;
}
const char *cpw_object_prop_key(const cpw_snapshot *s, uint32_t i, uint32_t k) {
    const cpw_object *o = object_at(s, i);
    return o && k < o->prop_count ? o->keys[k] : NULL;
}
const char *cpw_object_prop_value(const cpw_snapshot *s, uint32_t i, uint32_t k) {
    const cpw_object *o = object_at(s, i);
    return o && k < o->prop_count ? o->values[k] : NULL;
}
uint32_t cpw_object_param_count(const cpw_snapshot *s, uint32_t i) {
    const cpw_object *o = object_at(s, i);
    return o ? o->param_count : 0;
}
const void *cpw_object_param(const cpw_snapshot *s, uint32_t i, uint32_t p, uint32_t *size) {
    const cpw_object *o = object_at(s, i);
    if (!o || p >= o->param_count) {
        if (size) *size = 0;
        return NULL;
    }
    if (size) *size = o->param_sizes[p];
    return o->params[p];
}
int cpw_object_param_result(const cpw_snapshot *s, uint32_t i) {
    const cpw_object *o = object_at(s, i);
    return o ? o->param_result : 0;
}
uint32_t cpw_dropped_objects(const cpw_snapshot *s) { return s ? s->dropped : 0; }
uint32_t cpw_truncated(const cpw_snapshot *s) { return s ? s->truncated : 0; }

/* ---- the read ------------------------------------------------------------------------------------------------- */

typedef struct reader reader;

/* One bound Video/Source node whose EnumFormat params are being read. */
typedef struct {
    reader *r;
    uint32_t index; /* in the snapshot's objects */
    struct pw_proxy *proxy;
    struct spa_hook node_listener, proxy_listener;
    int sync_seq; /* the pw_core_sync sent after its enum_params */
    uint32_t capacity; /* of the object's params and param_sizes */
    int done;
} node_read;

struct reader {
    const cpw_options *opts;
    cpw_snapshot *s;
    int failed; /* out of memory, or a fatal core error */
    char error[256];
    struct pw_core *core;
    struct spa_hook core_listener;
    int have_core_listener;
    struct pw_registry *registry;
    struct spa_hook registry_listener;
    int have_registry_listener;
    int registry_seq, registry_done;
    node_read *nodes;
    uint32_t node_count, nodes_pending;
};

static void fail(reader *r, const char *fmt, ...) {
    if (r->failed) return;
    r->failed = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->error, sizeof r->error, fmt, ap);
    va_end(ap);
}

char *cpw_copy_cut(const char *v, uint32_t max, uint32_t *truncated) {
    if (!v) v = "";
    size_t n = strnlen(v, (size_t)max + 1);
    if (n > max) {
        n = max;
        while (n > 0 && ((unsigned char)v[n] & 0xC0) == 0x80) n--;
        (*truncated)++;
    }
    char *c = malloc(n + 1);
    if (!c) return NULL;
    memcpy(c, v, n);
    c[n] = '\0';
    return c;
}

/* cpw_copy_cut for the read: a cut counts in the snapshot's truncated, no memory fails the read. */
static char *copy_bounded(reader *r, const char *v, uint32_t max) {
    char *c = cpw_copy_cut(v, max, &r->s->truncated);
    if (!c) fail(r, "out of memory");
    return c;
}

static void on_core_info(void *data, const struct pw_core_info *info) {
    reader *r = data;
    if (!info) return;
    if (!r->s->core_name && info->name) r->s->core_name = copy_bounded(r, info->name, CPW_MAX_NAME);
    if (!r->s->core_version && info->version) r->s->core_version = copy_bounded(r, info->version, CPW_MAX_NAME);
}

static void on_core_done(void *data, uint32_t id, int seq) {
    reader *r = data;
    if (id != PW_ID_CORE) return;
    if (!r->registry_done && seq == r->registry_seq) {
        r->registry_done = 1;
        return;
    }
    for (uint32_t n = 0; n < r->node_count; n++) {
        node_read *nr = &r->nodes[n];
        if (!nr->done && nr->sync_seq == seq) {
            nr->done = 1;
            r->nodes_pending--;
        }
    }
}

static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    (void)seq;
    reader *r = data;
    /* Errors for a bound node's proxy arrive on that proxy too (on_node_error); only the core's own are fatal. */
    if (id != PW_ID_CORE) return;
    fail(r, "PipeWire core error %d (%s): %s", res, strerror(res < 0 ? -res : res), message ? message : "");
}

static const struct pw_core_events core_events = {
    .version = PW_VERSION_CORE_EVENTS,
    .info = on_core_info,
    .done = on_core_done,
    .error = on_core_error,
};

static void on_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                      const struct spa_dict *props) {
    (void)permissions;
    reader *r = data;
    cpw_snapshot *s = r->s;
    if (r->failed) return;
    if (s->count >= r->opts->max_objects) {
        s->dropped++;
        return;
    }
    if (s->count == s->capacity) {
        uint32_t cap = s->capacity == 0 ? 32 : s->capacity > UINT32_MAX / 2 ? UINT32_MAX : s->capacity * 2;
        if (cap > r->opts->max_objects) cap = r->opts->max_objects;
        cpw_object *grown = realloc(s->objects, (size_t)cap * sizeof *grown);
        if (!grown) {
            fail(r, "out of memory");
            return;
        }
        s->objects = grown;
        s->capacity = cap;
    }
    cpw_object *o = &s->objects[s->count++];
    memset(o, 0, sizeof *o);
    o->id = id;
    o->version = version;
    o->type = copy_bounded(r, type, CPW_MAX_NAME);
    const char *media_class = props ? spa_dict_lookup(props, PW_KEY_MEDIA_CLASS) : NULL;
    o->video_source = type && strcmp(type, PW_TYPE_INTERFACE_Node) == 0 && media_class &&
                      strcmp(media_class, "Video/Source") == 0;
    uint32_t n = props ? props->n_items : 0;
    uint32_t keep = n < r->opts->max_props ? n : r->opts->max_props;
    s->truncated += n - keep;
    if (keep > 0) {
        o->keys = calloc(keep, sizeof *o->keys);
        o->values = calloc(keep, sizeof *o->values);
        if (!o->keys || !o->values) {
            fail(r, "out of memory");
            return;
        }
        for (uint32_t k = 0; k < keep; k++) {
            o->keys[k] = copy_bounded(r, props->items[k].key, r->opts->max_string);
            o->values[k] = copy_bounded(r, props->items[k].value, r->opts->max_string);
            o->prop_count = k + 1; /* both set (or NULL after a failure): cpw_free frees them */
        }
    }
}

static const struct pw_registry_events registry_events = {
    .version = PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
};

static void on_node_param(void *data, int seq, uint32_t id, uint32_t index, uint32_t next,
                          const struct spa_pod *param) {
    (void)seq, (void)index, (void)next;
    node_read *nr = data;
    reader *r = nr->r;
    cpw_object *o = &r->s->objects[nr->index];
    if (id != SPA_PARAM_EnumFormat || !param || r->failed) return;
    uint32_t size = SPA_POD_SIZE(param);
    if (o->param_count >= r->opts->max_params || size > r->opts->max_pod) {
        r->s->truncated++;
        return;
    }
    if (o->param_count == nr->capacity) {
        uint32_t cap = nr->capacity == 0 ? 8 : nr->capacity > UINT32_MAX / 2 ? UINT32_MAX : nr->capacity * 2;
        if (cap > r->opts->max_params) cap = r->opts->max_params;
        void **params = realloc(o->params, (size_t)cap * sizeof *params);
        if (params) o->params = params;
        uint32_t *sizes = realloc(o->param_sizes, (size_t)cap * sizeof *sizes);
        if (sizes) o->param_sizes = sizes;
        if (!params || !sizes) {
            fail(r, "out of memory");
            return;
        }
        nr->capacity = cap;
    }
    void *copy = malloc(size);
    if (!copy) {
        fail(r, "out of memory");
        return;
    }
    memcpy(copy, param, size);
    o->params[o->param_count] = copy;
    o->param_sizes[o->param_count] = size;
    o->param_count++;
}

/* The node's own properties (its info event, sent when bound): the registry's global properties are a subset
   (no api.v4l2.path, device.api, api.libcamera.path…); keys not there yet are appended, within max_props. */
static void on_node_info(void *data, const struct pw_node_info *info) {
    node_read *nr = data;
    reader *r = nr->r;
    if (!info || !info->props || r->failed) return;
    cpw_object *o = &r->s->objects[nr->index];
    const struct spa_dict *d = info->props;
    for (uint32_t i = 0; i < d->n_items; i++) {
        const char *key = d->items[i].key;
        if (!key) continue;
        int known = 0;
        for (uint32_t k = 0; k < o->prop_count && !known; k++) known = o->keys[k] && strncmp(o->keys[k], key, r->opts->max_string) == 0;
        if (known) continue;
        if (o->prop_count >= r->opts->max_props) {
            r->s->truncated++;
            continue;
        }
        char **keys = realloc(o->keys, (size_t)(o->prop_count + 1) * sizeof *keys);
        if (keys) o->keys = keys;
        char **values = realloc(o->values, (size_t)(o->prop_count + 1) * sizeof *values);
        if (values) o->values = values;
        if (!keys || !values) {
            fail(r, "out of memory");
            return;
        }
        o->keys[o->prop_count] = copy_bounded(r, key, r->opts->max_string);
        o->values[o->prop_count] = copy_bounded(r, d->items[i].value, r->opts->max_string);
        o->prop_count++;
    }
}

static const struct pw_node_events node_events = {
    .version = PW_VERSION_NODE_EVENTS,
    .info = on_node_info,
    .param = on_node_param,
};

static void on_node_error(void *data, int seq, int res, const char *message) {
    (void)seq, (void)message;
    node_read *nr = data;
    cpw_object *o = &nr->r->s->objects[nr->index];
    if (o->param_result == 0) o->param_result = res < 0 ? res : -EIO;
    if (!nr->done) {
        nr->done = 1;
        nr->r->nodes_pending--;
    }
}

static const struct pw_proxy_events node_proxy_events = {
    .version = PW_VERSION_PROXY_EVENTS,
    .error = on_node_error,
};

/* Binds every kept Video/Source node and asks for its EnumFormat params, each followed by a core sync. */
static void start_enum_formats(reader *r) {
    cpw_snapshot *s = r->s;
    uint32_t wanted = 0;
    for (uint32_t i = 0; i < s->count; i++) wanted += s->objects[i].video_source ? 1 : 0;
    if (wanted == 0) return;
    r->nodes = calloc(wanted, sizeof *r->nodes);
    if (!r->nodes) {
        fail(r, "out of memory");
        return;
    }
    for (uint32_t i = 0; i < s->count; i++) {
        cpw_object *o = &s->objects[i];
        if (!o->video_source) continue;
        errno = 0;
        uint32_t version = o->version < PW_VERSION_NODE ? o->version : PW_VERSION_NODE;
        struct pw_node *node = pw_registry_bind(r->registry, o->id, PW_TYPE_INTERFACE_Node, version, 0);
        if (!node) {
            o->param_result = errno ? -errno : -EIO;
            continue;
        }
        node_read *nr = &r->nodes[r->node_count++];
        nr->r = r;
        nr->index = i;
        nr->proxy = (struct pw_proxy *)node;
        cpw_api.p_pw_proxy_add_listener(nr->proxy, &nr->proxy_listener, &node_proxy_events, nr);
        pw_node_add_listener(node, &nr->node_listener, &node_events, nr);
        pw_node_enum_params(node, 1, SPA_PARAM_EnumFormat, 0, r->opts->max_params, NULL);
        nr->sync_seq = pw_core_sync(r->core, PW_ID_CORE, 0);
        r->nodes_pending++;
    }
}

int64_t cpw_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Runs the loop until *flag is set, the read failed, or the deadline passed (then 0). */
static int run_until(reader *r, struct pw_loop *loop, const int *flag, const uint32_t *pending, int64_t deadline) {
    for (;;) {
        if (r->failed) return 0;
        if (flag && *flag) return 1;
        if (pending && *pending == 0) return 1;
        int64_t left = deadline - cpw_now_ms();
        if (left <= 0) return 0;
        int res = pw_loop_iterate(loop, left > INT32_MAX ? INT32_MAX : (int)left);
        if (res < 0 && res != -EINTR && res != -EAGAIN) {
            fail(r, "PipeWire loop failed: %s", strerror(-res));
            return 0;
        }
    }
}

/* Waits for the lock until `deadline` on the monotonic clock (pthread_mutex_clocklock, glibc 2.30): a wall-clock
   step neither cuts nor stretches the bound. */
int cpw_lock_until(pthread_mutex_t *lock, int64_t deadline) {
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    int64_t wait_ms = deadline - cpw_now_ms();
    if (wait_ms < 0) wait_ms = 0;
    until.tv_sec += wait_ms / 1000;
    until.tv_nsec += (wait_ms % 1000) * 1000000;
    if (until.tv_nsec >= 1000000000) until.tv_sec++, until.tv_nsec -= 1000000000;
    return pthread_mutex_clocklock(lock, CLOCK_MONOTONIC, &until) == 0;
}

static void set_error(char *error, size_t error_len, const char *text) {
    if (error && error_len > 0) snprintf(error, error_len, "%s", text);
}

int cpw_read(const cpw_options *opts, cpw_snapshot **out, char *error, size_t error_len) {
    int64_t deadline = cpw_now_ms() + (opts && opts->timeout_ms > 0 ? opts->timeout_ms : 0);
    if (out) *out = NULL;
    set_error(error, error_len, "");
    if (!opts || !out) {
        set_error(error, error_len, "cpw_read: no options or no out pointer");
        return CPW_FAILED;
    }
    if (!cpw_load()->ok) {
        set_error(error, error_len, cpw_api.error);
        return CPW_NO_LIBRARY;
    }

    int status = CPW_FAILED;
    reader r = {.opts = opts};
    r.s = calloc(1, sizeof *r.s);
    if (!r.s) {
        set_error(error, error_len, "out of memory");
        return CPW_FAILED;
    }
    if (!cpw_lock_until(&cpw_read_lock, deadline)) {
        set_error(error, error_len, "another PipeWire read in this process did not finish within the bound");
        cpw_free(r.s);
        return CPW_TIMEOUT;
    }
    if (!shared_loop) {
        shared_loop = cpw_api.p_pw_loop_new(NULL);
        if (!shared_loop) {
            int e = errno;
            snprintf(r.error, sizeof r.error, "pw_loop_new failed (are libspa-0.2's support plugins installed?): %s",
                     strerror(e));
            status = e == ENOENT || e == ENOTSUP ? CPW_NO_LIBRARY : CPW_FAILED;
            goto done;
        }
    }
    if (!shared_context) {
        shared_context = cpw_new_context(shared_loop);
        if (!shared_context) {
            snprintf(r.error, sizeof r.error, "pw_context_new failed: %s", strerror(errno));
            goto done;
        }
    }
    struct pw_loop *loop = shared_loop;
    struct pw_context *context = shared_context;
    r.core = cpw_connect(context, opts->remote, &status, r.error, sizeof r.error);
    if (!r.core) goto done;
    pw_core_add_listener(r.core, &r.core_listener, &core_events, &r);
    r.have_core_listener = 1;
    r.registry = pw_core_get_registry(r.core, PW_VERSION_REGISTRY, 0);
    if (!r.registry) {
        snprintf(r.error, sizeof r.error, "pw_core_get_registry failed: %s", strerror(errno));
        goto done;
    }
    pw_registry_add_listener(r.registry, &r.registry_listener, &registry_events, &r);
    r.have_registry_listener = 1;
    r.registry_seq = pw_core_sync(r.core, PW_ID_CORE, 0);

    pw_loop_enter(loop);
    int settled = run_until(&r, loop, &r.registry_done, NULL, deadline);
    if (settled && opts->enum_formats) {
        start_enum_formats(&r);
        if (r.node_count > 0) run_until(&r, loop, NULL, &r.nodes_pending, deadline);
    }
    pw_loop_leave(loop);

    if (r.failed) goto done;
    if (!settled) {
        snprintf(r.error, sizeof r.error, "PipeWire remote %s did not answer within %d ms",
                 opts->remote ? opts->remote : "(default)", opts->timeout_ms);
        status = CPW_TIMEOUT;
        goto done;
    }
    for (uint32_t n = 0; n < r.node_count; n++) {
        cpw_object *o = &r.s->objects[r.nodes[n].index];
        if (!r.nodes[n].done && o->param_result == 0) o->param_result = -ETIMEDOUT;
    }
    status = CPW_OK;

done:
    for (uint32_t n = 0; n < r.node_count; n++) {
        spa_hook_remove(&r.nodes[n].node_listener);
        spa_hook_remove(&r.nodes[n].proxy_listener);
        cpw_api.p_pw_proxy_destroy(r.nodes[n].proxy);
    }
    free(r.nodes);
    if (r.have_registry_listener) spa_hook_remove(&r.registry_listener);
    if (r.registry) cpw_api.p_pw_proxy_destroy((struct pw_proxy *)r.registry);
    if (r.have_core_listener) spa_hook_remove(&r.core_listener);
    if (r.core) cpw_api.p_pw_core_disconnect(r.core);
    pthread_mutex_unlock(&cpw_read_lock);
    if (status == CPW_OK) {
        *out = r.s;
    } else {
        set_error(error, error_len, r.error[0] ? r.error : "PipeWire read failed");
        cpw_free(r.s);
    }
    return status;
}
